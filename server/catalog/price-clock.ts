// Price periods that start by time alone (a sale from midnight): no write announces them, so
// every process keeps its own alarm for the next moment a shown price changes — the next
// valid_from, or 30 days after one (a price leaves the "lowest in 30 days" window) — and at
// that moment refreshes the affected products' listing rows and drops their cached details
// and pages (through ProductChanges). The clock is injected, so tests move time; it is read
// once a second, and the database only when a moment is due or the prices changed.
import { sql } from "drizzle-orm";
import { DAY_MS } from "../../lib/price-history.ts";
import type { Db } from "../db/client.ts";
import type { ProductChanges } from "./changes.ts";
import { refreshProductListing } from "./listing.ts";

const WINDOW_MS = 30 * DAY_MS;
/**
 * At start-up, periods that started (or left the 30-day window) this long before are applied
 * again, in the background: a shop that was down across a midnight sale, or for weeks, starts
 * with the listing right.
 */
const CATCH_UP_MS = WINDOW_MS + DAY_MS;
/**
 * Products refreshed per statement. Each refresh holds the listing's advisory lock (migration
 * 0003) until it commits, and orders that sell out a size wait for it: the start-up catch-up
 * covers nearly every product of a catalogue with a recent price history, so it goes in short
 * batches and orders interleave.
 */
const BATCH = 500;
/** Longest wait setTimeout takes; a later moment is reached by the next re-arm. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface PriceClock {
  /** Applies every moment that is due now; returns the products it refreshed. */
  check(): Promise<number[]>;
  /** Epoch ms of the next moment a shown price changes, or null when none is known. */
  next(): number | null;
  stop(): void;
}

export async function createPriceClock(
  db: Db,
  changes: ProductChanges,
  options: { clock?: () => number; tickMs?: number; batchSize?: number; log?: (error: unknown) => void } = {},
): Promise<PriceClock> {
  const { clock = Date.now, tickMs = 1000, batchSize = BATCH, log = () => {} } = options;
  let applied = clock() - CATCH_UP_MS;
  let nextAt: number | null = null;
  let running: Promise<number[]> | null = null;

  async function findNext(after: number): Promise<number | null> {
    const at = new Date(after).toISOString();
    const result = await db.execute<{ start: string | null; edge: string | null }>(sql`
      SELECT (SELECT min(valid_from) FROM prices WHERE valid_from > ${at}::timestamptz)::text AS start,
             (SELECT min(valid_from) FROM prices WHERE valid_from > ${at}::timestamptz - interval '30 days')::text AS edge`);
    const row = result.rows[0];
    const times = [row?.start, row?.edge].map((t, i) => (t ? Date.parse(t) + (i === 1 ? WINDOW_MS : 0) : null));
    const due = times.filter((t): t is number => t !== null && t > after);
    return due.length ? Math.min(...due) : null;
  }

  async function apply(): Promise<number[]> {
    const now = clock();
    const from = new Date(applied).toISOString();
    const to = new Date(now).toISOString();
    const result = await db.execute<{ product_id: number }>(sql`
      SELECT DISTINCT v.product_id FROM prices p JOIN variants v ON v.id = p.variant_id
      WHERE (p.valid_from > ${from}::timestamptz AND p.valid_from <= ${to}::timestamptz)
         OR (p.valid_from > ${from}::timestamptz - interval '30 days' AND p.valid_from <= ${to}::timestamptz - interval '30 days')
      ORDER BY v.product_id`);
    const ids = result.rows.map((r) => r.product_id);
    for (let i = 0; i < ids.length; i += batchSize) {
      if (stopped) return [];
      const batch = ids.slice(i, i + batchSize);
      await refreshProductListing(db, batch, new Date(now));
      changes.emit({ productIds: batch, listing: true });
    }
    if (stopped) return [];
    applied = now;
    arm(await findNext(now));
    return ids;
  }

  // A timer for the moment itself (the shown price changes to the millisecond), and the
  // check once a second for a clock that is moved rather than waited for (tests).
  let alarm: NodeJS.Timeout | undefined;
  let stopped = false;
  function arm(at: number | null) {
    nextAt = at;
    clearTimeout(alarm);
    if (at === null || stopped) return;
    alarm = setTimeout(() => check().catch(log), Math.min(Math.max(0, at - clock()), MAX_TIMER_MS));
    alarm.unref();
  }

  function check(): Promise<number[]> {
    running ??= apply().finally(() => {
      running = null;
    });
    return running;
  }

  // The catch-up runs in the background; the next moment is known before the first request.
  arm(await findNext(clock()));
  check().catch(log);
  // A price row written meanwhile (the trigger reports it as a listing change) may start later.
  const unsubscribe = changes.onChange(({ listing }) => {
    if (!listing) return;
    findNext(clock())
      .then((at) => arm(at))
      .catch(log);
  });
  const timer =
    tickMs > 0
      ? setInterval(() => {
          if (nextAt !== null && clock() >= nextAt) check().catch(log);
        }, tickMs)
      : undefined;
  timer?.unref();

  return {
    check,
    next: () => nextAt,
    stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(alarm);
      unsubscribe();
    },
  };
}
