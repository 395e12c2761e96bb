// Outbox queries (docs/decisions/0005): a message is written by the transaction whose commit
// it announces, and claimed by one sender at a time with FOR UPDATE SKIP LOCKED.
import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../cart/repository.ts";

export interface OutboxMessage {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date;
}

export function outboxQueries(q: SqlExecutor) {
  return {
    /**
     * Writes a message on the caller's transaction: it exists exactly when that transaction
     * commits. Messages of one sequence key go out in the order written.
     */
    async enqueue(kind: string, payload: Record<string, unknown>, sequenceKey: string | null = null) {
      await q.execute(
        sql`INSERT INTO outbox (kind, payload, sequence_key) VALUES (${kind}, ${JSON.stringify(payload)}::jsonb, ${sequenceKey})`,
      );
    },

    /**
     * The oldest message due, locked for this transaction; one another sender holds is skipped,
     * and so is one whose sequence has an earlier message still to go (sent or given up first).
     */
    async claimDue(): Promise<OutboxMessage | undefined> {
      const result = await q.execute(sql`SELECT id, kind, payload, attempts, created_at FROM outbox o
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
          AND (sequence_key IS NULL OR NOT EXISTS (SELECT 1 FROM outbox e WHERE e.sequence_key = o.sequence_key
            AND e.id < o.id AND e.sent_at IS NULL AND e.failed_at IS NULL))
        ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`);
      return result.rows[0] as OutboxMessage | undefined;
    },

    // A mailed key (payload.secret) lives in the row only until its mail is out.
    markSent: (id: number) =>
      q.execute(sql`UPDATE outbox SET sent_at = now(), attempts = attempts + 1, payload = payload - 'secret' WHERE id = ${id}`),

    /** Never to be tried again: past its time to live. */
    giveUp: (id: number, error: string) =>
      q.execute(sql`UPDATE outbox SET attempts = attempts + 1, last_error = ${error.slice(0, 1000)}, failed_at = now() WHERE id = ${id}`),

    markFailed: (id: number, delayMs: number, error: string) =>
      q.execute(sql`UPDATE outbox SET attempts = attempts + 1, last_error = ${error.slice(0, 1000)},
        next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}) WHERE id = ${id}`),

    /** Milliseconds until the next message is due (0: now), or null when nothing waits. */
    async nextDueInMs(): Promise<number | null> {
      const result = await q.execute(sql`SELECT GREATEST(0, EXTRACT(EPOCH FROM (min(next_attempt_at) - now())) * 1000)::float8 AS ms
        FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`);
      const ms = (result.rows[0] as { ms: number | null } | undefined)?.ms;
      return ms === null || ms === undefined ? null : Number(ms);
    },
  };
}

export type OutboxQueries = ReturnType<typeof outboxQueries>;
