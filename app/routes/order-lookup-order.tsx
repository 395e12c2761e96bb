// The order a guest found at /order-lookup (decision 0081), opened by the pass in their cookie:
// the same page as a customer's order in My account, with its cancel button while it has not
// shipped. Without a valid pass (none, expired, another order's): back to the lookup.
import { data, redirect, useActionData } from "react-router";
import { methodTitles } from "../../lib/checkout.ts";
import { COOKIES } from "../../lib/cookies.ts";
import { isAppError, privatePageHeaders } from "../../server/errors.ts";
import { OrderScreen } from "../components/account/order-screen.tsx";
import { Link } from "../components/ui/router-link.tsx";
import { shopContext } from "../context.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/order-lookup-order";

const backToLookup = () => redirect("/order-lookup?error=order_lookup_failed");

export async function loader({ context, params }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  try {
    const order = await shop.services.orderLookup.view(shop.store, shop.cookie(COOKIES.orderPass), params.number);
    return { order, ...methodTitles(order.shipping_method, order.payment_method, shop.store.locale) };
  } catch (error) {
    if (isAppError(error) && error.code === "order_lookup_failed") throw backToLookup();
    throw error;
  }
}

export async function action({ context, params }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  try {
    await shop.services.orderLookup.cancel(shop.store, shop.cookie(COOKIES.orderPass), params.number);
  } catch (error) {
    if (isAppError(error) && error.code === "order_lookup_failed") throw backToLookup();
    if (isAppError(error) && error.status < 500)
      return data({ error: { code: error.code, params: error.params } }, { status: error.status });
    throw error;
  }
  throw redirect(`/order-lookup/${encodeURIComponent(params.number)}?notice=orderCanceled`);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return privatePageHeaders(actionHeaders);
}

export default function LookedUpOrder({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const refused = useActionData<typeof action>();
  const { order, shippingTitle, paymentTitle } = loaderData;
  return (
    <OrderScreen
      order={order}
      shippingTitle={shippingTitle}
      paymentTitle={paymentTitle}
      path={`/order-lookup/${encodeURIComponent(order.order_number)}`}
      refused={refused?.error}
    >
      <Link to="/order-lookup" className="mt-8 inline-block underline">
        {t("orderLookup.again")}
      </Link>
    </OrderScreen>
  );
}
