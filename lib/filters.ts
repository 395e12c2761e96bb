// Category filters (spec §5): a filter in use counts only if it is not blacklisted and is
// one of the store's categoryFilters; a dropdown filter needs a translated label and more
// than one option, and filters are shown in position order.
import type { Aggregation } from "./catalog-types.ts";

export interface FilterConfig {
  categoryFilters: string[];
  filter_blacklist: string[];
}

const offered = (code: string, config: FilterConfig) => config.categoryFilters.includes(code) && !config.filter_blacklist.includes(code);

export function countFiltersInUse(applied: Record<string, string[]>, config: FilterConfig): number {
  return Object.entries(applied).filter(([code, values]) => values.length > 0 && offered(code, config)).length;
}

export function visibleFilters(aggregations: Aggregation[], config: FilterConfig): Aggregation[] {
  return aggregations
    .filter((a) => offered(a.attribute_code, config) && a.translated_label.trim() !== "" && a.options.length > 1)
    .sort((a, b) => a.position - b.position);
}

/**
 * The query string of a listing view: filters, sort and page, in a stable order, after the
 * parameters the page keeps whatever the view (the search results' text).
 */
export function listingQuery(
  view: { filters: Record<string, string[]>; sort?: string; dir?: string; page?: number },
  keep: Record<string, string> = {},
): string {
  const params = new URLSearchParams(keep);
  for (const code of Object.keys(view.filters).sort()) {
    const values = view.filters[code] ?? [];
    if (values.length) params.set(code, [...values].sort().join(","));
  }
  if (view.sort) params.set("sort", view.sort);
  if (view.dir) params.set("dir", view.dir);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

/** The listing filters a category page reads from its address. */
export const LISTING_FILTERS = ["color", "size", "brand", "price"] as const;

export interface ListingView {
  filters: Record<string, string[]>;
  sort?: string;
  dir?: "asc" | "desc";
  page: number;
}

/**
 * A category page's view as its address asks for it. Filters arrive comma-joined (canonical
 * links) or repeated (the form without JavaScript); the form's sort arrives as "price:asc".
 */
export function listingViewFromQuery(query: URLSearchParams): ListingView {
  const filters = Object.fromEntries(
    LISTING_FILTERS.map((f) => [
      f,
      query
        .getAll(f)
        .flatMap((v) => v.split(","))
        .filter(Boolean),
    ]),
  );
  const [sort, formDir] = (query.get("sort") ?? "").split(":");
  const dir = query.get("dir") ?? formDir;
  return {
    filters,
    ...(sort ? { sort } : {}),
    ...(dir === "asc" || dir === "desc" ? { dir } : {}),
    page: query.has("page") ? Number(query.get("page")) : 1,
  };
}
