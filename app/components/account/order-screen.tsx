// An order's own page, for the customer in My account and for a guest through /order-lookup
// (decision 0081): what its action said (a notice or a refusal), its date and status, the
// cancel button while it can be cancelled, its timeline and refunds, and what was bought.
import type { ReactNode } from "react";
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import type { OrderView } from "../../../server/orders/order-view.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";
import { OrderDetails } from "../checkout/order-details.tsx";
import { Screen } from "../ui/screen.tsx";
import { CancelOrder } from "./cancel-order.tsx";
import { AccountNotices } from "./notices.tsx";
import { OrderTimeline } from "./order-timeline.tsx";

export function OrderScreen({
  order,
  shippingTitle,
  paymentTitle,
  path,
  refused,
  children,
}: {
  order: OrderView;
  shippingTitle: string;
  paymentTitle: string;
  /** The page's own address (where "Keep the order" goes). */
  path: string;
  /** The action's refusal, worded from the catalogue. */
  refused?: ErrorDetail | null;
  children?: ReactNode;
}) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <Screen title={t("account.orders.number", { number: order.order_number })}>
      <AccountNotices />
      {refused ? (
        <p role="alert" className="mb-4 rounded border border-sale bg-mist p-3 text-sm text-sale">
          {errorText(refused)}
        </p>
      ) : null}
      <p className="text-muted">
        {new Date(order.created_at).toLocaleDateString("fi-FI", { timeZone: "Europe/Helsinki" })} ·{" "}
        {t(`account.orders.status.${order.status}` as "account.orders.status.processing")}
      </p>
      <CancelOrder order={order} path={path} />
      <OrderTimeline history={order.history} refunds={order.refunds} />
      <OrderDetails order={order} shippingTitle={shippingTitle} paymentTitle={paymentTitle} />
      {children}
    </Screen>
  );
}
