import { cardProduct } from "../../lib/card-product.ts";
import { useMemo } from "react";
import { Link } from "../components/ui/router-link.tsx";
import { listingQuery, listingViewFromQuery } from "../../lib/filters.ts";
import { breadcrumbJsonLd } from "../../lib/structured-data.ts";
import { JsonLd } from "../components/ui/json-ld.tsx";
import { categorySortChoices, ListingControls, sortValueOf } from "../components/category/listing-controls.tsx";
import { ProductGrid } from "../components/category/product-grid.tsx";
import { shouldRender } from "../components/cms/should-render.ts";
import { useSession } from "../components/header/use-session.ts";
import { Breadcrumbs } from "../components/ui/breadcrumbs.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { type ShopContext, shopContext } from "../context.ts";
import { requestTracking } from "../../server/engagement/tracking.ts";
import { listItems, useViewItemList } from "../lib/analytics/index.ts";
import { useT } from "../lib/i18n.ts";
import { orNotFound } from "../lib/page-errors.ts";
import { GUEST_PAGE_CACHE, pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/category";

/**
 * The CMS's category banners this listing page shows (spec §4 visibility, its categoryIDs), on its
 * first page only. The page is the same for every guest, so both login states' banners come; the
 * browser keeps the shopper's.
 */
async function categoryBanners(shop: ShopContext, category: { uid: string; url_path: string }, page: number) {
  if (page > 1) return [];
  const placements = await shop.services.content.placements(shop.store).catch((error) => {
    // Spec §7: banner failures give empty lists.
    shop.degraded("content placements", error);
    return null;
  });
  const path = `/c/${category.url_path}`;
  return (placements?.categoryBanners ?? []).filter((banner) =>
    [false, true].some((loggedIn) => shouldRender(banner, { loggedIn, isProductPage: false, categoryUid: category.uid, path })),
  );
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { store, services, origins } = shop;
  const { filters, sort, dir, page } = listingViewFromQuery(new URL(request.url).searchParams);
  // "For you" is the shopper's own order (decision 0069): reading them makes the page theirs, never cached.
  const affinity =
    sort === "nosto_personalized" ? await services.engagement.forYou(store, requestTracking(await shop.shopper, shop.cookie)) : undefined;
  const listing = await orNotFound(services.catalog.listing(store, { path: params["*"] ?? "", page, sort, dir, filters }, affinity));
  const alternates = Object.fromEntries(Object.entries(listing.category.url_paths).map(([l, p]) => [l, `/c/${p}`]));
  return {
    listing: { ...listing, items: listing.items.map(cardProduct) },
    banners: await categoryBanners(shop, listing.category, listing.page_info.current_page),
    origin: origins[store.locale] ?? "",
    filterConfig: { categoryFilters: store.config.categoryFilters, filter_blacklist: store.config.filter_blacklist },
    alternates,
    meta: { title: listing.category.meta_title, description: listing.category.meta_description, origins, locale: store.locale },
  };
}

export const headers = () => ({ "Cache-Control": GUEST_PAGE_CACHE });

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta({ ...loaderData.meta, alternates: loaderData.alternates }) : [];

export default function Category({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { listing } = loaderData;
  const { category, page_info } = listing;
  const itemList = { id: category.uid, name: category.name };
  useViewItemList(itemList, listItems(itemList, listing.items));
  const { sort, dir, filters } = listing.applied;
  const defaultSort = sort === category.default_sort_by && (sort !== "price" || dir === "desc");
  const { loggedIn } = useSession();
  // The category's banners (the loader's), those for the shopper's login state.
  const banners = useMemo(
    () =>
      loaderData.banners.filter((banner) =>
        shouldRender(banner, { loggedIn, isProductPage: false, categoryUid: category.uid, path: `/c/${category.url_path}` }),
      ),
    [loaderData.banners, loggedIn, category],
  );
  const pageHref = (page: number) =>
    `/c/${category.url_path}${listingQuery({ filters, ...(defaultSort ? {} : { sort, dir: sort === "price" ? dir : undefined }), page })}`;
  return (
    <div className="mx-auto max-w-shop px-4 py-6 md:px-8">
      <JsonLd data={breadcrumbJsonLd(category.breadcrumbs, loaderData.origin, "Kauppa")} />
      <Breadcrumbs items={category.breadcrumbs} current />
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{category.name}</h1>
        <p className="text-sm text-muted">{t("category.products", { count: listing.total_count })}</p>
      </div>
      {category.children.length ? (
        <nav aria-label={t("category.subcategories")} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {category.children.map((c) => (
              <li key={c.uid}>
                <Link
                  prefetch="intent"
                  to={`/c/${c.url_path}`}
                  className="inline-block rounded-full border border-line px-4 py-1.5 text-sm hover:border-ink"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="mt-6">
        <ListingControls
          path={`/c/${category.url_path}`}
          aggregations={listing.aggregations}
          applied={listing.applied}
          sortChoices={categorySortChoices(listing, t)}
          defaultSort={sortValueOf(category.default_sort_by)}
          config={loaderData.filterConfig}
        />
      </div>
      {listing.items.length === 0 ? (
        <p className="py-16 text-center text-muted">{t("category.empty")}</p>
      ) : (
        <>
          {/* The cards' names are h3s: the list needs its h2 (heading order, for screen readers). */}
          <h2 className="sr-only">{t("category.products", { count: listing.total_count })}</h2>
          <ProductGrid products={listing.items} list={itemList} banners={banners} />
        </>
      )}
      <Pagination current={page_info.current_page} total={page_info.total_pages} href={pageHref} />
    </div>
  );
}
