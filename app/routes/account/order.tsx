// One of the customer's orders (spec §2 /account/order/{slug}, the slug its number): lines,
// totals, address and methods, as the confirmation showed them, with its timeline and refunds.
// An order that has not shipped can be cancelled here (decision 0081): the button asks first
// (?cancel), and the answer posts to this page's action, with or without JavaScript. Anyone
// else's order, or none: not found. Behind login; private.
import { data, redirect, useActionData } from "react-router";
import { Link } from "../../components/ui/router-link.tsx";
import { methodTitles } from "../../../lib/checkout.ts";
import { isAppError } from "../../../server/errors.ts";
import { ownerOf } from "../../../server/identity.ts";
import { shopContext } from "../../context.ts";
import { OrderScreen } from "../../components/account/order-screen.tsx";
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

export async function action({ context, params }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const number = params.slug ?? "";
  try {
    await shop.services.orders.cancelByCustomer(ownerOf(await shop.shopper), shop.store, number);
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    if (isAppError(error) && error.status < 500)
      return data({ error: { code: error.code, params: error.params } }, { status: error.status });
    throw error;
  }
  throw redirect(`/account/order/${encodeURIComponent(number)}?notice=orderCanceled`);
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const refused = useActionData<typeof action>();
  const { order, shippingTitle, paymentTitle } = loaderData;
  return (
    <OrderScreen
      order={order}
      shippingTitle={shippingTitle}
      paymentTitle={paymentTitle}
      path={`/account/order/${encodeURIComponent(order.order_number)}`}
      refused={refused?.error}
    >
      <Link to="/account/orders" className="mt-8 inline-block underline">
        {t("account.orders.back")}
      </Link>
    </OrderScreen>
  );
}
