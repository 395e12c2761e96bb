// Order success (spec §2, §4): only with the one-time flag a placed order sets — its value is
// the order's view token; the flag is cleared on entry, so a reload or a second visit goes
// home. Shows the order number, what was bought, the totals and where the confirmation went,
// and pushes the purchase event once.
import { data, redirect } from "react-router";
import { Link } from "../components/ui/router-link.tsx";
import { methodTitles } from "../../lib/checkout.ts";
import { COOKIES, clearedCheckoutSuccessCookie } from "../../lib/cookies.ts";
import { OrderDetails } from "../components/checkout/order-details.tsx";
import { usePurchaseEvent } from "../components/checkout/purchase-event.ts";
import { CheckIcon } from "../components/ui/icons.tsx";
import { requestPurchaseContext } from "../../server/crm/context.ts";
import { shopContext } from "../context.ts";
import { clientGuards, guards } from "../lib/guards.ts";
import { useT } from "../lib/i18n.ts";
import { useRootData } from "../lib/frame.ts";
import { formatShopDate } from "../../lib/dates.ts";
import { creditorReference, invoiceDueDate } from "../../lib/invoice.ts";
import type { OrderView } from "../../server/orders/order-view.ts";
import { useFormatPrice } from "../components/ui/price.tsx";
import type { Route } from "./+types/checkout-success";

export const middleware = guards("checkout-success");
export const clientMiddleware = clientGuards("checkout-success");

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { services, store } = shop;
  const headers = {
    "Set-Cookie": clearedCheckoutSuccessCookie(request),
    "Cache-Control": "private, no-store",
  };
  const token = shop.cookie(COOKIES.checkoutSuccess);
  const order = token ? await services.checkout.orderForSuccessPage(store, token) : null;
  if (!order) throw redirect("/", { headers });
  // The purchase reported to the loyalty programme and the engagement engine (decision 0031):
  // once per order (a card payment's report was written when it was paid), delivered in the
  // background. Never at the cost of the confirmation: a failure is logged, the page shown.
  if (token)
    await services.crm
      .reportByViewToken(store, token, requestPurchaseContext(store, await shop.shopper, shop.cookie))
      .catch((error: unknown) => console.error(error));
  return data({ order, ...methodTitles(order.shipping_method, order.payment_method, store.locale) }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { order, shippingTitle, paymentTitle } = loaderData;
  usePurchaseEvent(order);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 md:px-8 md:py-12">
      <title>{`${t("checkout.success.title")} | Kauppa`}</title>
      <meta name="robots" content="noindex" />
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-white">
          <CheckIcon size={26} />
        </span>
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{t("checkout.success.title")}</h1>
          <p className="mt-2 text-lg" data-testid="order-number">
            {t("checkout.success.number", { number: order.order_number })}
          </p>
          <p className="mt-1 text-muted">{t("checkout.success.email", { email: order.email })}</p>
        </div>
      </div>

      {order.payment_method === "invoice" ? <InvoiceDetails order={order} /> : null}

      <OrderDetails order={order} shippingTitle={shippingTitle} paymentTitle={paymentTitle} />

      <Link to="/" className="mt-10 inline-block rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
        {t("checkout.success.continue")}
      </Link>
    </div>
  );
}

/** What an invoice order is paid with, as the confirmation mail says it: amount, due date, reference. */
function InvoiceDetails({ order }: { order: OrderView }) {
  const t = useT();
  const format = useFormatPrice();
  const locale = useRootData()?.locale ?? "en";
  return (
    <section aria-labelledby="invoice-title" className="mt-8 rounded-lg border border-line bg-mist p-5" data-testid="invoice-details">
      <h2 id="invoice-title" className="text-lg font-semibold">
        {t("checkout.success.invoice")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("checkout.success.invoiceIntro", { email: order.email })}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="font-medium">{t("checkout.success.invoiceAmount")}</dt>
        <dd className="tabular-nums">{format(order.totals.grand_total)}</dd>
        <dt className="font-medium">{t("checkout.success.invoiceDue")}</dt>
        <dd>{formatShopDate(invoiceDueDate(order.created_at), locale)}</dd>
        <dt className="font-medium">{t("checkout.success.invoiceReference")}</dt>
        <dd className="font-mono">{creditorReference(order.order_number)}</dd>
      </dl>
    </section>
  );
}
