// The GA4 `purchase` event of the success page (spec §1, §3 "Order for purchase event"): pushed
// through the data layer's one module, once per order (not again on a re-render, a remount or a
// reload of this tab), in lib/analytics.ts's shape; the engagement service hears of it too (a
// purchase signal per product, with consent), as often as the event.
import { useEffect } from "react";
import type { OrderView } from "../../../server/checkout/service.ts";
import { trackPurchase } from "../../lib/analytics/index.ts";
import { notifyEngine } from "../../lib/engagement.ts";

export function usePurchaseEvent(order: OrderView) {
  useEffect(() => {
    if (!trackPurchase(order)) return;
    for (const item of order.items) notifyEngine("purchase", { productKey: item.sku });
  }, [order]);
}
