// Recommendations from the engagement service (issue 12): on the product page its alternatives
// and what was bought with it, on the cart page the popular products the cart does not hold.
// Fetched after the page has loaded, so the page itself stays the same for every guest (and
// cacheable); a click sends the product's click notification, with consent (spec §1).
import { startTransition, useEffect, useId, useState } from "react";
import { Link } from "../ui/router-link.tsx";
import { type ItemList, suggestedItem, trackSelectItem, useViewItemList } from "../../lib/analytics/index.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";
import { whenIdle } from "../../lib/when-idle.ts";
import { notifyClick, type SuggestedProduct } from "../../lib/engagement.ts";
import { SellingPrice } from "../ui/price.tsx";
import { Slider } from "../ui/slider.tsx";
import { shortName } from "../../../lib/product-name.ts";

type ListId = "alternatives" | "also-bought" | "popular";
const TITLES = {
  alternatives: "recommendations.alternatives",
  "also-bought": "recommendations.alsoBought",
  popular: "recommendations.popular",
} as const;

/** For a product (its sku), or for a cart (the skus it holds). */
export function Recommendations({ product, cart }: { product?: string; cart?: string[] }) {
  const query = product ? `productKey=${encodeURIComponent(product)}` : `cart=${encodeURIComponent((cart ?? []).join(","))}`;
  const answer = useRecommendationLists(`/api/engagement/queries/recommendations?${query}`);
  const lists = answer.lists.filter((list): list is { id: ListId; products: SuggestedProduct[] } => list.id in TITLES);
  if (answer.failed) {
    return (
      <div className="mt-12">
        <LoadFailed />
      </div>
    );
  }
  if (lists.length === 0) return null;
  return (
    <div className="mt-12 flex flex-col gap-10">
      {lists.map((list) => (
        <RecommendationRow key={list.id} id={list.id} products={list.products} />
      ))}
    </div>
  );
}

/** What an engagement query answered: its non-empty lists, or that it failed (spec §8: the part says so). */
export interface RecommendationLists {
  lists: { id: string; products: SuggestedProduct[] }[];
  failed: boolean;
}

/**
 * The non-empty product lists an engagement query answers (`{ recommendationLists: [...] }`),
 * asked in the browser after the page has loaded; none while loading, and `failed` when the
 * service did not answer (the reason goes to the console).
 */
export function useRecommendationLists(url: string): RecommendationLists {
  const [answer, setAnswer] = useState<RecommendationLists>({ lists: [], failed: false });
  useEffect(() => {
    const controller = new AbortController();
    const cancel = whenIdle(() => {
      fetch(url, { method: "POST", signal: controller.signal })
        .then((response) => {
          if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
          return response.json();
        })
        .then((body: { recommendationLists?: { id: string; products?: SuggestedProduct[] }[] }) => {
          const lists = (body.recommendationLists ?? []).flatMap((list) =>
            list.products?.length ? [{ id: list.id, products: list.products }] : [],
          );
          // Rendered in slices (a transition): a row of cards is 20–45 ms of rendering on a phone.
          startTransition(() => setAnswer({ lists, failed: false }));
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("recommendations failed", error);
          setAnswer({ lists: [], failed: true });
        });
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [url]);
  return answer;
}

/** Spec §8's words for a part of the page that could not be loaded. */
export function LoadFailed() {
  const errorText = useErrorText();
  return (
    <p role="status" className="rounded border border-line bg-mist p-4 text-sm text-muted">
      {errorText({ code: "data_load_failed" })}
    </p>
  );
}

function RecommendationRow({ id, products }: { id: ListId; products: SuggestedProduct[] }) {
  const t = useT();
  const heading = useId();
  const list = { id, name: t(TITLES[id]) };
  useViewItemList(
    list,
    products.map((p, index) => suggestedItem(p, { index, list })),
  );
  return (
    <section aria-labelledby={heading} data-recommendations={id}>
      <Slider
        header={
          <h2 id={heading} className="text-xl font-semibold tracking-tight">
            {t(TITLES[id])}
          </h2>
        }
      >
        {products.map((p, index) => (
          <SuggestedProductItem key={p.link} product={p} list={list} index={index} />
        ))}
      </Slider>
    </section>
  );
}

/** The shop's own thumbnail (/img/…) drawn at another width, in the same 5:7 proportions. */
function resized(url: string, width: number): string {
  if (!url.startsWith("/")) return url;
  const [path, query = ""] = url.split("?");
  const params = new URLSearchParams(query);
  params.set("w", String(width));
  params.set("h", String(Math.round((width * 7) / 5)));
  return `${path}?${params}`;
}

/**
 * A recommended product in a slider: thumbnail, brand, name, price; a click tells the engine
 * (with consent). `imageWidth` asks the picture larger than the service's thumbnail.
 */
export function SuggestedProductItem({
  product: p,
  className = "w-28",
  imageWidth,
  list,
  index,
}: {
  product: SuggestedProduct;
  className?: string;
  imageWidth?: number;
  /** In a named list: a click is the data layer's select_item too. */
  list?: ItemList;
  index?: number;
}) {
  const onClick = () => {
    notifyClick(p.ticket);
    if (list) trackSelectItem(suggestedItem(p, { index, list }));
  };
  return (
    <li className={className}>
      <Link to={p.link} prefetch="intent" onClick={onClick} className="group block">
        {p.imageInfo?.thumbnail ? (
          <img
            src={imageWidth ? resized(p.imageInfo.thumbnail, imageWidth) : p.imageInfo.thumbnail}
            srcSet={
              imageWidth
                ? `${resized(p.imageInfo.thumbnail, imageWidth / 2)} 1x, ${resized(p.imageInfo.thumbnail, imageWidth)} 2x`
                : undefined
            }
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
  );
}
