// The outbox sender (docs/decisions/0005): messages written in the transaction of what they
// announce (an order, an account's mails, an order's webhooks: decision 0082) are sent from
// here, each once, with retries; a message with a sequence key waits for the earlier ones of its key.
// Every process sends: a message is claimed with FOR UPDATE SKIP LOCKED, sent while the claim
// is held, and marked sent in the same transaction. A crash between the mail server's accept
// and the commit sends it again with the same Message-ID, so the resend is recognisable.
// A failure waits 1 s, 2 s, 4 s, … (at most an hour) before the next try. A process sends
// at once after its own commits (nudge) and polls for the rest (other processes' messages
// left behind by a crash, retries), and on start-up.
import type { Db } from "../db/client.ts";
import type { SqlExecutor } from "../cart/repository.ts";
import { backoff as backoffOf, createWorkLoop } from "../jobs/work-loop.ts";
import type { Mailer, MailMessage } from "./mailer.ts";
import { type OutboxMessage, outboxQueries } from "./outbox-repository.ts";

/** Builds the mail of one message at send time (from the order as it is), or null when there is nothing to send. */
export type Renderer = (payload: Record<string, unknown>, q: SqlExecutor) => Promise<MailMessage | null>;

/**
 * Delivers one message that is not a mail (a webhook, decision 0082): resolves when it is
 * delivered (or has nothing to deliver), throws to be tried again.
 */
export type Deliverer = (payload: Record<string, unknown>, q: SqlExecutor) => Promise<void>;

/** What a writer needs: enqueue on its transaction, nudge after its commit. */
export interface MailQueue {
  enqueue(q: SqlExecutor, kind: string, payload: Record<string, unknown>, sequenceKey?: string | null): Promise<void>;
  nudge(): void;
}

export interface OutboxOptions {
  db: Db;
  mailer: Mailer;
  /** How often to look for due messages (0: only when nudged). */
  pollMs?: number;
  /** First retry delay; doubles per failure up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Right-hand side of the Message-ID. */
  messageIdDomain?: string;
  log?: (error: unknown) => void;
}

export function createOutbox({
  db,
  mailer,
  pollMs = 2000,
  baseDelayMs = 1000,
  maxDelayMs = 60 * 60 * 1000,
  messageIdDomain = "kauppa.example",
  log = console.error,
}: OutboxOptions) {
  const renderers = new Map<string, Renderer>();
  const deliverers = new Map<string, { deliver: Deliverer; giveUpAfterMs: number }>();
  const backoff = backoffOf(baseDelayMs, maxDelayMs);
  const messageIdOf = (m: OutboxMessage) => `<outbox-${m.id}.${new Date(m.created_at).getTime()}@${messageIdDomain}>`;

  /** Claims, sends and marks one due message; false when none is due (or all are claimed elsewhere). */
  async function sendOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const q = outboxQueries(tx);
      const message = await q.claimDue();
      if (!message) return false;
      const deliverer = deliverers.get(message.kind);
      try {
        if (deliverer) await tx.transaction((sp) => deliverer.deliver(message.payload, sp));
        else {
          const render = renderers.get(message.kind);
          if (!render) throw new Error(`No renderer for outbox messages of kind "${message.kind}"`);
          // A savepoint: a failed read while rendering must not abort the claim's transaction.
          const mail = await tx.transaction((sp) => render(message.payload, sp));
          if (mail) await mailer.send({ ...mail, messageId: messageIdOf(message) });
        }
        await q.markSent(message.id);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const delay = backoff(message.attempts);
        // Past its time to live by the next try: given up, and the ones after it in its sequence go on.
        if (deliverer && Date.now() + delay - new Date(message.created_at).getTime() > deliverer.giveUpAfterMs)
          await q.giveUp(message.id, reason);
        else await q.markFailed(message.id, delay, reason);
        log(error);
      }
      return true;
    });
  }

  const loop = createWorkLoop({ step: sendOne, pollMs, log });

  return {
    register(kind: string, render: Renderer) {
      renderers.set(kind, render);
    },
    /** Messages of the kind are delivered by `deliver` (not mailed), tried for at most giveUpAfterMs from when they were written. */
    deliverWith(kind: string, deliver: Deliverer, giveUpAfterMs: number) {
      deliverers.set(kind, { deliver, giveUpAfterMs });
    },
    async enqueue(q: SqlExecutor, kind: string, payload: Record<string, unknown>, sequenceKey: string | null = null) {
      await outboxQueries(q).enqueue(kind, payload, sequenceKey);
    },
    /** Sends at once what is due (after a commit that wrote messages). */
    nudge: loop.nudge,
    /** Sends what is due now (also when stopped): for tests and tools. */
    drain: loop.drain,
    start: loop.start,
    /** Stops sending; resolves once a send in progress has finished. */
    stop: loop.stop,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
