// Order events for the warehouse and ERP (decision 0082, docs/operations.md "Order events").
// Each change of an order that matters outside the shop is recorded as an event, with a unique
// id and the whole order as it then was, in the transaction of the change. Two ways out:
// - webhooks: one outbox message per endpoint in WEBHOOK_URLS, POSTed as JSON and signed like
//   Stripe's (`Kauppa-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`, the endpoint's own
//   secret), retried with backoff for 24 hours; an endpoint gets an order's events one after
//   another, in order (the outbox's sequence key), each at least once;
// - the pull feed (GET /api/operator/events?after=<event id>), in the order of their transactions.
import { randomBytes } from "node:crypto";
import type { SqlExecutor } from "../cart/repository.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { MailQueue } from "../mail/outbox.ts";
import { signBody } from "../payments/signature.ts";
import { wholeOrder } from "./desk.ts";
import { type EventRow, orderQueries } from "./repository.ts";

export const ORDER_EVENT_TYPES = [
  "order.placed",
  "order.paid",
  "order.canceled",
  "order.shipped",
  "order.return_requested",
  "order.returned",
  "order.refunded",
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** The outbox kind of a webhook delivery. */
export const ORDER_WEBHOOK = "order_webhook";
export const SIGNATURE_HEADER = "Kauppa-Signature";
/** How long a delivery is tried before it is given up. */
export const WEBHOOK_RETRY_MS = 24 * 60 * 60 * 1000;
export const FEED_PAGE_MAX = 500;

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

/** The event as sent and as the feed lists it. */
export const eventBody = (e: EventRow) => ({
  id: e.event_id,
  type: e.type,
  created_at: new Date(e.created_at).toISOString(),
  /** The event's place among its order's events: 1, 2, 3… */
  sequence: e.sequence,
  data: { order: e.payload },
});

export function createOrderEvents({
  db,
  outbox,
  endpoints,
  clock = Date.now,
  timeoutMs = 10_000,
}: {
  db: Db;
  outbox: MailQueue;
  endpoints: readonly WebhookEndpoint[];
  clock?: () => number;
  timeoutMs?: number;
}) {
  return {
    /** Records the event on the change's transaction, with the order as it now is, and queues it for every endpoint. */
    async record(tx: SqlExecutor, orderId: number, type: OrderEventType) {
      const q = orderQueries(tx);
      const order = await q.orderById(orderId);
      if (!order) return;
      const eventId = `evt_${randomBytes(16).toString("base64url")}`;
      await q.insertEvent(eventId, orderId, type, await wholeOrder(q, order));
      for (const endpoint of endpoints)
        await outbox.enqueue(tx, ORDER_WEBHOOK, { url: endpoint.url, eventId }, `webhook ${endpoint.url} ${orderId}`);
    },

    /** POSTs one event to one endpoint (the outbox's deliverer): a 2xx answer delivers it, anything else is tried again. */
    async deliver(payload: Record<string, unknown>, q: SqlExecutor) {
      // An endpoint taken out of WEBHOOK_URLS since: nothing more goes there.
      const endpoint = endpoints.find((e) => e.url === payload.url);
      const event = await orderQueries(q).eventById(String(payload.eventId));
      if (!endpoint || !event) return;
      const body = JSON.stringify(eventBody(event));
      const response = await fetch(endpoint.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "Kauppa-Webhooks/1",
          "Kauppa-Event-Id": event.event_id,
          [SIGNATURE_HEADER]: signBody(endpoint.secret, body, clock()),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`webhook ${endpoint.url} answered ${response.status} for ${event.event_id}`);
    },

    /** The pull feed: events after the one named (from the first without), at most `limit`. */
    async feed(after: string | undefined, limit = 100) {
      const q = orderQueries(db);
      let position: { xid: string; id: number } | null = null;
      if (after !== undefined) {
        const known = await q.eventById(after);
        if (!known) throw new AppError(400, "invalid_input", { params: { rule: "format" }, field: "after" });
        position = { xid: known.xid, id: known.id };
      }
      const events = await q.eventsAfter(position, Math.min(FEED_PAGE_MAX, Math.max(1, limit)));
      return { events: events.map(eventBody), last: events.at(-1)?.event_id ?? after ?? null };
    },
  };
}

export type OrderEvents = ReturnType<typeof createOrderEvents>;
