// One of the customer's orders (spec §2 /account/order/{slug}, the slug its number): lines,
// totals, address and methods, as the confirmation showed them, with its timeline and refunds.
// An order that has not shipped can be cancelled here (decision 0081): the button asks first
// (?cancel), and the answer posts to this page's action, with or without JavaScript. Anyone
// else's order, or none: not found. Behind login; private.
import { data, redirect, useActionData, useSearchParams } from "react-router";
import { Form, Link } from "../../components/ui/router-link.tsx";
import { methodTitles } from "../../../lib/checkout.ts";
import { isAppError } from "../../../server/errors.ts";
import { ownerOf } from "../../../server/identity.ts";
import { shopContext } from "../../context.ts";
import { AccountNotices } from "../../components/account/notices.tsx";
import { OrderDetails } from "../../components/checkout/order-details.tsx";
import { OrderTimeline } from "../../components/account/order-timeline.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { useErrorText } from "../../lib/errors.ts";
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
  const errorText = useErrorText();
  const refused = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { order, shippingTitle, paymentTitle } = loaderData;
  const asking = order.can_cancel && params.has("cancel");
  return (
    <Screen title={t("account.orders.number", { number: order.order_number })}>
      <AccountNotices />
      {refused?.error ? (
        <p role="alert" className="mb-4 rounded border border-sale bg-mist p-3 text-sm text-sale">
          {errorText(refused.error)}
        </p>
      ) : null}
      <p className="text-muted">
        {new Date(order.created_at).toLocaleDateString("fi-FI", { timeZone: "Europe/Helsinki" })} ·{" "}
        {t(`account.orders.status.${order.status}` as "account.orders.status.processing")}
      </p>
      {asking ? (
        <section aria-labelledby="cancel-question" className="mt-6 rounded border border-line p-4">
          <h2 id="cancel-question" className="text-lg font-semibold">
            {t("account.order.cancelQuestion", { number: order.order_number })}
          </h2>
          <p className="mt-2">{t("account.order.cancelExplain")}</p>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <Form method="post">
              <button type="submit" className="rounded-full bg-sale px-6 py-3 font-medium text-white hover:opacity-90">
                {t("account.order.cancelYes")}
              </button>
            </Form>
            <Link to={`/account/order/${encodeURIComponent(order.order_number)}`} className="underline" replace>
              {t("account.order.cancelNo")}
            </Link>
          </div>
        </section>
      ) : order.can_cancel ? (
        <Link to="?cancel" className="mt-4 inline-block underline">
          {t("account.order.cancel")}
        </Link>
      ) : null}
      <OrderTimeline history={order.history} refunds={order.refunds} />
      <OrderDetails order={order} shippingTitle={shippingTitle} paymentTitle={paymentTitle} />
      <Link to="/account/orders" className="mt-8 inline-block underline">
        {t("account.orders.back")}
      </Link>
    </Screen>
  );
}
