// An order as the shopper reads it after buying and in their account: its lines, the totals
// that explain the price, where it goes, how it ships and how it was paid.
import type { OrderView } from "../../../server/orders/order-view.ts";
import { imageUrl } from "../../../lib/image-url.ts";
import { CARRIER_NAMES, trackingUrl } from "../../../lib/tracking.ts";
import { useT } from "../../lib/i18n.ts";
import { shortName } from "../../../lib/product-name.ts";
import { useFormatPrice } from "../ui/price.tsx";
import { type ItemDescription, itemDetails, type TotalRow, TotalsList } from "./order-summary.tsx";
import { PickupPointLines } from "./pickup-point.tsx";
import { PostalAddress } from "./postal-address.tsx";
import { useRootData } from "../../lib/frame.ts";

interface ItemDetails extends ItemDescription {
  product?: { image?: { url?: string } };
}

export function OrderDetails({ order, shippingTitle, paymentTitle }: { order: OrderView; shippingTitle: string; paymentTitle: string }) {
  const t = useT();
  const format = useFormatPrice();
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
    <>
      {order.shipments.length > 0 ? <Shipments shipments={order.shipments} /> : null}
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
            <dt className="font-medium">{t("checkout.success.billTo")}</dt>
            <dd className="mt-1">
              <PostalAddress address={order.billing_address} />
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
          {order.gift_wrapping ? (
            <div>
              <dt className="font-medium">{t("checkout.success.giftWrapping")}</dt>
              <dd className="mt-1">
                <ul>
                  {order.gift_wrapping.items.map((item, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: order lines never move
                    <li key={i}>{t("checkout.success.giftWrapped", { name: shortName(item.name), quantity: item.quantity })}</li>
                  ))}
                </ul>
                <span className="tabular-nums">{format(order.gift_wrapping.price)}</span>
              </dd>
            </div>
          ) : null}
          {order.finnair_plus_number ? (
            <div>
              <dt className="font-medium">{t("checkout.success.finnairPlus")}</dt>
              <dd className="mt-1 tabular-nums">{order.finnair_plus_number}</dd>
            </div>
          ) : null}
        </dl>
      </section>
    </>
  );
}

/** The order's parcels on their way, each with its carrier's tracking page in the shopper's language (decision 0020). */
function Shipments({ shipments }: { shipments: OrderView["shipments"] }) {
  const t = useT();
  const locale = useRootData()?.locale ?? "en";
  return (
    <section aria-labelledby="order-shipments" className="mt-10">
      <h2 id="order-shipments" className="text-xl font-semibold">
        {t("shipment.title")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {shipments.map((s) => (
          <li key={s.shipment_number} className="rounded-lg border border-line p-4 text-sm">
            <h3 className="font-semibold">{t("shipment.number", { number: s.shipment_number })}</h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted">{t("shipment.carrier")}</dt>
              <dd>{CARRIER_NAMES[s.carrier]}</dd>
              <dt className="text-muted">{t("shipment.tracking")}</dt>
              <dd className="break-all font-mono">{s.tracking_number}</dd>
              <dt className="text-muted">{t("shipment.shippedAt")}</dt>
              <dd>{new Date(s.shipped_at).toLocaleDateString("fi-FI", { timeZone: "Europe/Helsinki" })}</dd>
            </dl>
            <a
              href={trackingUrl(s.carrier, s.tracking_number, locale)}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-block font-medium underline"
            >
              {t("shipment.track", { carrier: CARRIER_NAMES[s.carrier] })}
              <span className="sr-only"> {t("shipment.newWindow")}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
