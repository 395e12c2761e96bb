// Tells this process which products changed in what a shopper sees (stock status, "only x
// left", prices), so it drops exactly their cached details and pages (decision 0001). The
// database writes the changes itself (triggers on variants and prices append to
// product_changes and pg_notify), so orders, cancellations and an operator's plain SQL all
// count. Notifications arrive on a dedicated LISTEN connection within milliseconds of the
// commit; a poll of the log by transaction snapshot catches whatever a lost connection
// missed. The price clock emits through here too, for periods that start by time alone.
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client.ts";

export interface ProductChange {
  productIds: number[];
  /** The products' listing rows may have changed (in stock, filters, prices): listings and category pages too. */
  listing: boolean;
}

type Listener = (change: ProductChange) => void;

export interface ProductChanges {
  onChange(listener: Listener): () => void;
  /** Tells this process's listeners (the price clock's changes, which no write announces). */
  emit(change: ProductChange): void;
  /** Reads the log now (the fallback poll); returns how many changes it found that no notification brought. */
  poll(): Promise<number>;
  stop(): Promise<void>;
}

const CHANNEL = "product_changes";
/** How long a logged change is kept: far longer than any poll gap. */
const KEEP_MINUTES = 10;
const PRUNE_EVERY_MS = 60_000;

export async function createProductChanges(
  db: Db,
  options: { pollMs?: number; listen?: boolean; log?: (error: unknown) => void } = {},
): Promise<ProductChanges> {
  const { pollMs = 1000, listen = true, log = () => {} } = options;
  const listeners = new Set<Listener>();
  const emit = (change: ProductChange) => {
    if (change.productIds.length === 0) return;
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        log(error);
      }
    }
  };
  // Ids a notification already delivered: the poll skips them (kept a minute).
  const delivered = new Map<number, number>();
  // Notifications come one per changed row: a bulk UPDATE sends thousands at once. They are
  // gathered until the event loop is free and told as one change (one query, one cache scan).
  let gathered: ProductChange | null = null;
  const gather = (product: number, listing: boolean) => {
    if (gathered) {
      gathered.productIds.push(product);
      gathered.listing ||= listing;
      return;
    }
    gathered = { productIds: [product], listing };
    setImmediate(() => {
      const change = gathered;
      gathered = null;
      if (change) emit({ productIds: [...new Set(change.productIds)], listing: change.listing });
    });
  };

  // The poll reads the rows of transactions that committed since the previous read: those
  // not visible in the previous snapshot. Ids alone would miss a transaction that took its
  // id early and committed after a later one was read.
  const first = await db.execute<{ snapshot: string }>(sql`SELECT pg_current_snapshot()::text AS snapshot`);
  let snapshot = first.rows[0]?.snapshot ?? "";
  let lastPrune = Date.now();
  let polling: Promise<number> | null = null;

  async function readLog(): Promise<number> {
    const result = await db.execute<{ snapshot: string; changes: [number, number, boolean][] }>(sql`
      SELECT pg_current_snapshot()::text AS snapshot,
        coalesce((SELECT json_agg(json_build_array(id, product_id, listing))
                  FROM product_changes
                  WHERE xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)
                    AND NOT pg_visible_in_snapshot(xid, ${snapshot}::pg_snapshot)), '[]'::json) AS changes`);
    const row = result.rows[0];
    if (!row) return 0;
    snapshot = row.snapshot;
    const missed = row.changes.filter(([id]) => !delivered.has(id));
    const now = Date.now();
    for (const [id, at] of delivered) if (now - at > 60_000) delivered.delete(id);
    emit({ productIds: [...new Set(missed.map((c) => c[1]))], listing: missed.some((c) => c[2]) });
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await db.execute(sql`DELETE FROM product_changes WHERE at < now() - make_interval(mins => ${KEEP_MINUTES})`);
    }
    return missed.length;
  }

  function poll(): Promise<number> {
    polling ??= readLog().finally(() => {
      polling = null;
    });
    return polling;
  }

  // The LISTEN connection: its own client (not from the pool), reconnected after a loss.
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  // The pool's own settings (drizzle keeps the pool it wraps as $client).
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (listen && !pool?.options) throw new Error("createProductChanges: the database must wrap a pg Pool");
  const connectionConfig = pool?.options ?? {};

  async function connect() {
    if (stopped) return;
    const c = new pg.Client(connectionConfig);
    const lost = (error?: unknown) => {
      if (error) log(error);
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => connect().catch(log), 1000);
    };
    c.on("error", lost);
    c.on("end", () => lost());
    c.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const [id, product, listing] = message.payload.split(":").map(Number);
      if (id === undefined || product === undefined) return;
      delivered.set(id, Date.now());
      gather(product, listing === 1);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      // Whatever committed while no connection listened.
      await poll();
    } catch (error) {
      lost(error);
    }
  }

  if (listen) await connect();
  const timer = pollMs > 0 ? setInterval(() => poll().catch(log), pollMs) : undefined;
  timer?.unref();

  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit,
    poll,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
