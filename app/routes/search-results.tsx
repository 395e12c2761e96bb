// Search results (spec §2 /searchresults?search=…, with origin for suggested phrases): the
// engine's products for the text, sorted by relevance or price, in pages, with the total; when
// nothing matches, the not-found message and hint (spec §8) and a "did you mean" link. Never
// kept in the guest HTML cache (decision 0023); with marketing consent the search becomes one of
// the shopper's recent searches (the engine decides, decision 0022).
import { Form, Link } from "react-router";
import { COOKIES } from "../../lib/cookies.ts";
import { listingQuery, listingViewFromQuery } from "../../lib/filters.ts";
import { trackingFor } from "../../server/engagement/tracking.ts";
import { ProductCard } from "../components/product/product-card.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { Screen } from "../components/ui/screen.tsx";
import { shopContext } from "../context.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/search-results";

/** Spec §2: the text as typed, at most this long. */
const MAX_SEARCH = 200;
const ORIGINS = ["recent", "suggestion", "default"] as const;
type SearchSort = "relevance" | "price:asc" | "price:desc";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const query = new URL(request.url).searchParams;
  const search = (query.get("search") ?? "").trim().slice(0, MAX_SEARCH);
  const origin = ORIGINS.find((o) => o === query.get("origin")) ?? null;
  if (!search) return { search, origin, results: null };
  const view = listingViewFromQuery(query);
  const shopper = await shop.shopper;
  const tracking = trackingFor({
    marketing: shopper.consent.marketing,
    customer: shopper.customer,
    customerKey: shop.cookie(COOKIES.customerKey),
    sessionKey: shop.cookie(COOKIES.sessionKey),
  });
  const results = await shop.services.engagement.searchPage(
    shop.store,
    {
      text: search,
      filters: view.filters,
      sort: view.sort === "price" ? "price" : "relevance",
      dir: view.dir,
      page: Number.isInteger(view.page) && view.page > 0 ? view.page : 1,
    },
    tracking,
  );
  return { search, origin, results };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { search, results } = loaderData;
  if (!search || !results) return <Screen title={t("search.prompt")} lead={t("search.lead")} />;
  const { sort, dir } = results.applied;
  const sortValue: SearchSort = sort === "price" ? (dir === "asc" ? "price:asc" : "price:desc") : "relevance";
  const href = (view: { sort?: string; dir?: string; page?: number }) =>
    `/searchresults?search=${encodeURIComponent(search)}${listingQuery({ filters: results.applied.filters, ...view }).replace(/^\?/, "&")}`;
  const keepSort = sort === "price" ? { sort, dir } : {};
  const { current_page, total_pages } = results.page_info;
  return (
    <div className="mx-auto max-w-shop px-4 py-6 md:px-8">
      <title>{`${t("search.title", { search })} | Kauppa`}</title>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("search.title", { search })}</h1>
        <p className="text-sm text-muted">{t("category.products", { count: results.total_count })}</p>
      </div>
      {results.items.length === 0 ? (
        <div className="py-16 text-center" role="status">
          <p className="text-lg font-semibold">{t("shell.search.notFound", { search })}</p>
          <p className="mt-2 text-muted">{t("shell.search.tryAgain")}</p>
          {results.did_you_mean ? (
            <p className="mt-4">
              {t("search.didYouMean")}{" "}
              <Link to={`/searchresults?search=${encodeURIComponent(results.did_you_mean)}`} className="font-medium underline">
                {results.did_you_mean}
              </Link>
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <Form method="get" action="/searchresults" className="mt-6 flex items-center gap-2 text-sm">
            <input type="hidden" name="search" value={search} />
            <label htmlFor="search-sort">{t("category.sortBy")}</label>
            <select
              id="search-sort"
              name="sort"
              defaultValue={sortValue}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              className="rounded border border-line bg-white px-3 py-2"
            >
              <option value="relevance">{t("search.sort.relevance")}</option>
              <option value="price:asc">{t("category.sort.priceAsc")}</option>
              <option value="price:desc">{t("category.sort.priceDesc")}</option>
            </select>
            <noscript>
              <button type="submit" className="rounded-full border border-line px-4 py-2">
                {t("search.sort.apply")}
              </button>
            </noscript>
          </Form>
          <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
            {results.items.map((item, i) => (
              <ProductCard key={item.sku} product={item} eager={i < 4} />
            ))}
          </ul>
        </>
      )}
      <Pagination current={current_page} total={total_pages} href={(page) => href({ ...keepSort, page })} />
    </div>
  );
}
