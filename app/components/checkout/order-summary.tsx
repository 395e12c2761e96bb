// The order summary beside the checkout steps (items, products, discount, shipping, gift
// card, total and the VAT in it) and the same totals on the success page.
import { Form } from "../ui/router-link.tsx";
import type { Cart, InvalidCode } from "../../../lib/cart-types.ts";
import { imageUrl } from "../../../lib/image-url.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useFormatNumber, useT } from "../../lib/i18n.ts";
import { shortName } from "../../../lib/product-name.ts";
import { useFormatPrice } from "../ui/price.tsx";

export interface TotalRow {
  label: string;
  value: string;
  tone?: "discount" | "total" | "muted";
}

export function TotalsList({ rows }: { rows: TotalRow[] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
      {rows.map((row) => {
        const style =
          row.tone === "total"
            ? "mt-2 border-t border-line pt-3 text-base font-semibold"
            : row.tone === "discount"
              ? "text-sale"
              : row.tone === "muted"
                ? "text-muted"
                : "";
        return (
          <div key={row.label} className="contents">
            <dt className={style}>{row.label}</dt>
            <dd className={`text-right tabular-nums ${style}`} data-testid={row.tone === "total" ? "grand-total" : undefined}>
              {row.value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** What describes a cart item or an order line (an order line keeps the cart item's fields). */
export interface ItemDescription {
  configurable_options?: { option_label: string; value_label: string }[];
  customizable_options?: { label: string; values: { label: string; value: string }[] }[];
  recipient_name?: string | null;
}

/** A line of what an item is: colour, size, custom options, gift-card recipient. */
export function itemDetails(item: ItemDescription, recipientLabel: string) {
  return [
    ...(item.configurable_options ?? []).map((o) => `${o.option_label}: ${o.value_label}`),
    ...(item.customizable_options ?? []).map((o) => `${o.label}: ${o.values.map((v) => v.label || v.value).join(", ")}`),
    item.recipient_name ? `${recipientLabel}: ${item.recipient_name}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Why a code on the cart no longer applies, worded by the error catalogue in the page's language. */
export function useInvalidCodeText() {
  const errorText = useErrorText();
  return (code: InvalidCode) => errorText({ code: code.reason, params: code.params });
}

/**
 * Codes on the cart that no longer apply (a coupon used up meanwhile): said plainly, each with
 * a form that removes it, so the shopper continues without it (also without JavaScript).
 */
function InvalidCodes({ codes }: { codes: InvalidCode[] }) {
  const t = useT();
  const reason = useInvalidCodeText();
  if (codes.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-col gap-3" data-testid="invalid-codes">
      {codes.map((code) => (
        <li key={`${code.type}-${code.code}`} className="rounded border border-sale/40 bg-white p-3 text-sm">
          <p className="font-medium">
            {t(code.type === "coupon" ? "checkout.invalidCode.coupon" : "checkout.invalidCode.giftCard", { code: code.code })}
          </p>
          <p className="text-sale">{reason(code)}</p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value={code.type === "coupon" ? "remove_coupon" : "remove_gift_card"} />
            <button type="submit" className="rounded-full border border-ink px-4 py-1.5 font-medium hover:bg-mist">
              {t("checkout.invalidCode.remove")}
              <span className="sr-only">: {code.code}</span>
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

export function OrderSummary({ cart, shippingChosen }: { cart: Cart; shippingChosen: boolean }) {
  const t = useT();
  const formatNumber = useFormatNumber();
  const format = useFormatPrice();
  const p = cart.prices;
  const rows: TotalRow[] = [{ label: t("checkout.summary.subtotal"), value: format(p.subtotal_including_tax.value) }];
  for (const d of p.discounts)
    rows.push({ label: d.label || t("checkout.summary.discount"), value: `−${format(d.amount.value)}`, tone: "discount" });
  rows.push({
    label: t("checkout.summary.shipping"),
    value: !shippingChosen
      ? t("checkout.summary.shippingLater")
      : p.shipping_including_tax.value === 0
        ? t("checkout.shippingMethod.free")
        : format(p.shipping_including_tax.value),
    tone: shippingChosen ? undefined : "muted",
  });
  if (p.gift_card) rows.push({ label: t("checkout.summary.giftCard"), value: `−${format(p.gift_card.value)}`, tone: "discount" });
  rows.push({ label: t("checkout.summary.total"), value: format(p.grand_total.value), tone: "total" });
  for (const tax of p.applied_taxes)
    rows.push({
      // 25,5 in Finnish, 25.5 in English: the rate is a number in the page's language.
      label: t("checkout.summary.vat", { rate: formatNumber(tax.rate) }),
      value: format(tax.amount.value),
      tone: "muted",
    });

  return (
    <section aria-labelledby="order-summary-title" className="rounded-lg bg-mist p-4 md:p-6">
      <h2 id="order-summary-title" className="flex items-baseline justify-between gap-2 text-lg font-semibold">
        {t("checkout.summary")}
        <span className="text-sm font-normal text-muted">{t("checkout.summary.count", { count: cart.total_quantity })}</span>
      </h2>
      <ul className="mt-4 flex flex-col gap-4 border-b border-line pb-4">
        {cart.items.map((item) => {
          const details = itemDetails(item, t("product.giftCard.recipientName"));
          return (
            <li key={item.id} className="flex gap-3">
              {item.product.image.url ? (
                <img
                  src={imageUrl(item.product.image.url, { w: 120, h: 168 })}
                  alt=""
                  width={60}
                  height={84}
                  className="h-[84px] w-[60px] shrink-0 rounded bg-paper object-cover"
                />
              ) : null}
              <div className="flex min-w-0 flex-1 flex-col text-sm">
                <span className="font-medium">{shortName(item.product.name)}</span>
                {details ? <span className="text-muted">{details}</span> : null}
                <span className="text-muted">{t("checkout.summary.quantity", { count: item.quantity })}</span>
              </div>
              <span className="text-sm font-medium tabular-nums">{format(item.prices.row_total_including_tax.value)}</span>
            </li>
          );
        })}
      </ul>
      <InvalidCodes codes={cart.invalid_codes} />
      <div className="mt-4">
        <TotalsList rows={rows} />
      </div>
    </section>
  );
}
