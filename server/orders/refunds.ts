// Refunds to payments (docs/payments.md): decided in the transaction that cancels or returns,
// asked of the payment's provider from here after the commit, each with the refund's own id as
// the provider's idempotency key, so asking again (a retry, a crash before the answer was
// recorded) never refunds twice. Every process works through due refunds like the mail outbox
// (claimed with SKIP LOCKED, the answer recorded in the claim's transaction); a failure waits
// 1 s, 2 s, 4 s, … at most an hour before it is asked again.
import type { SqlExecutor } from "../cart/repository.ts";
import type { Db } from "../db/client.ts";
import type { OrderEvents } from "./events.ts";
import { backoff as backoffOf, createWorkLoop } from "../jobs/work-loop.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { orderQueries } from "./repository.ts";

export interface RefunderOptions {
  db: Db;
  /** A refund made is an order.refunded event. */
  events: OrderEvents;
  /** The provider of a payment by its code; undefined when that provider is not on. */
  provider: (code: string) => PaymentProvider | undefined;
  pollMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  log?: (error: unknown) => void;
}

export function createRefunder({
  db,
  events,
  provider,
  pollMs = 5000,
  baseDelayMs = 1000,
  maxDelayMs = 60 * 60 * 1000,
  log = console.error,
}: RefunderOptions) {
  const backoff = backoffOf(baseDelayMs, maxDelayMs);

  /** Asks the provider for one due refund and records its answer; false when none is due. */
  async function refundOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const q = orderQueries(tx);
      const refund = await q.claimDueRefund();
      if (!refund) return false;
      try {
        const adapter = provider(refund.provider);
        if (!adapter) throw new Error(`The payment provider "${refund.provider}" is not on`);
        if (!refund.provider_payment_id) throw new Error(`Payment ${refund.payment_id} has no provider id`);
        const answer = await adapter.refund({
          refundId: refund.id,
          providerPaymentId: refund.provider_payment_id,
          amountCents: refund.amount_cents,
          currency: refund.currency,
        });
        // A provider that settles later says so in its notification (applyRefundNotification); until then it is asked again.
        if (answer.status === "succeeded") await settle(tx, events, refund.id, answer.providerRefundId);
        else await q.refundRetry(refund.id, backoff(refund.attempts), "pending at the provider");
      } catch (error) {
        await q.refundRetry(refund.id, backoff(refund.attempts), error instanceof Error ? error.message : String(error));
        log(error);
      }
      return true;
    });
  }

  const loop = createWorkLoop({ step: refundOne, pollMs, log });
  return { nudge: loop.nudge, drain: loop.drain, start: loop.start, stop: loop.stop };
}

/** A refund the provider made: recorded once, with a history entry on its order. */
export async function settle(tx: SqlExecutor, events: OrderEvents, refundId: string, providerRefundId: string) {
  const q = orderQueries(tx);
  const refund = await q.lockRefund(refundId);
  if (refund?.status !== "pending") return false;
  await q.refundDone(refund.id, providerRefundId);
  const order = await q.orderById(refund.order_id);
  if (order)
    await q.addHistory(order.id, {
      event: "refunded",
      actor: "provider",
      from_status: order.status,
      to_status: order.status,
      details: { refund: { id: refund.id, amount_cents: refund.amount_cents } },
    });
  await events.record(tx, refund.order_id, "order.refunded");
  return true;
}

export type Refunder = ReturnType<typeof createRefunder>;
