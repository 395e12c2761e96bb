// Rate limits (docs/decisions/0035): named limits, each a count per fixed window, kept in
// PostgreSQL so that every process shares the count. An attempt past a limit is refused with
// 429 too_many_requests and the seconds until its window ends (the HTTP edge sends them as
// Retry-After). A fixed window is one row and one atomic upsert per key; its price, up to
// twice the count across a window's edge, is allowed for in the thresholds.
import { lt, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import { AppError } from "../errors.ts";

export interface LimitRule {
  max: number;
  windowSeconds: number;
}

/** The settings each limit comes from (server/config.ts); null: that limit is off. */
const SETTINGS = {
  codesPerCart: "RATE_LIMIT_CODES_PER_CART",
  codesPerAddress: "RATE_LIMIT_CODES_PER_ADDRESS",
  cartsPerAddress: "RATE_LIMIT_CARTS_PER_ADDRESS",
  unknownCartsPerAddress: "RATE_LIMIT_UNKNOWN_CARTS_PER_ADDRESS",
  registrationsPerAddress: "RATE_LIMIT_REGISTRATIONS_PER_ADDRESS",
  passwordResetsPerAddress: "RATE_LIMIT_PASSWORD_RESETS_PER_ADDRESS",
  passwordResetsPerEmail: "RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL",
  loginsPerAddress: "RATE_LIMIT_LOGINS_PER_ADDRESS",
  searchesPerAddress: "RATE_LIMIT_SEARCHES_PER_ADDRESS",
  orderLookupsPerAddress: "RATE_LIMIT_ORDER_LOOKUPS_PER_ADDRESS",
} as const satisfies Record<string, keyof Config>;

export type LimitName = keyof typeof SETTINGS;
export type LimitRules = Record<LimitName, LimitRule | null>;
export type RateLimitSettings = Partial<Pick<Config, (typeof SETTINGS)[LimitName]>>;

/** The thresholds of docs/decisions/0035, where a setting does not say otherwise. */
export const DEFAULT_LIMITS: LimitRules = {
  codesPerCart: { max: 10, windowSeconds: 600 },
  codesPerAddress: { max: 30, windowSeconds: 600 },
  cartsPerAddress: { max: 60, windowSeconds: 3600 },
  unknownCartsPerAddress: { max: 100, windowSeconds: 600 },
  registrationsPerAddress: { max: 10, windowSeconds: 3600 },
  passwordResetsPerAddress: { max: 10, windowSeconds: 3600 },
  passwordResetsPerEmail: { max: 5, windowSeconds: 3600 },
  // Issue 36: each login attempt is a deliberate scrypt hash, each search a ranked query.
  loginsPerAddress: { max: 30, windowSeconds: 600 },
  searchesPerAddress: { max: 120, windowSeconds: 60 },
  // Issue 38: an order's number, email and postcode are guessed at; a shopper needs a few tries.
  orderLookupsPerAddress: { max: 10, windowSeconds: 600 },
};

export function limitRules(config: RateLimitSettings): LimitRules {
  const rules = { ...DEFAULT_LIMITS };
  for (const [name, setting] of Object.entries(SETTINGS) as [LimitName, (typeof SETTINGS)[LimitName]][]) {
    if (config[setting] !== undefined) rules[name] = config[setting];
  }
  return rules;
}

/** One attempt: the limit it counts under and whose it is (a client address, a cart id, an email). */
export type Attempt = readonly [LimitName, string | null | undefined];

export const tooManyRequests = (seconds: number) =>
  new AppError(429, "too_many_requests", { params: { seconds: Math.max(1, Math.ceil(seconds)) } });

/** Blocked subjects kept in one process at most; past it the oldest go (the database still counts them). */
const MAX_BLOCKED = 10_000;

export function createRateLimits({ db, rules, clock = Date.now }: { db: Db; rules: LimitRules; clock?: () => number }) {
  /**
   * Counts the attempts (one upsert for all of them) and answers the longest wait among the
   * limits they passed, in seconds; 0 when none is past its limit.
   */
  async function count(attempts: readonly Attempt[]): Promise<number> {
    const now = clock();
    const rows = new Map<string, { windowStart: Date; windowEnd: Date; max: number }>();
    for (const [name, subject] of attempts) {
      const rule = rules[name];
      // No subject (an internal call, not a client's request) or the limit is off: nothing to count.
      if (!rule || !subject) continue;
      const windowMs = rule.windowSeconds * 1000;
      const start = Math.floor(now / windowMs) * windowMs;
      rows.set(`${name}:${subject}`, { windowStart: new Date(start), windowEnd: new Date(start + windowMs), max: rule.max });
    }
    if (rows.size === 0) return 0;
    const counted = await db
      .insert(rateLimits)
      // In key order: two requests counting the same keys lock them in the same order (no deadlock).
      .values(
        [...rows]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, row]) => ({ key, windowStart: row.windowStart, windowEnd: row.windowEnd, count: 1 })),
      )
      .onConflictDoUpdate({
        target: rateLimits.key,
        // The same window: one more. A newer one starts at 1. An older one (a process whose
        // clock is behind) counts in the window the row already has.
        set: {
          count: sql`CASE WHEN ${rateLimits.windowStart} >= excluded.window_start THEN ${rateLimits.count} + 1 ELSE 1 END`,
          windowStart: sql`GREATEST(${rateLimits.windowStart}, excluded.window_start)`,
          windowEnd: sql`GREATEST(${rateLimits.windowEnd}, excluded.window_end)`,
        },
      })
      .returning({ key: rateLimits.key, count: rateLimits.count, windowEnd: rateLimits.windowEnd });
    let wait = 0;
    for (const row of counted) {
      const rule = rows.get(row.key);
      if (rule && row.count > rule.max) wait = Math.max(wait, (row.windowEnd.getTime() - now) / 1000);
    }
    return wait;
  }

  return {
    rules,

    /** Counts one attempt under each limit; past any of them the attempt is refused (429). */
    async take(...attempts: Attempt[]): Promise<void> {
      const wait = await count(attempts);
      if (wait > 0) throw tooManyRequests(wait);
    },

    /**
     * A limit on failures that are cheap to try and must stop before the next try is
     * answered (guessed cart ids): `check` refuses a blocked subject without a query, so
     * the requests that succeed cost nothing; `fail` counts a failure in the database and,
     * past the limit, blocks the subject in this process until the window ends and refuses.
     * Another process learns of it at that subject's next failure there, so all of them
     * together let through at most one more failure each.
     */
    failures(name: LimitName) {
      const blocked = new Map<string, number>();
      const waitOf = (subject: string) => {
        const until = blocked.get(subject);
        if (until === undefined) return 0;
        if (until > clock()) return (until - clock()) / 1000;
        blocked.delete(subject);
        return 0;
      };
      return {
        check(subject: string | null | undefined) {
          const wait = subject ? waitOf(subject) : 0;
          if (wait > 0) throw tooManyRequests(wait);
        },
        async fail(subject: string | null | undefined) {
          if (!subject) return;
          const wait = await count([[name, subject]]);
          if (wait <= 0) return;
          blocked.delete(subject);
          blocked.set(subject, clock() + wait * 1000);
          for (const oldest of blocked.keys()) {
            if (blocked.size <= MAX_BLOCKED) break;
            blocked.delete(oldest);
          }
          throw tooManyRequests(wait);
        },
      };
    },

    /** Drops the counts of windows that have ended. */
    async deleteExpired(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.windowEnd, new Date(clock())));
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
