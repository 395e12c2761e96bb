// Order success (spec §2, §4): only with the one-time flag a placed order sets — its value is
// the order's view token; the flag is cleared on entry, so a reload or a second visit goes
// home. Shows the order number, what was bought, the totals and where the confirmation went,
// and pushes the purchase event once.
import { data, Link, redirect } from "react-router";
import { EMAIL_DELIVERY, PAYMENT_TITLES, type PaymentMethodCode, SHIPPING_METHODS } from "../../lib/checkout.ts";
import { COOKIES, clearedCheckoutSuccessCookie } from "../../lib/cookies.ts";
import { imageUrl } from "../../lib/image-url.ts";
import { type ItemDescription, itemDetails, type TotalRow, TotalsList } from "../components/checkout/order-summary.tsx";
import { usePurchaseEvent } from "../components/checkout/purchase-event.ts";
import { PickupPointLines } from "../components/checkout/pickup-point.tsx";
import { PostalAddress } from "../components/checkout/postal-address.tsx";
import { shortName } from "../components/product/product-card.tsx";
import { CheckIcon } from "../components/ui/icons.tsx";
import { useFormatPrice } from "../components/ui/price.tsx";
import { shopContext } from "../context.ts";
import { clientGuards, guards } from "../lib/guards.ts";
import { useT } from "../lib/i18n.ts";
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
  const shipping = [...SHIPPING_METHODS, EMAIL_DELIVERY].find((m) => m.method_code === order.shipping_method);
  const payment = PAYMENT_TITLES[order.payment_method as PaymentMethodCode];
  return data(
    {
      order,
      shippingTitle: shipping?.title[store.locale] ?? order.shipping_method,
      paymentTitle: payment?.[store.locale] ?? order.payment_method,
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

interface ItemDetails extends ItemDescription {
  product?: { image?: { url?: string } };
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormatPrice();
  const { order, shippingTitle, paymentTitle } = loaderData;
  usePurchaseEvent(order);
  const totals = order.totals;
  const rows: TotalRow[] = [{ label: t("checkout.summary.subtotal"), value: format(totals.subtotal) }];
  if (totals.discount > 0) rows.push({ label: t("checkout.summary.discount"), value: `−${format(totals.discount)}`, tone: "discount" });
  rows.push({
    label: t("checkout.summary.shipping"),
    value: totals.shipping === 0 ? t("checkout.shippingMethod.free") : format(totals.shipping),
  });
  if (totals.gift_card > 0) rows.push({ label: t("checkout.summary.giftCard"), value: `−${format(totals.gift_card)}`, tone: "discount" });
  rows.push({ label: t("checkout.summary.total"), value: format(totals.grand_total), tone: "total" });
  rows.push({ label: t("checkout.summary.vatTotal"), value: format(totals.total_tax), tone: "muted" });
  const address = order.shipping_address;

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

      <section aria-labelledby="success-items" className="mt-10">
        <h2 id="success-items" className="text-xl font-semibold">
          {t("checkout.success.items")}
        </h2>
        <ul className="mt-4 divide-y divide-line border-y border-line">
          {order.items.map((item, i) => {
            const d = item.details as ItemDetails;
            const image = d.product?.image?.url;
            const line = itemDetails(d, t("product.giftCard.recipientName"));
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id of their own and never move
              <li key={`${item.sku}-${i}`} className="flex gap-4 py-4">
                {image ? (
                  <img
                    src={imageUrl(image, { w: 160, h: 224 })}
                    alt=""
                    width={80}
                    height={112}
                    className="h-[112px] w-[80px] shrink-0 rounded bg-mist object-cover"
                  />
                ) : null}
                <div className="flex min-w-0 flex-1 flex-col text-sm">
                  <span className="font-medium">{shortName(item.name)}</span>
                  {line ? <span className="text-muted">{line}</span> : null}
                  <span className="text-muted">{t("checkout.summary.quantity", { count: item.quantity })}</span>
                </div>
                <span className="text-sm font-medium tabular-nums">{format(item.row_total)}</span>
              </li>
            );
          })}
        </ul>
        <div className="mt-4 sm:ml-auto sm:max-w-sm">
          <TotalsList rows={rows} />
        </div>
      </section>

      <section aria-labelledby="success-details" className="mt-10">
        <h2 id="success-details" className="text-xl font-semibold">
          {t("checkout.success.details")}
        </h2>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium">{t("checkout.success.shipTo")}</dt>
            <dd className="mt-1">
              <PostalAddress address={address} />
            </dd>
          </div>
          <div>
            <dt className="font-medium">{t("checkout.success.method")}</dt>
            <dd className="mt-1">
              {shippingTitle}
              {order.pickup_point ? <PickupPointLines point={order.pickup_point} /> : null}
            </dd>
          </div>
          <div>
            <dt className="font-medium">{t("checkout.success.payment")}</dt>
            <dd className="mt-1">{paymentTitle}</dd>
          </div>
        </dl>
      </section>

      <Link to="/" className="mt-10 inline-block rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
        {t("checkout.success.continue")}
      </Link>
    </div>
  );
}
