// The GA4-style `purchase` event of the success page (spec §1, §3 "Order for purchase
// event"): pushed onto window.dataLayer once per order, amounts rounded to two decimals; the
// engagement service hears of the purchase from the server's report (decision 0031), not from here.
import { useEffect } from "react";
import { toAmount, toCents } from "../../../lib/money.ts";
import { purchaseItemPrice } from "../../../lib/purchase-price.ts";
import type { OrderView } from "../../../server/checkout/service.ts";

export interface PurchaseEvent {
  event: "purchase";
  ecommerce: {
    transaction_id: string;
    value: number;
    tax: number;
    shipping: number;
    currency: string;
    items: { item_id: string; item_name: string; price: number; quantity: number }[];
  };
}

const round2 = (amount: number) => toAmount(toCents(amount));

export function purchaseEvent(order: OrderView): PurchaseEvent {
  return {
    event: "purchase",
    ecommerce: {
      transaction_id: order.order_number,
      value: round2(order.totals.grand_total),
      tax: round2(order.totals.total_tax),
      shipping: round2(order.totals.shipping),
      currency: order.currency,
      items: order.items.map((item) => ({
        item_id: item.sku,
        item_name: item.name,
        price: purchaseItemPrice(item),
        quantity: item.quantity,
      })),
    },
  };
}

const pushed = new Set<string>();

/** Pushes the order's purchase event once: not again on a re-render, a remount or a reload of this tab. */
export function usePurchaseEvent(order: OrderView) {
  useEffect(() => {
    const key = `purchase:${order.order_number}`;
    if (pushed.has(key)) return;
    pushed.add(key);
    try {
      if (window.sessionStorage.getItem(key)) return;
      window.sessionStorage.setItem(key, "1");
    } catch {
      // Storage refused (private mode): the in-memory guard still holds for this page.
    }
    window.dataLayer ??= [];
    // GA4's advice: clear the previous ecommerce object before pushing a new one.
    window.dataLayer.push({ ecommerce: null });
    window.dataLayer.push(purchaseEvent(order));
  }, [order]);
}
