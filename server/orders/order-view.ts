// The order as the shopper and the mail see it: what was bought, the addresses and methods,
// and the totals in euros, read from the order's own rows (never re-priced).
import { BUSINESS_DISCOUNT_PERCENT, isValidVatId } from "../../lib/checkout.ts";
import { toAmount, toCents } from "../../lib/money.ts";
import type { PickupPoint } from "../../lib/pickup-points.ts";
import type { Carrier } from "../../lib/tracking.ts";
import type { OrderQueries, OrderRow } from "./repository.ts";
import { allows, type OrderActor } from "./transitions.ts";

export interface OrderView {
  order_number: string;
  status: OrderRow["status"];
  email: string;
  created_at: string;
  currency: string;
  shipping_address: Record<string, string>;
  billing_address: Record<string, string>;
  shipping_method: string;
  /** The carrier's pickup point the parcel goes to (pickup_point method), as chosen. */
  pickup_point: PickupPoint | null;
  payment_method: string;
  /** What the discount is made of: the coupon, and the business customers' percentage (0: none). */
  coupon_code: string | null;
  business_discount_percent: number;
  /** The gift card that paid part of the order. */
  gift_card_code: string | null;
  /** The Finnair Plus number the order earns points for (spec §3 order display). */
  finnair_plus_number: string | null;
  /**
   * The lines the shopper chose gift wrapping for (spec §3 order display), with what the
   * wrapping cost; null when nothing is wrapped.
   */
  gift_wrapping: { items: { name: string; quantity: number }[]; price: number } | null;
  /** Whether it can still be cancelled (paid or invoiced, not shipped). */
  can_cancel: boolean;
  /** What happened to it, oldest first: placed, paid, shipped, cancelled, refunded (server/orders/transitions.ts). */
  history: { event: string; actor: OrderActor; status: OrderRow["status"]; at: string }[];
  /** Money given back: to the payment and to the gift card, and whether the provider has made it yet. */
  refunds: { amount: number; gift_card: number; status: "pending" | "succeeded" | "failed"; created_at: string }[];
  /** Its parcels on their way (decision 0020); the tracking link is lib/tracking.ts in the reader's language. */
  shipments: { shipment_number: string; carrier: Carrier; tracking_number: string; shipped_at: string }[];
  items: {
    sku: string;
    name: string;
    quantity: number;
    row_total: number;
    unit_price: number;
    /** The row's share of the order's discount. */
    discount: number;
    details: Record<string, unknown>;
  }[];
  totals: {
    subtotal: number;
    discount: number;
    shipping: number;
    gift_card: number;
    grand_total: number;
    total_tax: number;
    /** VAT per rate (percent, e.g. 25.5), shipping's included; empty for orders placed before it was kept. */
    taxes: { rate: number; amount: number }[];
  };
}

export async function orderView(q: OrderQueries, order: OrderRow): Promise<OrderView> {
  // One after another: q may be a transaction's one connection.
  const items = await q.items(order.id);
  const shipments = await q.shipments(order.id);
  const history = await q.history(order.id);
  const refunds = await q.refunds(order.id);
  return {
    order_number: order.order_number,
    status: order.status,
    email: order.email,
    created_at: new Date(order.created_at).toISOString(),
    currency: order.currency,
    shipping_address: order.shipping_address,
    billing_address: order.billing_address,
    shipping_method: order.shipping_method,
    pickup_point: order.pickup_point ?? null,
    payment_method: order.payment_method,
    coupon_code: order.coupon_code,
    // The same rule that priced the cart: a company with a valid VAT ID on the billing address.
    business_discount_percent:
      order.billing_address.company && order.billing_address.vat_id && isValidVatId(order.billing_address.vat_id)
        ? BUSINESS_DISCOUNT_PERCENT
        : 0,
    gift_card_code: order.gift_card_code,
    finnair_plus_number: order.finnair_plus_number,
    gift_wrapping: giftWrapping(items),
    can_cancel: allows(order.status, "cancel"),
    history: history.map((h) => ({ event: h.event, actor: h.actor, status: h.to_status, at: new Date(h.created_at).toISOString() })),
    refunds: refunds.map((r) => ({
      amount: toAmount(r.amount_cents),
      gift_card: toAmount(r.gift_card_cents),
      status: r.status,
      created_at: new Date(r.created_at).toISOString(),
    })),
    shipments: shipments.map((s) => ({
      shipment_number: s.shipment_number,
      carrier: s.carrier,
      tracking_number: s.tracking_number,
      shipped_at: new Date(s.shipped_at).toISOString(),
    })),
    items: items.map((i) => ({
      sku: i.sku,
      name: i.name,
      quantity: i.quantity,
      unit_price: toAmount(i.unit_cents),
      row_total: toAmount(i.row_total_cents),
      discount: toAmount(i.discount_cents),
      details: i.details,
    })),
    totals: {
      subtotal: toAmount(order.subtotal_cents),
      discount: toAmount(order.discount_cents),
      shipping: toAmount(order.shipping_cents),
      gift_card: toAmount(order.gift_card_cents),
      grand_total: toAmount(order.grand_total_cents),
      total_tax: toAmount(order.total_tax_cents),
      taxes: (order.taxes ?? []).map((t) => ({ rate: t.rateBp / 100, amount: toAmount(t.taxCents) })),
    },
  };
}

type WrappedValue = { gift_wrap?: boolean; price?: { value?: number } };

/** The wrapped lines of an order, read from the lines as the cart showed them when it was placed. */
function giftWrapping(items: { name: string; quantity: number; details: Record<string, unknown> }[]): OrderView["gift_wrapping"] {
  let cents = 0;
  const wrapped: { name: string; quantity: number }[] = [];
  for (const item of items) {
    const options = (item.details.customizable_options ?? []) as { values?: WrappedValue[] }[];
    const wraps = options.flatMap((o) => o.values ?? []).filter((v) => v.gift_wrap);
    if (wraps.length === 0) continue;
    wrapped.push({ name: item.name, quantity: item.quantity });
    for (const v of wraps) cents += toCents(v.price?.value ?? 0) * item.quantity;
  }
  return wrapped.length > 0 ? { items: wrapped, price: toAmount(cents) } : null;
}
