// Recommendations from the engagement service (issue 12): on the product page its alternatives
// and what was bought with it, on the cart page the popular products the cart does not hold.
// Fetched after the page has loaded, so the page itself stays the same for every guest (and
// cacheable); a click sends the product's click notification, with consent (spec §1).
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { notifyClick, type SuggestedProduct } from "../../lib/engagement.ts";
import { SellingPrice } from "../ui/price.tsx";
import { shortName } from "./product-card.tsx";

type ListId = "alternatives" | "also-bought" | "popular";
const TITLES = {
  alternatives: "recommendations.alternatives",
  "also-bought": "recommendations.alsoBought",
  popular: "recommendations.popular",
} as const;

/** For a product (its sku), or for a cart (the skus it holds). */
export function Recommendations({ product, cart }: { product?: string; cart?: string[] }) {
  const [lists, setLists] = useState<{ id: ListId; products: SuggestedProduct[] }[]>([]);
  const query = product ? `productKey=${encodeURIComponent(product)}` : `cart=${encodeURIComponent((cart ?? []).join(","))}`;
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/engagement/queries/recommendations?${query}`, { method: "POST", signal: controller.signal })
      .then((response) => (response.ok ? response.json() : { recommendationLists: [] }))
      .then((body: { recommendationLists?: { id: ListId; products: SuggestedProduct[] }[] }) => {
        setLists((body.recommendationLists ?? []).filter((list) => list.id in TITLES && list.products.length > 0));
      })
      .catch((error: unknown) => {
        // Recommendations are extra: without them the page is whole; the reason goes to the console only.
        if (!controller.signal.aborted) console.warn("recommendations failed", error);
      });
    return () => controller.abort();
  }, [query]);
  if (lists.length === 0) return null;
  return (
    <div className="mt-12 flex flex-col gap-10">
      {lists.map((list) => (
        <RecommendationRow key={list.id} id={list.id} products={list.products} />
      ))}
    </div>
  );
}

function RecommendationRow({ id, products }: { id: ListId; products: SuggestedProduct[] }) {
  const t = useT();
  const heading = useId();
  return (
    <section aria-labelledby={heading} data-recommendations={id}>
      <h2 id={heading} className="text-xl font-semibold tracking-tight">
        {t(TITLES[id])}
      </h2>
      <ul className="mt-4 flex snap-x gap-4 overflow-x-auto pb-2">
        {products.map((p) => (
          <li key={p.link} className="w-28 shrink-0 snap-start">
            <Link to={p.link} prefetch="intent" onClick={() => notifyClick(p.ticket)} className="group block">
              {p.imageInfo?.thumbnail ? (
                <img
                  src={p.imageInfo.thumbnail}
                  alt=""
                  width={100}
                  height={140}
                  loading="lazy"
                  className="aspect-[5/7] w-full rounded bg-mist object-cover"
                />
              ) : (
                <span className="block aspect-[5/7] w-full rounded bg-mist" />
              )}
              {p.brand ? <span className="mt-2 block text-xs text-muted uppercase">{p.brand}</span> : null}
              <span className="block text-sm font-medium group-hover:underline">{shortName(p.title)}</span>
              <SellingPrice price={p.sellingPrice} className="block" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
