import { useId, useMemo } from "react";
import { Link } from "../ui/router-link.tsx";
import type { CardProduct } from "../../../lib/card-product.ts";
import { imageSrcSet, imageUrl } from "../../../lib/image-url.ts";
import { type ItemList, productCurrency, productItem } from "../../lib/analytics/index.ts";
import { useT } from "../../lib/i18n.ts";
import { Price } from "../ui/price.tsx";
import { StaticHtml } from "../ui/static-html.tsx";
import { shortName } from "../../../lib/product-name.ts";
import { type Heart, useServerHearts, WishlistHeart } from "./wishlist-heart.tsx";

const SWATCHES = 6;

/** The card's product as the data layer names it in a list (`list`, its place `index`). */
export function cardItem(product: CardProduct, list?: ItemList, index?: number) {
  return productItem(product, { index, list, variant: product.shown_color?.label });
}

/** The card's product as its wishlist heart names it. */
export function cardHeart(product: CardProduct, list?: ItemList, index?: number): Heart {
  return {
    sku: product.sku,
    name: shortName(product.name),
    analytics: () => ({ item: cardItem(product, list, index), currency: productCurrency(product) }),
  };
}

/**
 * A product in a grid (`picture`: "high" in the first row at every width, where the page's
 * largest picture is, so fetched first: React then also preloads it from the head; "eager" in a
 * wider screen's first row, not lazy, at the browser's own priority); under a colour filter (`shown_color`) in that colour, and its link opens it
 * chosen. In a named list (`list`, its place `index`) the heart's add_to_wishlist names them; a
 * click on the card (select_item) is the listing grid's (app/components/category/product-grid.tsx).
 */
export function ProductCard(props: CardProps) {
  return (
    <li className="product-card group">
      <CardBody {...props} />
    </li>
  );
}

/**
 * A card that stands on its own (a CMS block's list): adopted as the server sent it, not hydrated,
 * as a listing's grid is (decision 0061): its link followed and prefetched by its own handlers, its
 * heart kept to the wishlist store.
 */
export function AdoptedProductCard({ product }: { product: CardProduct }) {
  const id = useId();
  const content = useMemo(() => JSON.stringify(product), [product]);
  const onAdopt = useServerHearts(content, (sku) => (sku === product.sku ? cardHeart(product) : undefined));
  return (
    <StaticHtml as="li" id={id} className="product-card group" content={content} keep={false} prefetch="intent" onAdopt={onAdopt}>
      <CardBody product={product} />
    </StaticHtml>
  );
}

interface CardProps {
  product: CardProduct;
  picture?: "high" | "eager";
  list?: ItemList;
  index?: number;
}

/** How a card's picture is fetched (see ProductCard). */
const PICTURE_FETCH = {
  high: { fetchPriority: "high" },
  eager: {},
  lazy: { loading: "lazy", decoding: "async" },
} as const;

/** What a card shows, in its `li`. */
function CardBody({ product, picture, list, index }: CardProps) {
  const t = useT();
  const soldOut = product.stock_status === "OUT_OF_STOCK";
  const shown = product.shown_color;
  const image = shown?.image ?? product.image;
  const href = shown
    ? `/p/${product.url_key}?${new URLSearchParams({ selectedConfigurations: shown.selected_configurations })}`
    : `/p/${product.url_key}`;
  const swatches = product.colors.slice(0, SWATCHES);
  // The colour shown is always among the swatches, even when it comes late in the list.
  const late = shown ? product.colors.find((c) => c.uid === shown.uid && !swatches.includes(c)) : undefined;
  if (late) swatches[SWATCHES - 1] = late;
  return (
    <>
      <div className="card-picture">
        {image.url ? (
          <img
            src={imageUrl(image.url, { w: 400, h: 560 })}
            srcSet={imageSrcSet(image.url, [200, 300, 400, 600])}
            sizes="(min-width: 1200px) 22vw, (min-width: 768px) 30vw, 46vw"
            alt=""
            width={400}
            height={560}
            {...PICTURE_FETCH[picture ?? "lazy"]}
            className="hover-zoom h-full w-full object-cover"
          />
        ) : null}
        {/* Above the card's link, which covers the whole card. */}
        <WishlistHeart {...cardHeart(product, list, index)} className="absolute top-2 right-2 z-10" />
        {soldOut ? (
          <span className="absolute top-2 left-2 rounded bg-white/90 px-2 py-0.5 text-xs font-medium">{t("product.soldOut")}</span>
        ) : null}
      </div>
      <div className="card-text">
        <span className="card-brand">{product.brand_value}</span>
        <h3 className="card-name">
          <Link prefetch="intent" to={href} className="card-link">
            {shortName(product.name)}
            {shown ? <span className="sr-only">, {shown.label}</span> : null}
          </Link>
        </h3>
        <Price range={product.price_range} />
        {product.colors.length > 1 ? (
          <span className="card-swatches">
            <span className="sr-only">{t("product.colors", { count: product.colors.length })}</span>
            {swatches.map((c) => (
              <span
                key={c.uid}
                title={c.label}
                aria-hidden="true"
                data-shown={c.uid === shown?.uid ? "" : undefined}
                className={c.uid === shown?.uid ? "swatch-dot ring-2 ring-ink ring-offset-1" : "swatch-dot"}
                style={{ background: c.swatch ?? "#ccc" }}
              />
            ))}
          </span>
        ) : null}
      </div>
    </>
  );
}
