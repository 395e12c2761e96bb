// The order's one home (docs/architecture.md "The order's life"): the checkout creates orders
// here, and every later change (paid, payment failed, cancelled, shipped) goes through
// transition(): the table in transitions.ts decides whether it is allowed, and the change is
// applied with all its effects (stock, coupon use, gift-card balance, the cart, refunds, mail)
// and its history entry on the caller's transaction: all of it, or none.
import { randomBytes } from "node:crypto";
import { formatPrice } from "../../lib/money.ts";
import type { SqlExecutor } from "../cart/repository.ts";
import type { Store } from "../catalog/service.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Owner } from "../identity.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { ORDER_CONFIRMATION } from "../mail/order-confirmation.ts";
import type { MailQueue } from "../mail/outbox.ts";
import { renderCanceledMail } from "../mail/templates/order-canceled.ts";
import { type NewOrder, type OrderItemRow, type OrderQueries, type OrderRow, orderQueries } from "./repository.ts";
import type { OrderEvents, OrderEventType } from "./events.ts";
import { type OrderActor, type OrderEvent, nextStatus } from "./transitions.ts";

/** The outbox kind of the cancellation notice. */
export const ORDER_CANCELED = "order_canceled";

/** How each event is written in the order's history. */
const HISTORY_EVENT: Record<OrderEvent, string> = { pay: "paid", fail_payment: "payment_failed", cancel: "canceled", ship: "shipped" };
/** The event each change sends the warehouse and ERP (an order whose payment failed is off, as a cancelled one). */
const OUTSIDE_EVENT: Record<OrderEvent, OrderEventType> = {
  pay: "order.paid",
  fail_payment: "order.canceled",
  cancel: "order.canceled",
  ship: "order.shipped",
};

export interface OrdersDeps {
  db: Db;
  mail: MailQueue;
  storeByCode: (code: string) => Promise<Store | undefined>;
  /** The store's public origin for links in mail (configured, never a request's Host). */
  publicUrl: (storeCode: string) => string;
  /** Refunds to payments are asked of their provider after the commit (refunds.ts). */
  refunds: { nudge(): void };
  /** The events the warehouse and ERP get (events.ts). */
  events: OrderEvents;
}

/** Gives back what the order took: its units to stock, the coupon's use, and the coupon's redemption. */
async function releaseGoods(q: OrderQueries, order: OrderRow) {
  const units = new Map<number, number>();
  for (const i of await q.items(order.id)) if (i.variant_id !== null) units.set(i.variant_id, (units.get(i.variant_id) ?? 0) + i.quantity);
  // In one order of variants, as the order step takes them: two transactions never wait on each other in a circle.
  for (const [variantId, n] of [...units].sort(([a], [b]) => a - b)) await q.returnStock(variantId, n);
  if (order.coupon_code) {
    await q.releaseCoupon(order.coupon_code);
    await q.dropRedemption(order.coupon_code, order.cart_id);
  }
}

/**
 * Everything the order was paid with goes back: the gift card's part to the gift card now, the
 * approved payment's whole amount as a refund its provider is asked for after the commit. A
 * payment that never paid (pending or failed) has nothing to give back. Answers the refund, if any.
 */
async function refundWhole(q: OrderQueries, order: OrderRow, reason: string) {
  const giftCardCents = order.gift_card_code ? order.gift_card_cents : 0;
  if (order.gift_card_code && giftCardCents > 0) await q.creditGiftCard(order.gift_card_code, giftCardCents);
  const payment = await q.approvedPaymentOf(order.id);
  const amountCents = payment?.amount_cents ?? 0;
  if (amountCents === 0 && giftCardCents === 0) return null;
  const refund = {
    id: `rf_${randomBytes(18).toString("base64url")}`,
    order_id: order.id,
    payment_id: payment?.id ?? null,
    reason,
    amount_cents: amountCents,
    gift_card_cents: giftCardCents,
    status: amountCents > 0 ? ("pending" as const) : ("succeeded" as const),
  };
  await q.insertRefund(refund);
  return { id: refund.id, amount_cents: amountCents, gift_card_cents: giftCardCents };
}

export function createOrders({ db, mail, storeByCode, publicUrl, refunds, events }: OrdersDeps) {
  /** What each event does besides changing the status; answers what the history entry should say of it. */
  const effects: Record<
    OrderEvent,
    (q: OrderQueries, order: OrderRow, actor: OrderActor, tx: SqlExecutor) => Promise<Record<string, unknown>>
  > = {
    pay: async (_q, order, _actor, tx) => {
      // The confirmation is part of the paid order: it exists exactly when the payment is recorded.
      await mail.enqueue(tx, ORDER_CONFIRMATION, { orderId: order.id });
      return {};
    },
    fail_payment: async (q, order) => {
      await releaseGoods(q, order);
      if (order.gift_card_code && order.gift_card_cents > 0) await q.creditGiftCard(order.gift_card_code, order.gift_card_cents);
      // The shopper never paid: the cart is theirs again, to pay another way.
      await q.setCartStatus(order.cart_id, "active");
      return {};
    },
    cancel: async (q, order, actor, tx) => {
      await releaseGoods(q, order);
      const refund = await refundWhole(q, order, "cancel");
      await mail.enqueue(tx, ORDER_CANCELED, { orderId: order.id, byOperator: actor === "operator" });
      return refund ? { refund } : {};
    },
    ship: async () => ({}),
  };

  /**
   * Changes the order by the event, on the caller's transaction: the order is locked, the table
   * decides (409 order_transition_refused otherwise, nothing changed), the effects and the
   * history entry are written. Answers the order as it now is.
   */
  async function transition(
    tx: SqlExecutor,
    orderId: number,
    event: OrderEvent,
    actor: OrderActor,
    details: Record<string, unknown> = {},
  ): Promise<OrderRow> {
    const q = orderQueries(tx);
    const order = await q.lockOrder(orderId);
    if (!order) throw new AppError(404, "not_found");
    const to = nextStatus(order.status, event);
    const effect = await effects[event](q, order, actor, tx);
    if (to !== order.status) await q.setOrderStatus(order.id, to);
    await q.addHistory(order.id, {
      event: HISTORY_EVENT[event],
      actor,
      from_status: order.status,
      to_status: to,
      details: { ...details, ...effect },
    });
    // A second parcel is news for the shopper, not a change of the order for the systems outside.
    if (to !== order.status) await events.record(tx, order.id, OUTSIDE_EVENT[event]);
    return { ...order, status: to };
  }

  /** A change in its own transaction; the mail and refunds it wrote go out after the commit. */
  async function change<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    mail.nudge();
    refunds.nudge();
    return result;
  }

  return {
    transition,

    /**
     * Writes a new order and its lines, on the order step's transaction, with its first history
     * entry; an order paid when placed (invoice) gets its confirmation now.
     */
    async create(tx: SqlExecutor, order: NewOrder & { order_number: string }, lines: OrderItemRow[]): Promise<OrderRow> {
      const q = orderQueries(tx);
      const row = await q.insertOrder(order);
      await q.insertItems(row.id, lines);
      await q.addHistory(row.id, { event: "placed", actor: "shopper", from_status: null, to_status: row.status, details: {} });
      await events.record(tx, row.id, "order.placed");
      // The confirmation is part of the order: it exists exactly when the order does.
      if (row.status === "processing") await mail.enqueue(tx, ORDER_CONFIRMATION, { orderId: row.id });
      return row;
    },

    /** A logged-in customer cancels their own order of the store (anyone else's: not found). */
    async cancelByCustomer(owner: Owner, store: Store, orderNumber: string): Promise<void> {
      if (owner.customerId === null) throw new AppError(401, "not_logged_in");
      const customerId = owner.customerId;
      await change(async (tx) => {
        const order = await orderQueries(tx).customerOrder(customerId, store.code, orderNumber);
        if (!order) throw new AppError(404, "not_found");
        await transition(tx, order.id, "cancel", "shopper");
      });
    },

    /** Cancels an order found otherwise (a guest's lookup pass), as the shopper. */
    async cancelAsShopper(orderId: number, details: Record<string, unknown> = {}): Promise<void> {
      await change((tx) => transition(tx, orderId, "cancel", "shopper", details));
    },

    /** An operator cancels an order by its number, with an optional note for the history. */
    async cancelByOperator(orderNumber: string, note?: string): Promise<void> {
      await change(async (tx) => {
        const order = await orderQueries(tx).orderByNumber(orderNumber);
        if (!order) throw new AppError(404, "not_found");
        await transition(tx, order.id, "cancel", "operator", note ? { note } : {});
      });
    },

    /** The cancellation notice, rendered when the outbox sends it (null: the order or its store is gone). */
    async canceledMail(payload: Record<string, unknown>, q: SqlExecutor): Promise<MailMessage | null> {
      const orders = orderQueries(q);
      const order = await orders.orderById(Number(payload.orderId));
      const store = order ? await storeByCode(order.store_code) : undefined;
      if (!order || !store) return null;
      const refund = (await orders.refunds(order.id)).find((r) => r.reason === "cancel");
      const money = (cents: number) => formatPrice(cents, { symbol: store.config.base_currency_symbol, leftSide: store.leftSideCurrency });
      return renderCanceledMail({
        locale: store.locale,
        to: order.email,
        firstname: order.shipping_address.firstname ?? "",
        orderNumber: order.order_number,
        byOperator: payload.byOperator === true,
        refundToPayment: refund && refund.amount_cents > 0 ? money(refund.amount_cents) : null,
        refundToGiftCard:
          refund && refund.gift_card_cents > 0 && order.gift_card_code
            ? { code: order.gift_card_code, amount: money(refund.gift_card_cents) }
            : null,
        invoice: order.payment_method === "invoice",
        shopUrl: publicUrl(store.code),
      });
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
