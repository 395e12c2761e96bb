import { useState } from "react";
import { productCurrency, productItem, trackViewItem, useTrackOnce } from "../lib/analytics/index.ts";
import { data, redirect } from "react-router";
import { Link } from "../components/ui/router-link.tsx";
import { cartItemFromForm, customOptionsFromForm, selectionFromAddress, selectionFromForm } from "../../lib/add-to-cart-form.ts";
import type { ErrorDetail } from "../../lib/errors/format.ts";
import type { ProductPageProduct } from "../../lib/catalog-types.ts";
import {
  activeVariant,
  availableSizes,
  formatSelectedConfigurations,
  initialSelection,
  type Selection,
  selectColor,
  selectSize,
} from "../../lib/variant-selection.ts";
import { addToGuestCart } from "../../server/cart/forms.ts";
import { productPageData } from "../../server/catalog/product-details.ts";
import { imageUrl } from "../../lib/image-url.ts";
import { shortName } from "../../lib/product-name.ts";
import { AddToCartForm } from "../components/product/add-to-cart.tsx";
import { WishlistHeart } from "../components/product/wishlist-heart.tsx";
import { Gallery } from "../components/product/gallery.tsx";
import { CustomOptions, GiftCardOptions } from "../components/product/product-options.tsx";
import { StoreStock } from "../components/product/store-stock.tsx";
import { ColorPicker, SizePicker } from "../components/product/variant-picker.tsx";
import { Price, useFormatPrice } from "../components/ui/price.tsx";
import { Recommendations } from "../components/product/recommendations.tsx";
import { Breadcrumbs } from "../components/ui/breadcrumbs.tsx";
import { toAmount, toCents } from "../../lib/money.ts";
import { configuredPriceCents } from "../../lib/product-price.ts";
import { breadcrumbJsonLd, productJsonLd } from "../../lib/structured-data.ts";
import { JsonLd } from "../components/ui/json-ld.tsx";
import { shopContext } from "../context.ts";
import { useT } from "../lib/i18n.ts";
import { orNotFound } from "../lib/page-errors.ts";
import { GUEST_PAGE_CACHE, pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/product";

/** The product page after an add to cart without JavaScript: it is the shopper's own, never kept for other guests. */
const PRIVATE = "private, no-store";
const ADDED_PARAM = "added";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { store, services, origins } = context.get(shopContext);
  const product = await orNotFound(services.catalog.product(store, params.slug));
  const search = new URL(request.url).searchParams;
  const link = selectionFromAddress(product, search);
  const alternates = Object.fromEntries(Object.entries(product.url_keys).map(([l, key]) => [l, `/p/${key}`]));
  const added = search.has(ADDED_PARAM);
  const body = {
    product: productPageData(product),
    link,
    added,
    origin: origins[store.locale] ?? "",
    alternates,
    meta: {
      title: `${shortName(product.name)} | ${product.brand_value}`,
      description: product.meta_description,
      origins,
      locale: store.locale,
      image: product.image.url ? `${origins[store.locale]}${imageUrl(product.image.url, { w: 1200, h: 1680 })}` : undefined,
    },
  };
  return data(body, { headers: { "Cache-Control": added ? PRIVATE : GUEST_PAGE_CACHE } });
}

/**
 * "Add to cart" posted without JavaScript: the same item the button's fetch would send, added
 * to the guest cart (created with its cookies when there is none); then back to the product
 * with the choice and a confirmation, or the page again with the reason and the choice kept.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const { store, services } = context.get(shopContext);
  const product = await orNotFound(services.catalog.product(store, params.slug));
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  const item = cartItemFromForm(product, form);
  if ("code" in item) return data({ error: item, values }, { status: 400, headers: { "Cache-Control": PRIVATE } });
  const outcome = await addToGuestCart(services.cart, await context.get(shopContext).shopper, request, item);
  const headers = new Headers({ "Cache-Control": PRIVATE });
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  if (!outcome.ok) {
    // Too many new carts from this address (docs/decisions/0035): when to come back, as the API says it.
    const seconds = outcome.error.params?.seconds;
    if (outcome.status === 429 && typeof seconds === "number") headers.set("Retry-After", String(seconds));
    return data({ error: outcome.error, values }, { status: outcome.status, headers });
  }
  const back = new URLSearchParams();
  const choice = formatSelectedConfigurations(product, selectionFromForm(product, form));
  if (choice) back.set("selectedConfigurations", choice);
  back.set(ADDED_PARAM, "1");
  throw redirect(`/p/${params.slug}?${back}`, { headers });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? GUEST_PAGE_CACHE });
  // A posted form's answer (a refusal) is the shopper's own.
  if (actionHeaders.has("Cache-Control")) headers.set("Cache-Control", PRIVATE);
  for (const cookie of actionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta({ ...loaderData.meta, alternates: loaderData.alternates }) : [];

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  // Keyed by product: loading another product resets every selection (spec §4).
  const { product, origin } = loaderData;
  // The data layer's view_item, once per view of this product's page.
  useTrackOnce(`view_item:${product.sku}`, () => trackViewItem(productItem(product), productCurrency(product)));
  return (
    <>
      <JsonLd data={productJsonLd(product, origin, (url) => imageUrl(url, { w: 1000, h: 1400 }))} />
      <JsonLd data={breadcrumbJsonLd(product.breadcrumbs, origin, "Kauppa")} />
      <ProductView key={product.sku} product={product} link={loaderData.link} added={loaderData.added} refused={actionData ?? null} />
    </>
  );
}

function ProductView({
  product,
  link,
  added,
  refused,
}: {
  product: ProductPageProduct;
  link: Partial<Selection>;
  /** Back from an add to cart without JavaScript. */
  added: boolean;
  /** An add to cart the server refused (without JavaScript): why, and the form as it was posted. */
  refused: { error: ErrorDetail; values: Record<string, string> } | null;
}) {
  const t = useT();
  const format = useFormatPrice();
  const posted = refused ? new URLSearchParams(refused.values) : null;
  const [selection, setSelection] = useState(() => {
    if (!posted) return initialSelection(product, link);
    const chosen = selectionFromForm(product, posted);
    return initialSelection(product, { color: chosen.color, ...(chosen.size ? { size: chosen.size } : {}) });
  });
  const colors = product.configurable_options.find((o) => o.attribute_code === "color");
  const sizes = product.configurable_options.find((o) => o.attribute_code === "size");
  const variant = activeVariant(product, selection);

  const choose = (next: Selection) => {
    setSelection(next);
    // Reflect the choice in the URL without a navigation: a shared link opens the same choice.
    const url = new URL(window.location.href);
    const value = formatSelectedConfigurations(product, next);
    if (value) url.searchParams.set("selectedConfigurations", value);
    else url.searchParams.delete("selectedConfigurations");
    window.history.replaceState(window.history.state, "", url);
  };

  const gallery = product.media_gallery.filter((m) => m.color_uid === null || m.color_uid === selection.color);
  const soldOut = product.stock_status === "OUT_OF_STOCK";
  const range = variant?.product.price_range ?? product.price_range;
  const left = variant?.product.only_x_left_in_stock;
  const [giftCardAmount, setGiftCardAmount] = useState<string | null>(() => {
    const posted = refused?.values.giftcard_amount;
    return product.giftcard_amounts.some((a) => a.uid === posted) ? (posted ?? null) : null;
  });
  const [optionValues, setOptionValues] = useState<Record<string, string>>(() => (posted ? customOptionsFromForm(product, posted) : {}));
  const baseCents = toCents(range.minimum_price.final_price.value);
  const configured = configuredPriceCents(product, { baseCents, giftCardAmountUid: giftCardAmount, options: optionValues });

  /** What goes to the cart, or the message of what is still missing (spec §8): the form's fields, as the server reads them. */
  const buildItem = (form: FormData) => cartItemFromForm(product, form);
  return (
    <div className="mx-auto max-w-shop px-4 py-6 md:px-8">
      <Breadcrumbs items={product.breadcrumbs} />
      <div className="mt-4 grid gap-5 md:grid-cols-[3fr_2fr] md:gap-8">
        <Gallery key={selection.color ?? "all"} images={gallery.length ? gallery : [product.image]} />
        <div className="flex flex-col gap-5">
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="text-sm tracking-wide text-muted uppercase">{product.brand_value}</p>
              <h1 className="mt-1 text-2xl font-semibold tracking-tight md:text-3xl">{shortName(product.name)}</h1>
            </div>
            <WishlistHeart
              sku={product.sku}
              name={shortName(product.name)}
              analytics={() => ({ item: productItem(product), currency: productCurrency(product) })}
              className="shrink-0 rounded-full border border-line"
            />
          </div>
          {giftCardAmount ? (
            <p data-testid="product-price" className="text-2xl font-semibold">
              {format(toAmount(configured))}
            </p>
          ) : (
            <Price range={range} size="lg" />
          )}
          {soldOut ? <p className="font-medium text-sale">{t("product.soldOut")}</p> : null}
          {left ? <p className="text-sm font-medium text-sale">{t("product.onlyLeft", { count: left })}</p> : null}
          <AddToCartForm build={buildItem} disabled={soldOut} added={added} refused={refused?.error ?? null}>
            {colors ? (
              <ColorPicker option={colors} value={selection.color} onChange={(uid) => choose(selectColor(product, selection, uid))} />
            ) : null}
            {colors ? (
              // Without JavaScript the sizes, pictures and price follow a colour only when the page is
              // asked again (a GET of the form); with it they follow at once, and nothing shifts on hydration.
              <noscript>
                <button
                  type="submit"
                  formMethod="get"
                  className="rounded-full border border-ink px-4 py-2 text-sm font-medium hover:bg-mist"
                >
                  {t("product.showColor")}
                </button>
              </noscript>
            ) : null}
            {sizes ? (
              <SizePicker
                option={sizes}
                value={selection.size}
                available={availableSizes(product, selection.color)}
                onChange={(uid) => choose(selectSize(product, selection, uid))}
              />
            ) : null}
            {product.giftcard_amounts.length ? (
              <GiftCardOptions product={product} amount={giftCardAmount} onAmount={setGiftCardAmount} defaults={refused?.values} />
            ) : null}
            {product.options.length ? (
              <CustomOptions
                options={product.options}
                values={optionValues}
                onChange={(uid, value) => setOptionValues({ ...optionValues, [uid]: value })}
              />
            ) : null}
            {configured !== baseCents && !giftCardAmount ? (
              <p className="text-lg">
                {t("product.total")}: <strong>{format(toAmount(configured))}</strong>
              </p>
            ) : null}
          </AddToCartForm>
          <StoreStock sku={selection.color ? (variant?.product.sku ?? null) : null} />
          <section>
            <h2 className="text-sm font-semibold">{t("product.description")}</h2>
            <p className="mt-2 leading-relaxed text-muted">{product.description}</p>
          </section>
          {product.features.length ? (
            <section>
              <h2 className="text-sm font-semibold">{t("product.features")}</h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {product.features.map((f) => (
                  <div key={f.code} className="contents">
                    <dt className="text-muted">{f.label}</dt>
                    <dd>{f.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {product.related_products.length ? (
            <section>
              <h2 className="text-sm font-semibold">{t("product.related")}</h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {product.related_products.map((r) => (
                  <li key={r.sku}>
                    <Link
                      to={`/p/${r.url_key}`}
                      prefetch="intent"
                      title={`${shortName(r.name)}${r.color ? `, ${r.color.label}` : ""}`}
                      className="flex items-center gap-2 rounded-full border border-line py-1 pr-3 pl-1 text-sm hover:border-ink"
                    >
                      <span
                        aria-hidden="true"
                        className="h-7 w-7 rounded-full border border-line"
                        style={{ background: r.color?.swatch ?? "#ccc" }}
                      />
                      {r.color ? r.color.label : shortName(r.name)}
                      <span className="sr-only">: {shortName(r.name)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      <Recommendations product={product.sku} />
    </div>
  );
}
