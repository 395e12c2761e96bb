// The order as the shopper and the mail see it: what was bought, the addresses and methods,
// and the totals in euros, read from the order's own rows (never re-priced).
import { toAmount } from "../../lib/money.ts";
import type { OrderQueries, OrderRow } from "./repository.ts";

export interface OrderView {
  order_number: string;
  status: OrderRow["status"];
  email: string;
  created_at: string;
  currency: string;
  shipping_address: Record<string, string>;
  billing_address: Record<string, string>;
  shipping_method: string;
  payment_method: string;
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
  totals: { subtotal: number; discount: number; shipping: number; gift_card: number; grand_total: number; total_tax: number };
}

export async function orderView(q: OrderQueries, order: OrderRow): Promise<OrderView> {
  const items = await q.items(order.id);
  return {
    order_number: order.order_number,
    status: order.status,
    email: order.email,
    created_at: new Date(order.created_at).toISOString(),
    currency: order.currency,
    shipping_address: order.shipping_address,
    billing_address: order.billing_address,
    shipping_method: order.shipping_method,
    payment_method: order.payment_method,
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
    },
  };
}
