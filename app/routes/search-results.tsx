// Search results (spec §2 /searchresults?search=…, with origin for suggested phrases): the
// engine's products for the text, sorted by relevance or price, in pages, with the total; when
// nothing matches, the not-found message and hint (spec §8) and a "did you mean" link; the
// category pages' filters (spec §5) over the matching products, in the same controls. Never
// kept in the guest HTML cache (decision 0023); with marketing consent the search becomes one of
// the shopper's recent searches (the engine decides, decision 0022).
import { cardProduct } from "../../lib/card-product.ts";
import { listItems, useViewItemList } from "../lib/analytics/index.ts";
import { Link } from "../components/ui/router-link.tsx";
import { countFiltersInUse, listingQuery, listingViewFromQuery } from "../../lib/filters.ts";
import { requestTracking } from "../../server/engagement/tracking.ts";
import { ListingControls, sortValueOf } from "../components/category/listing-controls.tsx";
import { ProductGrid } from "../components/category/product-grid.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { Screen } from "../components/ui/screen.tsx";
import { shopContext } from "../context.ts";
import { useT } from "../lib/i18n.ts";
import { orNotFound } from "../lib/page-errors.ts";
import type { Route } from "./+types/search-results";

/** Spec §2: the text as typed, at most this long. */
const MAX_SEARCH = 200;
const ORIGINS = ["recent", "suggestion", "default"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const query = new URL(request.url).searchParams;
  const search = (query.get("search") ?? "").trim().slice(0, MAX_SEARCH);
  const origin = ORIGINS.find((o) => o === query.get("origin")) ?? null;
  const filterConfig = { categoryFilters: shop.store.config.categoryFilters, filter_blacklist: shop.store.config.filter_blacklist };
  if (!search) return { search, origin, results: null, filterConfig };
  const view = listingViewFromQuery(query);
  const tracking = requestTracking(await shop.shopper, shop.cookie);
  // A filter value no product has (an edited address) is the not-found page, as on category pages.
  const results = await orNotFound(
    shop.services.engagement.searchPage(
      shop.store,
      {
        text: search,
        filters: view.filters,
        sort: view.sort === "price" ? "price" : "relevance",
        dir: view.dir,
        page: Number.isInteger(view.page) && view.page > 0 ? view.page : 1,
      },
      tracking,
      shop.clientAddress,
    ),
  );
  return { search, origin, results: { ...results, items: results.items.map(cardProduct) }, filterConfig };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The search results as a list of the data layer. */
const SEARCH_LIST = { id: "search_results", name: "Search results" };

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { search, results } = loaderData;
  useViewItemList(search && results ? SEARCH_LIST : null, listItems(SEARCH_LIST, results?.items ?? []));
  if (!search || !results) return <Screen title={t("search.prompt")} lead={t("search.lead")} />;
  const { sort, dir, filters } = results.applied;
  const keep = { search };
  const keepSort = sort === "price" ? { sort, dir } : {};
  const href = (page: number) => `/searchresults${listingQuery({ filters, ...keepSort, page }, keep)}`;
  const filtered = countFiltersInUse(filters, loaderData.filterConfig) > 0;
  const { current_page, total_pages } = results.page_info;
  return (
    <div className="mx-auto max-w-shop px-4 py-6 md:px-8">
      <title>{`${t("search.title", { search })} | Kauppa`}</title>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("search.title", { search })}</h1>
        <p className="text-sm text-muted">{t("category.products", { count: results.total_count })}</p>
      </div>
      {results.items.length > 0 || filtered ? (
        <div className="mt-6">
          <ListingControls
            path="/searchresults"
            keep={keep}
            aggregations={results.aggregations}
            applied={results.applied}
            sortChoices={[
              { value: "relevance:", label: t("search.sort.relevance") },
              { value: "price:asc", label: t("category.sort.priceAsc") },
              { value: "price:desc", label: t("category.sort.priceDesc") },
            ]}
            defaultSort={sortValueOf("relevance")}
            config={loaderData.filterConfig}
          />
        </div>
      ) : null}
      {results.items.length > 0 ? (
        <ProductGrid products={results.items} list={SEARCH_LIST} />
      ) : filtered ? (
        <p className="py-16 text-center text-muted" role="status">
          {t("category.empty")}
        </p>
      ) : (
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
      )}
      <Pagination current={current_page} total={total_pages} href={href} />
    </div>
  );
}
