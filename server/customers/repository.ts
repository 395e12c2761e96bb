// Customer account queries (docs/decisions/0014). Every function runs on the executor it was
// made with: the pool for reads, the caller's transaction for a write and its outbox message.
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { LOGIN_DEVICE_SECONDS } from "../../lib/cookies.ts";
import { authTokens, type CustomerRow, customers, customerTokens, loginDevices, newsletterSubscribers, throttles } from "../db/schema.ts";

/** The pool or a transaction. */
export type AccountExecutor = Pick<Db, "select" | "insert" | "update" | "delete" | "execute" | "_">;

export type TokenKind = "confirm" | "reset";

/** A customer as the shop knows it (no password hash), with its newsletter state. */
export interface Customer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  storeCode: string;
  confirmedAt: Date | null;
  isSubscribed: boolean;
  createdAt: Date;
  /** The engagement service's key for the customer (voyado_customer_key). */
  engagementKey: string;
}

const subscribed = sql<boolean>`EXISTS (SELECT 1 FROM ${newsletterSubscribers} WHERE lower(${newsletterSubscribers.email}) = lower(${customers.email}))`;

const customerColumns = {
  id: customers.id,
  email: customers.email,
  firstname: customers.firstname,
  lastname: customers.lastname,
  storeCode: customers.storeCode,
  confirmedAt: customers.confirmedAt,
  isSubscribed: subscribed,
  createdAt: customers.createdAt,
  engagementKey: customers.engagementKey,
};

export function customerQueries(q: AccountExecutor) {
  return {
    /** The new customer's id, or null when the address is taken (in any case). */
    async insertCustomer(row: { email: string; firstname: string; lastname: string; passwordHash: string; storeCode: string }) {
      const [inserted] = await q.insert(customers).values(row).onConflictDoNothing().returning({ id: customers.id });
      return inserted?.id ?? null;
    },

    async customerByEmail(email: string): Promise<CustomerRow | undefined> {
      const [row] = await q.select().from(customers).where(sql`lower(${customers.email}) = lower(${email})`);
      return row;
    },

    async customerById(id: number): Promise<Customer | undefined> {
      const [row] = await q.select(customerColumns).from(customers).where(eq(customers.id, id));
      return row;
    },

    async setPassword(customerId: number, passwordHash: string, at: Date) {
      await q.update(customers).set({ passwordHash, updatedAt: at }).where(eq(customers.id, customerId));
    },

    /** Marks the customer confirmed (once: the first confirmation's time stays). */
    async confirm(customerId: number, at: Date) {
      await q
        .update(customers)
        .set({ confirmedAt: sql`coalesce(${customers.confirmedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at })
        .where(eq(customers.id, customerId));
    },

    async insertToken(row: { customerId: number; kind: TokenKind; tokenHash: string; createdAt: Date; expiresAt: Date }) {
      await q.insert(customerTokens).values(row);
    },

    /** The unused-or-used token of a customer by its hash, locked for this transaction. */
    async lockToken(customerId: number, kind: TokenKind, tokenHash: string) {
      const [row] = await q
        .select()
        .from(customerTokens)
        .where(and(eq(customerTokens.customerId, customerId), eq(customerTokens.kind, kind), eq(customerTokens.tokenHash, tokenHash)))
        .for("update");
      return row;
    },

    async tokenByHash(tokenHash: string) {
      const [row] = await q.select().from(customerTokens).where(eq(customerTokens.tokenHash, tokenHash));
      return row;
    },

    /** Whether an unused key of a kind was made since a time. */
    async hasOpenToken(customerId: number, kind: TokenKind, since: Date) {
      const rows = await q
        .select({ id: customerTokens.id })
        .from(customerTokens)
        .where(
          and(
            eq(customerTokens.customerId, customerId),
            eq(customerTokens.kind, kind),
            isNull(customerTokens.usedAt),
            gt(customerTokens.createdAt, since),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Uses up every open token of a kind (the one just used, and older links of the same kind). */
    async spendTokens(customerId: number, kind: TokenKind, at: Date) {
      await q
        .update(customerTokens)
        .set({ usedAt: at })
        .where(and(eq(customerTokens.customerId, customerId), eq(customerTokens.kind, kind), isNull(customerTokens.usedAt)));
    },

    async insertSession(row: { customerId: number; tokenHash: string; createdAt: Date; expiresAt: Date }) {
      await q.insert(authTokens).values(row);
    },

    /** The customer a live session token belongs to. */
    async customerBySession(tokenHash: string, now: Date): Promise<Customer | undefined> {
      const [row] = await q
        .select(customerColumns)
        .from(authTokens)
        .innerJoin(customers, eq(customers.id, authTokens.customerId))
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)));
      return row;
    },

    async revokeSession(tokenHash: string, at: Date) {
      await q
        .update(authTokens)
        .set({ revokedAt: at })
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)));
    },

    /** Ends every session of the customer but the one in use (a password change). */
    async revokeOtherSessions(customerId: number, keepTokenHash: string, at: Date) {
      await q
        .update(authTokens)
        .set({ revokedAt: at })
        .where(and(eq(authTokens.customerId, customerId), isNull(authTokens.revokedAt), ne(authTokens.tokenHash, keepTokenHash)));
    },

    async passwordHashOf(customerId: number): Promise<string | undefined> {
      const [row] = await q.select({ hash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
      return row?.hash;
    },

    async revokeSessionsOf(customerId: number, at: Date) {
      await q
        .update(authTokens)
        .set({ revokedAt: at })
        .where(and(eq(authTokens.customerId, customerId), isNull(authTokens.revokedAt)));
    },

    async throttleRows(keys: string[]) {
      return q
        .select()
        .from(throttles)
        .where(
          sql`${throttles.key} IN (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        );
    },

    /**
     * Counts a failure under a key: a new window when the last failure is older than
     * `windowMs`, else one more; answers the count so the caller can set the wait.
     */
    async countFailure(key: string, now: Date, windowMs: number): Promise<number> {
      const at = now.toISOString();
      const quietSince = new Date(now.getTime() - windowMs).toISOString();
      const [row] = await q
        .insert(throttles)
        .values({ key, failures: 1, windowStart: now, lastFailureAt: now })
        .onConflictDoUpdate({
          target: throttles.key,
          set: {
            failures: sql`CASE WHEN ${throttles.lastFailureAt} < ${quietSince}::timestamptz THEN 1 ELSE ${throttles.failures} + 1 END`,
            windowStart: sql`CASE WHEN ${throttles.lastFailureAt} < ${quietSince}::timestamptz THEN ${at}::timestamptz ELSE ${throttles.windowStart} END`,
            lastFailureAt: now,
          },
        })
        .returning({ failures: throttles.failures });
      return row?.failures ?? 1;
    },

    /**
     * Takes a key's turn when its last turn is at least `gapMs` old (or it has none): true
     * when taken. For "at most one per minute" limits; a refused turn leaves the last one's time.
     */
    async takeTurn(key: string, now: Date, gapMs: number): Promise<boolean> {
      const taken = await q
        .insert(throttles)
        .values({ key, failures: 1, windowStart: now, lastFailureAt: now })
        .onConflictDoUpdate({
          target: throttles.key,
          set: { failures: sql`${throttles.failures} + 1`, lastFailureAt: now },
          setWhere: sql`${throttles.lastFailureAt} <= ${new Date(now.getTime() - gapMs).toISOString()}::timestamptz`,
        })
        .returning({ key: throttles.key });
      return taken.length > 0;
    },

    async block(key: string, until: Date) {
      await q.update(throttles).set({ blockedUntil: until }).where(eq(throttles.key, key));
    },

    /** Drops what can no longer be used: ended sessions, spent or expired keys, quiet failure counts. */
    async deleteExpired(now: Date, throttleWindowMs: number) {
      const at = now.toISOString();
      await q.delete(authTokens).where(sql`${authTokens.expiresAt} < ${at}::timestamptz OR ${authTokens.revokedAt} IS NOT NULL`);
      await q.delete(customerTokens).where(sql`${customerTokens.expiresAt} < ${at}::timestamptz OR ${customerTokens.usedAt} IS NOT NULL`);
      await q
        .delete(throttles)
        .where(
          sql`${throttles.lastFailureAt} < ${new Date(now.getTime() - throttleWindowMs).toISOString()}::timestamptz AND (${throttles.blockedUntil} IS NULL OR ${throttles.blockedUntil} < ${at}::timestamptz)`,
        );
      await q
        .delete(loginDevices)
        .where(sql`${loginDevices.lastLoginAt} < ${new Date(now.getTime() - LOGIN_DEVICE_MS).toISOString()}::timestamptz`);
    },

    async clearThrottle(key: string) {
      await q.delete(throttles).where(eq(throttles.key, key));
    },

    /** Every failed-login count of an account: the account's own and each client's (`<key>|…`). */
    async clearThrottles(accountKey: string) {
      await q.delete(throttles).where(sql`${throttles.key} = ${accountKey} OR starts_with(${throttles.key}, ${`${accountKey}|`})`);
    },

    /** Whether the browser with this key has logged in to the customer's account before. */
    async isLoginDevice(customerId: number, deviceHash: string): Promise<boolean> {
      const [row] = await q
        .select({ at: loginDevices.lastLoginAt })
        .from(loginDevices)
        .where(and(eq(loginDevices.customerId, customerId), eq(loginDevices.deviceHash, deviceHash)));
      return row !== undefined;
    },

    async rememberLoginDevice(customerId: number, deviceHash: string, at: Date) {
      await q
        .insert(loginDevices)
        .values({ customerId, deviceHash, lastLoginAt: at })
        .onConflictDoUpdate({ target: [loginDevices.customerId, loginDevices.deviceHash], set: { lastLoginAt: at } });
    },
  };
}

export type CustomerQueries = ReturnType<typeof customerQueries>;

/** A browser not used to log in to an account for as long as its cookie lasts is no longer known to it. */
const LOGIN_DEVICE_MS = LOGIN_DEVICE_SECONDS * 1000;
