// The page being shown, in another store (switching language, spec §2): the same product
// with the same colour and size chosen, the same category with the same filters, sort and
// page. Addresses are per store (url keys, category paths, option uids), so each part is
// looked up in the store it comes from and found again in the other. Listing filters name
// attribute value codes ("navy"), brands and euro ranges, which every store shares; a filter
// or sort the other store does not offer is left out rather than answered with a 400 there.
import { selectionFromAddress } from "../../lib/add-to-cart-form.ts";
import { listingQuery, listingViewFromQuery } from "../../lib/filters.ts";
import { formatSelectedConfigurations, mapSelection } from "../../lib/variant-selection.ts";
import { isAppError } from "../errors.ts";
import type { CatalogService, Store } from "./service.ts";

const BASE = "http://shop.invalid";

/** `address` is a path with its query ("/p/sadetakki?selectedConfigurations=…"); the answer is the path and query in `to`. */
export async function otherStoreAddress(
  catalog: Pick<CatalogService, "product" | "category">,
  from: Store,
  to: Store,
  address: string,
): Promise<string> {
  let url: URL;
  try {
    url = new URL(address, BASE);
  } catch {
    return "/";
  }
  // Only a path of this shop: never a way to send a shopper elsewhere.
  if (url.origin !== BASE || !address.startsWith("/")) return "/";
  const path = url.pathname;
  try {
    const product = /^\/p\/([^/]+)$/.exec(path);
    if (product?.[1]) return await productAddress(catalog, from, to, decodeURIComponent(product[1]), url.searchParams);
    const category = /^\/c\/(.+?)\/?$/.exec(path);
    if (category?.[1]) return await categoryAddress(catalog, from, to, decodeURIComponent(category[1]), url.searchParams);
  } catch (error) {
    // Not in this store (or a broken address): the other store answers the same path as it can.
    if (!(error instanceof URIError) && !(isAppError(error) && error.status === 404)) throw error;
    return path;
  }
  // Every other page has one path in every store.
  return `${path}${url.search}`;
}

async function productAddress(
  catalog: Pick<CatalogService, "product">,
  from: Store,
  to: Store,
  slug: string,
  query: URLSearchParams,
): Promise<string> {
  const here = await catalog.product(from, slug);
  const key = here.url_keys[to.locale];
  if (!key) return `/p/${encodeURIComponent(slug)}`;
  const there = await catalog.product(to, key);
  const chosen = mapSelection(here, there, selectionFromAddress(here, query));
  const value = formatSelectedConfigurations(there, { color: chosen.color ?? null, size: chosen.size ?? null });
  return `/p/${encodeURIComponent(key)}${value ? `?${new URLSearchParams({ selectedConfigurations: value })}` : ""}`;
}

async function categoryAddress(
  catalog: Pick<CatalogService, "category">,
  from: Store,
  to: Store,
  path: string,
  query: URLSearchParams,
): Promise<string> {
  const here = await catalog.category(from, path);
  const otherPath = here.url_paths[to.locale];
  if (!otherPath) return `/c/${path}`;
  const there = await catalog.category(to, otherPath);
  const view = listingViewFromQuery(query);
  const offered = to.config.categoryFilters.filter((code) => !to.config.filter_blacklist.includes(code));
  const filters = Object.fromEntries(Object.entries(view.filters).filter(([code]) => offered.includes(code)));
  const sort = view.sort && there.available_sort_by.includes(view.sort) ? view.sort : undefined;
  const page = Number.isInteger(view.page) && view.page > 1 ? view.page : undefined;
  return `/c/${otherPath}${listingQuery({ filters, sort, dir: sort === "price" ? view.dir : undefined, page })}`;
}
