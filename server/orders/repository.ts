// The order's tables (orders, lines, shipments, payments, refunds, history) and every query on
// them (ARCHITECTURE "The operator half"): nothing outside server/orders reads or writes them
// but through these. Run on the caller's transaction. Stock, coupon uses and gift-card balances
// change only through conditional updates that cannot go below zero or past a limit: a refused
// update is a sold-out item or a used-up code, never a wrong number.
import { sql } from "drizzle-orm";
import type { PickupPoint } from "../../lib/pickup-points.ts";
import type { SqlExecutor } from "../cart/repository.ts";
import type { OrderEventType } from "./events.ts";
import type { OrderActor, OrderStatus } from "./transitions.ts";

/** The key space of the per-customer order lock (pg_advisory_xact_lock(int, int)): an arbitrary constant. */
const CUSTOMER_ORDERS_LOCK = 41_360_001;

export interface OrderRow {
  id: number;
  order_number: string;
  store_code: string;
  cart_id: string;
  customer_id: number | null;
  status: OrderStatus;
  email: string;
  shipping_address: Record<string, string>;
  billing_address: Record<string, string>;
  shipping_method: string;
  pickup_store: string | null;
  /** The chosen pickup point as the shopper saw it (in the store's language). */
  pickup_point: PickupPoint | null;
  payment_method: string;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  gift_card_cents: number;
  grand_total_cents: number;
  total_tax_cents: number;
  /** VAT per rate (basis points), shipping's included. */
  taxes: { rateBp: number; taxCents: number }[];
  coupon_code: string | null;
  gift_card_code: string | null;
  order_comment: string | null;
  loyalty_card_number: string | null;
  finnair_plus_number: string | null;
  view_token: string;
  idempotency_key: string | null;
  request_hash: string;
  created_at: Date;
}

export interface ShipmentRow {
  shipment_number: string;
  carrier: "posti" | "matkahuolto";
  tracking_number: string;
  shipped_at: Date;
}

export interface OrderItemRow {
  variant_id: number | null;
  sku: string;
  name: string;
  details: Record<string, unknown>;
  quantity: number;
  unit_cents: number;
  row_total_cents: number;
  discount_cents: number;
  tax_cents: number;
  tax_rate_bp: number;
}

export interface PaymentRow {
  id: string;
  order_id: number;
  provider: string;
  status: "pending" | "approved" | "declined" | "canceled";
  amount_cents: number;
  provider_payment_id: string | null;
}

export type NewOrder = Omit<OrderRow, "id" | "order_number" | "created_at">;

/** An order event as kept (decision 0082). */
export interface EventRow {
  id: number;
  event_id: string;
  order_id: number;
  type: OrderEventType;
  sequence: number;
  payload: Record<string, unknown>;
  xid: string;
  created_at: Date;
}

const EVENT_COLUMNS = sql`id, event_id, order_id, type, sequence, payload, xid::text AS xid, created_at`;

/** One change of an order, as its timeline shows it. */
export interface HistoryRow {
  event: string;
  actor: OrderActor;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  details: Record<string, unknown>;
  created_at: Date;
}

export interface RefundRow {
  id: string;
  order_id: number;
  payment_id: string | null;
  reason: string;
  amount_cents: number;
  gift_card_cents: number;
  status: "pending" | "succeeded" | "failed";
  provider_refund_id: string | null;
  attempts: number;
  created_at: Date;
}

export function orderQueries(q: SqlExecutor) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await q.execute(query)).rows as T[];
  const first = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0];

  return {
    /** The cart's order that is not canceled, if it was placed already. */
    liveOrderForCart: (cartId: string) => first<OrderRow>(sql`SELECT * FROM orders WHERE cart_id = ${cartId} AND status <> 'canceled'`),

    orderByViewToken: (token: string) => first<OrderRow>(sql`SELECT * FROM orders WHERE view_token = ${token}`),

    orderById: (id: number) => first<OrderRow>(sql`SELECT * FROM orders WHERE id = ${id}`),

    /** A customer's order by its number, in the store: none for anyone else's. */
    customerOrder: (customerId: number, storeCode: string, orderNumber: string) =>
      first<OrderRow>(
        sql`SELECT * FROM orders WHERE customer_id = ${customerId} AND store_code = ${storeCode} AND order_number = ${orderNumber}`,
      ),

    /** The order's parcels (decision 0020), in the order they left. */
    shipments: (orderId: number) =>
      rows<ShipmentRow>(sql`SELECT shipment_number, carrier, tracking_number, shipped_at FROM order_shipments
        WHERE order_id = ${orderId} ORDER BY shipped_at, id`),

    /** A page of a customer's orders in the store, newest first, with how many there are in all. */
    customerOrders: async (customerId: number, storeCode: string, limit: number, offset: number) => {
      const list = await rows<
        Pick<OrderRow, "order_number" | "status" | "created_at" | "grand_total_cents"> & { units: number; total: number }
      >(sql`
        SELECT o.order_number, o.status, o.created_at, o.grand_total_cents,
               (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS units,
               count(*) OVER ()::int AS total
          FROM orders o WHERE o.customer_id = ${customerId} AND o.store_code = ${storeCode}
         ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`);
      return list;
    },

    items: (orderId: number) =>
      rows<OrderItemRow>(sql`SELECT variant_id, sku, name, details, quantity, unit_cents, row_total_cents, discount_cents,
        tax_cents, tax_rate_bp FROM order_items WHERE order_id = ${orderId} ORDER BY id`),

    /** Takes units of a variant; false when fewer are left (stock NULL: not tracked, always true). */
    takeStock: async (variantId: number, units: number) =>
      ((
        await q.execute(sql`UPDATE variants SET stock = stock - ${units}
          WHERE id = ${variantId} AND (stock IS NULL OR stock >= ${units})`)
      ).rowCount ?? 0) === 1,

    returnStock: (variantId: number, units: number) =>
      q.execute(sql`UPDATE variants SET stock = stock + ${units} WHERE id = ${variantId} AND stock IS NOT NULL`),

    /**
     * Makes one customer's order steps take turns until the transaction ends (a lock on the
     * customer's number in a key space of its own, so no row or other lock is involved).
     */
    lockCustomerOrders: (customerId: number) => q.execute(sql`SELECT pg_advisory_xact_lock(${CUSTOMER_ORDERS_LOCK}, ${customerId})`),

    /** Counts a use of a coupon; false when it is used up. */
    redeemCoupon: async (code: string) =>
      ((
        await q.execute(sql`UPDATE coupons SET uses = uses + 1
          WHERE code = ${code} AND (max_uses IS NULL OR uses < max_uses)`)
      ).rowCount ?? 0) === 1,

    releaseCoupon: (code: string) => q.execute(sql`UPDATE coupons SET uses = uses - 1 WHERE code = ${code} AND uses > 0`),

    recordRedemption: (code: string, customerId: number | null, cartId: string) =>
      q.execute(sql`INSERT INTO coupon_redemptions (coupon_code, customer_id, cart_id) VALUES (${code}, ${customerId}, ${cartId})`),

    dropRedemption: (code: string, cartId: string) =>
      q.execute(sql`DELETE FROM coupon_redemptions WHERE coupon_code = ${code} AND cart_id = ${cartId}`),

    /** Debits a gift card; false when its balance no longer covers the amount. */
    debitGiftCard: async (code: string, cents: number) =>
      ((
        await q.execute(sql`UPDATE gift_cards SET balance_cents = balance_cents - ${cents}
          WHERE code = ${code} AND balance_cents >= ${cents}`)
      ).rowCount ?? 0) === 1,

    creditGiftCard: (code: string, cents: number) =>
      q.execute(sql`UPDATE gift_cards SET balance_cents = balance_cents + ${cents} WHERE code = ${code}`),

    /** The store's next order number ("FI0000001"): numbers per store, taken under the row's lock. */
    nextOrderNumber: async (storeCode: string) => {
      const row = await first<{ prefix: string; number: string }>(sql`
        INSERT INTO order_sequences (store_code, prefix, next) VALUES (${storeCode}, ${storeCode.toUpperCase()}, 2)
        ON CONFLICT (store_code) DO UPDATE SET next = order_sequences.next + 1
        RETURNING prefix, next - 1 AS number`);
      if (!row) throw new Error("no order number");
      return `${row.prefix}${String(row.number).padStart(7, "0")}`;
    },

    insertOrder: async (order: NewOrder & { order_number: string }) => {
      const columns = Object.keys(order);
      const values = Object.values(order).map((v) => (v !== null && typeof v === "object" ? JSON.stringify(v) : v));
      const row = await first<OrderRow>(
        sql`INSERT INTO orders (${sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        )}) VALUES (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}) RETURNING *`,
      );
      if (!row) throw new Error("order not written");
      return row;
    },

    insertItems: (orderId: number, items: OrderItemRow[]) =>
      items.length
        ? q.execute(sql`INSERT INTO order_items (order_id, variant_id, sku, name, details, quantity, unit_cents, row_total_cents,
            discount_cents, tax_cents, tax_rate_bp)
            SELECT ${orderId}, * FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS x(variant_id int, sku text, name text,
              details jsonb, quantity int, unit_cents int, row_total_cents int, discount_cents int, tax_cents int, tax_rate_bp int)`)
        : Promise.resolve(),

    setOrderStatus: (orderId: number, status: OrderRow["status"]) =>
      q.execute(sql`UPDATE orders SET status = ${status}, updated_at = now() WHERE id = ${orderId}`),

    insertPayment: (payment: Omit<PaymentRow, "status" | "provider_payment_id">) =>
      q.execute(sql`INSERT INTO payments (id, order_id, provider, amount_cents)
        VALUES (${payment.id}, ${payment.order_id}, ${payment.provider}, ${payment.amount_cents})`),

    paymentById: (id: string) => first<PaymentRow>(sql`SELECT * FROM payments WHERE id = ${id}`),

    lockPayment: (id: string) => first<PaymentRow>(sql`SELECT * FROM payments WHERE id = ${id} FOR UPDATE`),

    pendingPaymentOf: (orderId: number) =>
      first<PaymentRow>(sql`SELECT * FROM payments WHERE order_id = ${orderId} AND status = 'pending' ORDER BY created_at DESC LIMIT 1`),

    /** The payment a provider's id names, if any (notifications are applied once per id). */
    paymentByProviderId: (provider: string, providerPaymentId: string) =>
      first<PaymentRow>(sql`SELECT * FROM payments WHERE provider = ${provider} AND provider_payment_id = ${providerPaymentId}`),

    /** A provider's verified outcome, with its id of the payment. */
    decidePayment: (id: string, status: "approved" | "declined", providerPaymentId: string) =>
      q.execute(
        sql`UPDATE payments SET status = ${status}, provider_payment_id = ${providerPaymentId}, updated_at = now() WHERE id = ${id}`,
      ),

    setPaymentStatus: (id: string, status: PaymentRow["status"]) =>
      q.execute(sql`UPDATE payments SET status = ${status}, updated_at = now() WHERE id = ${id}`),

    setCartStatus: (cartId: string, status: "active" | "ordered") =>
      q.execute(sql`UPDATE carts SET status = ${status}, updated_at = now() WHERE id = ${cartId}`),

    /**
     * A page of orders for operators, newest first (by id, which follows placing): filtered by
     * status, email (any case), number prefix and placing time [from, to); `before` is the cursor
     * (the last id of the page before).
     */
    searchOrders: (f: { status?: OrderStatus; email?: string; number?: string; from?: Date; to?: Date; before?: number; limit: number }) =>
      rows<
        Pick<
          OrderRow,
          "id" | "order_number" | "store_code" | "status" | "email" | "grand_total_cents" | "currency" | "customer_id" | "created_at"
        >
      >(sql`
        SELECT id, order_number, store_code, status, email, grand_total_cents, currency, customer_id, created_at FROM orders
         WHERE TRUE
           ${f.status ? sql`AND status = ${f.status}` : sql``}
           ${f.email ? sql`AND lower(email) = lower(${f.email})` : sql``}
           ${f.number ? sql`AND order_number LIKE ${`${f.number.replace(/[\\%_]/g, "\\$&")}%`}` : sql``}
           ${f.from ? sql`AND created_at >= ${f.from.toISOString()}` : sql``}
           ${f.to ? sql`AND created_at < ${f.to.toISOString()}` : sql``}
           ${f.before ? sql`AND id < ${f.before}` : sql``}
         ORDER BY id DESC LIMIT ${f.limit}`),

    /** Records an order event, the next of its order (written under the order's lock). */
    insertEvent: (eventId: string, orderId: number, type: string, payload: unknown) =>
      q.execute(sql`INSERT INTO order_events (event_id, order_id, type, sequence, payload)
        VALUES (${eventId}, ${orderId}, ${type},
          (SELECT coalesce(max(sequence), 0) + 1 FROM order_events WHERE order_id = ${orderId}), ${JSON.stringify(payload)}::jsonb)`),

    eventById: (eventId: string) => first<EventRow>(sql`SELECT ${EVENT_COLUMNS} FROM order_events WHERE event_id = ${eventId}`),

    /**
     * Events after a position, in the order of their transactions; only those of transactions
     * older than every one still running, so an event that commits later can never land before
     * a position a reader has already passed. (The order names the table's column: the output's
     * `xid` is its text, which sorts 1000 before 999.)
     */
    eventsAfter: (after: { xid: string; id: number } | null, limit: number) =>
      rows<EventRow>(sql`SELECT ${EVENT_COLUMNS} FROM order_events
        WHERE xid < pg_snapshot_xmin(pg_current_snapshot())
          ${after ? sql`AND (xid, id) > (${after.xid}::xid8, ${after.id})` : sql``}
        ORDER BY order_events.xid, order_events.id LIMIT ${limit}`),

    /** The order, locked until the transaction ends: every change of an order starts here. */
    lockOrder: (id: number) => first<OrderRow>(sql`SELECT * FROM orders WHERE id = ${id} FOR UPDATE`),

    orderByNumber: (orderNumber: string) => first<OrderRow>(sql`SELECT * FROM orders WHERE order_number = ${orderNumber}`),

    addHistory: (orderId: number, entry: Omit<HistoryRow, "created_at">) =>
      q.execute(sql`INSERT INTO order_history (order_id, event, actor, from_status, to_status, details)
        VALUES (${orderId}, ${entry.event}, ${entry.actor}, ${entry.from_status}, ${entry.to_status}, ${JSON.stringify(entry.details)}::jsonb)`),

    /** The order's timeline, oldest first. */
    history: (orderId: number) =>
      rows<HistoryRow>(sql`SELECT event, actor, from_status, to_status, details, created_at FROM order_history
        WHERE order_id = ${orderId} ORDER BY id`),

    paymentsOf: (orderId: number) => rows<PaymentRow>(sql`SELECT * FROM payments WHERE order_id = ${orderId} ORDER BY created_at, id`),

    /** The payment that paid the order (approved), if one did. */
    approvedPaymentOf: (orderId: number) =>
      first<PaymentRow>(sql`SELECT * FROM payments WHERE order_id = ${orderId} AND status = 'approved' ORDER BY created_at LIMIT 1`),

    /** What a provider payment paid, approved: what its refunds may not exceed. */
    approvedAmount: async (provider: string, providerPaymentId: string) =>
      (
        await first<{ amount_cents: number }>(sql`SELECT amount_cents FROM payments
          WHERE provider = ${provider} AND provider_payment_id = ${providerPaymentId} AND status = 'approved'`)
      )?.amount_cents ?? null,

    insertRefund: (refund: Pick<RefundRow, "id" | "order_id" | "payment_id" | "reason" | "amount_cents" | "gift_card_cents" | "status">) =>
      q.execute(sql`INSERT INTO refunds (id, order_id, payment_id, reason, amount_cents, gift_card_cents, status)
        VALUES (${refund.id}, ${refund.order_id}, ${refund.payment_id}, ${refund.reason}, ${refund.amount_cents},
          ${refund.gift_card_cents}, ${refund.status})`),

    refunds: (orderId: number) => rows<RefundRow>(sql`SELECT * FROM refunds WHERE order_id = ${orderId} ORDER BY created_at, id`),

    /** The oldest refund waiting for its provider, locked for this transaction; one another process holds is skipped. */
    claimDueRefund: () =>
      first<RefundRow & { provider: string; provider_payment_id: string | null; currency: string }>(sql`
        SELECT r.*, p.provider, p.provider_payment_id, o.currency
          FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN orders o ON o.id = r.order_id
         WHERE r.status = 'pending' AND r.next_attempt_at <= now()
         ORDER BY r.next_attempt_at, r.id LIMIT 1 FOR UPDATE OF r SKIP LOCKED`),

    lockRefund: (id: string) => first<RefundRow>(sql`SELECT * FROM refunds WHERE id = ${id} FOR UPDATE`),

    refundDone: (id: string, providerRefundId: string) =>
      q.execute(sql`UPDATE refunds SET status = 'succeeded', provider_refund_id = ${providerRefundId}, attempts = attempts + 1,
        last_error = NULL, updated_at = now() WHERE id = ${id}`),

    refundRetry: (id: string, delayMs: number, error: string) =>
      q.execute(sql`UPDATE refunds SET attempts = attempts + 1, last_error = ${error.slice(0, 1000)}, updated_at = now(),
        next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}) WHERE id = ${id}`),

    lockCartRow: (cartId: string) =>
      first<{ id: string; store_code: string; customer_id: number | null; status: string }>(
        sql`SELECT id, store_code, customer_id, status FROM carts WHERE id = ${cartId} FOR UPDATE`,
      ),
  };
}

export type OrderQueries = ReturnType<typeof orderQueries>;
