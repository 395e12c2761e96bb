// The GA4 `purchase` event of the success page (spec §1, §3 "Order for purchase event"): pushed
// through the data layer's one module, once per order (not again on a re-render, a remount or a
// reload of this tab), in lib/analytics.ts's shape. The engagement service hears of the purchase
// from the server's report (decision 0031), not from here.
import { useEffect } from "react";
import type { OrderView } from "../../../server/checkout/service.ts";
import { trackPurchase } from "../../lib/analytics/index.ts";

export function usePurchaseEvent(order: OrderView) {
  useEffect(() => {
    trackPurchase(order);
  }, [order]);
}
