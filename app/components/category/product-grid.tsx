// A listing's products as a grid (category pages, search results). Its cards are only read and
// followed, so the browser adopts the grid the server sent and does not hydrate it (issue 16,
// decision 0061): on `/c/women` its cards were 618 of the 1,088 elements React hydrated. Its links
// are followed and prefetched on intent by the grid's own handlers (app/components/ui/static-html.tsx),
// a click on a card is the data layer's select_item here, and the server's wishlist hearts are kept
// to the wishlist store (`useServerHearts`). A grid with CMS banners among its cards is React's as a
// whole: a banner has its own views and clicks, and the banners a shopper sees depend on the login
// the browser knows.
import { type MouseEvent, useMemo } from "react";
import type { CardProduct } from "../../../lib/card-product.ts";
import { withBanners } from "../../../lib/category-banners.ts";
import type { CategoryBannerBlock } from "../../../lib/cms-types.ts";
import { type ItemList, trackSelectItem } from "../../lib/analytics/index.ts";
import { CategoryBanner } from "../cms/blocks/category-banner.tsx";
import { cardHeart, cardItem, ProductCard } from "../product/product-card.tsx";
import { useServerHearts } from "../product/wishlist-heart.tsx";
import { StaticHtml } from "../ui/static-html.tsx";

const GRID = "listing-grid mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4";
/**
 * The first row's pictures, where the page's largest is: those of a phone's two columns fetched
 * first, the rest of a desktop's four not lazy (a phone's second row; the browser raises them once
 * it has laid out a wide screen). Preloading four at high priority had a phone's two pictures in
 * view share the line with two below them.
 */
const pictureAt = (i: number) => (i < 2 ? "high" : i < 4 ? "eager" : undefined);

export function ProductGrid({
  products,
  list,
  banners = [],
}: {
  products: CardProduct[];
  /** The list the data layer names (select_item, add_to_wishlist), the cards' places in it their index. */
  list: ItemList;
  /** CMS banners among the cards, each at its place (lib/category-banners.ts). */
  banners?: readonly CategoryBannerBlock[];
}) {
  const content = useMemo(() => JSON.stringify([list, products]), [list, products]);
  const bySku = useMemo(() => new Map(products.map((product, index) => [product.sku, { product, index }])), [products]);
  const onAdopt = useServerHearts(content, (sku) => {
    const card = bySku.get(sku);
    return card && cardHeart(card.product, list, card.index);
  });

  // A click on a card's link: select_item, before the link is followed. The card is known by its
  // heart's sku, not by its place among the grid's children (banners take places too).
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const sku = (event.target as Element).closest(".card-link")?.closest("li")?.querySelector<HTMLElement>("[data-wishlist-heart]")
      ?.dataset.wishlistHeart;
    const card = sku === undefined ? undefined : bySku.get(sku);
    if (card) trackSelectItem(cardItem(card.product, list, card.index));
  };

  if (banners.length > 0) {
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are its cards' links' (Enter on a link is a click too).
      <ul className={GRID} onClick={onClick}>
        {withBanners(products, banners).map((cell, i) =>
          cell.kind === "product" ? (
            <ProductCard
              key={cell.item.sku}
              product={cell.item}
              picture={pictureAt(i)}
              list={list}
              index={bySku.get(cell.item.sku)?.index}
            />
          ) : (
            <li key={cell.banner.id} className={cell.banner.bannerType === "narrow" ? "" : "col-span-full"}>
              <CategoryBanner block={cell.banner} />
            </li>
          ),
        )}
      </ul>
    );
  }

  return (
    <StaticHtml
      as="ul"
      id="product-grid"
      className={GRID}
      content={content}
      keep={false}
      prefetch="intent"
      onClick={onClick}
      onAdopt={onAdopt}
    >
      <>
        {products.map((product, i) => (
          <ProductCard key={product.sku} product={product} picture={pictureAt(i)} list={list} index={i} />
        ))}
      </>
    </StaticHtml>
  );
}
