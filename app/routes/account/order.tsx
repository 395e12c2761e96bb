// One of the customer's orders (spec §2 /account/order/{slug}, the slug its number): lines,
// totals, address and methods, as the confirmation showed them. Anyone else's order, or none:
// not found. Behind login; private.
import { data } from "react-router";
import { Link } from "../../components/ui/router-link.tsx";
import { methodTitles } from "../../../lib/checkout.ts";
import { isAppError } from "../../../server/errors.ts";
import { ownerOf } from "../../../server/identity.ts";
import { shopContext } from "../../context.ts";
import { OrderDetails } from "../../components/checkout/order-details.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/order";

export async function loader({ context, params }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const owner = ownerOf(await shop.shopper);
  try {
    const order = await shop.services.customerOrders.one(owner, shop.store, params.slug ?? "");
    return { order, ...methodTitles(order.shipping_method, order.payment_method, shop.store.locale) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { order, shippingTitle, paymentTitle } = loaderData;
  return (
    <Screen title={t("account.orders.number", { number: order.order_number })}>
      <p className="text-muted">
        {new Date(order.created_at).toLocaleDateString("fi-FI", { timeZone: "Europe/Helsinki" })} ·{" "}
        {t(`account.orders.status.${order.status}` as "account.orders.status.processing")}
      </p>
      <OrderDetails order={order} shippingTitle={shippingTitle} paymentTitle={paymentTitle} />
      <Link to="/account/orders" className="mt-8 inline-block underline">
        {t("account.orders.back")}
      </Link>
    </Screen>
  );
}
