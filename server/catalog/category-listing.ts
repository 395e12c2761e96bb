// A category's listing (spec §5): the page of product summaries for the filters and sort
// asked, with the facets (colour, size, brand, price buckets) the store offers and their
// counts. Filters and sorts are checked here; unknown ones are a 400.
import type { Aggregation, CategoryListing, ListingItem, ProductSummary } from "../../lib/catalog-types.ts";
import { CATEGORY_PAGE_SIZE } from "../../lib/constants.ts";
import type { LocaleCode } from "../../lib/locales.ts";
import { badInput, notFound } from "../errors.ts";
import { categoryInfo, type Reference, type Store, text } from "./reference.ts";
import { configurableOptionUid } from "./product-details.ts";
import { type AttributeValueRow, type CatalogRepository, type FacetCounts, type ListingAffinity, PRICE_BUCKETS } from "./repository.ts";

export const MAX_PAGE_SIZE = 100;

export const FILTER_LABELS: Record<string, Record<LocaleCode, string>> = {
  color: { en: "Colour", fi: "Väri" },
  size: { en: "Size", fi: "Koko" },
  price: { en: "Price", fi: "Hinta" },
  brand: { en: "Brand", fi: "Merkki" },
};

const SORT_LABELS: Record<string, Record<LocaleCode, string>> = {
  position: { en: "Recommended", fi: "Suositellut" },
  nosto_personalized: { en: "For you", fi: "Sinulle" },
  price: { en: "Price", fi: "Hinta" },
};

export interface ListingParams {
  path: string;
  page?: number;
  pageSize?: number;
  sort?: string;
  dir?: "asc" | "desc";
  filters?: Record<string, string[]>;
}

/** The listing asked for with every default filled in and the filters in one order (the cache key). */
export function fullListingParams(params: ListingParams): Required<ListingParams> {
  const page = params.page ?? 1;
  const pageSize = params.pageSize ?? CATEGORY_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw badInput("page", { rule: "wholeNumber", min: 1, max: 10_000 });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    throw badInput("pageSize", { rule: "wholeNumber", min: 1, max: MAX_PAGE_SIZE });
  return {
    path: params.path.replace(/^\/+|\/+$/g, ""),
    page,
    pageSize,
    sort: params.sort ?? "",
    dir: params.dir ?? (params.sort === "price" ? "desc" : "asc"),
    filters: Object.fromEntries(
      Object.entries(params.filters ?? {})
        .filter(([, values]) => values.length > 0)
        .map(([k, values]) => [k, [...new Set(values)].sort()]),
    ),
  };
}

/** A price filter ("50-100", "500-" in euros) as a [from, to) range in cents; null without one. */
export function priceFilterCents(value: string | undefined): [number, number] | null {
  if (value === undefined) return null;
  const match = /^(\d{1,6})-(\d{1,6})?$/.exec(value);
  if (!match) throw badInput("price", { rule: "priceRange" });
  const from = Number(match[1]) * 100;
  const to = match[2] === undefined ? Number.MAX_SAFE_INTEGER : Number(match[2]) * 100;
  if (to <= from) throw badInput("price", { rule: "priceOrder" });
  return [from, Math.min(to, 2_147_483_647)];
}

/** The filters a store offers on its listings (category and search pages), in their order. */
export function offeredFilters(store: Store): string[] {
  const config = store.config;
  return config.categoryFilters.filter((code) => !config.filter_blacklist.includes(code));
}

/**
 * The facets of a listing (category or search page) for the store's offered filters: colour and
 * size values in the shop's order with their swatches, brands, and price buckets in euros.
 */
export function listingAggregations(store: Store, attributes: Map<number, AttributeValueRow>, counts: FacetCounts): Aggregation[] {
  const locale = store.locale;
  const valueOptions = (list: { id: number; count: number }[]) =>
    list
      .map((f) => ({ f, a: attributes.get(f.id) }))
      .filter((x): x is { f: { id: number; count: number }; a: AttributeValueRow } => !!x.a)
      .sort((x, y) => x.a.position - y.a.position)
      .map(({ f, a }) => ({ label: text(a.labels, locale), value: a.code, count: f.count, swatch: a.swatch }));
  const euros = (cents: number) => String(cents / 100);
  return offeredFilters(store).map((code, position) => {
    const label = FILTER_LABELS[code]?.[locale] ?? "";
    const options =
      code === "color"
        ? valueOptions(counts.colors)
        : code === "size"
          ? valueOptions(counts.sizes)
          : code === "brand"
            ? counts.brands.map((b) => ({ label: b.brand, value: b.brand, count: b.count }))
            : code === "price"
              ? counts.prices.map(({ bucket, count }) => {
                  const from = PRICE_BUCKETS[bucket - 1] ?? 0;
                  const to = PRICE_BUCKETS[bucket];
                  const value = `${euros(from)}-${to === undefined ? "" : euros(to)}`;
                  return { label: to === undefined ? `${euros(from)} €+` : `${euros(from)}–${euros(to)} €`, value, count };
                })
              : [];
    return { attribute_code: code, url_key: code, translated_label: label, position, options };
  });
}

export interface ListingsDeps {
  repo: CatalogRepository;
  /** The reference data, as the service caches it. */
  ref: () => Promise<Reference>;
  summaries: (store: Store, ids: number[]) => Promise<ProductSummary[]>;
}

export function createListings({ repo, ref, summaries }: ListingsDeps) {
  /** A listing; with `affinity`, "For you" orders it by what the shopper likes (decision 0069), else by the category's order. */
  async function buildListing(store: Store, params: Required<ListingParams>, affinity?: ListingAffinity): Promise<CategoryListing> {
    const { tree, attributes, attributesByCode } = await ref();
    const category = tree.byPath.get(`${store.locale}:${params.path}`);
    if (!category || category.level < 2) throw notFound("category_not_found");
    const info = categoryInfo(tree, category, store);
    const offered = offeredFilters(store);

    // Filters: colour and size by value code, brand by name, price by bucket "from-to" in euros.
    const filters = params.filters;
    const lookup = (code: "color" | "size") =>
      (filters[code] ?? []).map((value) => {
        const row = attributesByCode.get(`${code}:${value}`);
        if (!row) throw badInput(code, { rule: "unknownValue", value });
        return row.id;
      });
    for (const key of Object.keys(filters)) {
      if (!offered.includes(key)) throw badInput(key, { rule: "unknownFilter", value: key });
    }
    const priceCents = priceFilterCents(filters.price?.[0]);
    const sort = info.available_sort_by.includes(params.sort) ? params.sort : info.default_sort_by;
    const dir = params.dir;
    const order =
      sort === "price" ? (dir === "asc" ? "price_asc" : "price_desc") : sort === "nosto_personalized" && affinity ? "affinity" : "position";

    const colorIds = lookup("color");
    const result = await repo.listing({
      storeCode: store.code,
      categoryPath: category.path,
      colorIds,
      sizeIds: lookup("size"),
      brands: filters.brand ?? [],
      priceCents,
      order,
      affinity,
      limit: params.pageSize,
      offset: (params.page - 1) * params.pageSize,
    });
    const items = showFilteredColor(
      await summaries(store, result.ids),
      colorIds.map((id) => attributes.get(id)).filter((a): a is AttributeValueRow => !!a),
    );

    const aggregations = listingAggregations(store, attributes, result);

    const totalPages = Math.max(1, Math.ceil(result.total / params.pageSize));
    return {
      category: info,
      items,
      total_count: result.total,
      page_info: { current_page: params.page, page_size: params.pageSize, total_pages: totalPages },
      aggregations,
      sort_fields: {
        default: info.default_sort_by,
        options: info.available_sort_by.map((value) => ({ value, label: SORT_LABELS[value]?.[store.locale] ?? value })),
      },
      applied: { sort, dir, filters },
    };
  }

  return { buildListing };
}

/**
 * A colour filter shows each product in that colour: of the filtered colours, the first in the
 * shop's colour order that the product has (its summary lists its colours in that order), with
 * that colour's first picture (the product's own when the colour has none) and the link's choice.
 */
export function showFilteredColor(items: ProductSummary[], filtered: AttributeValueRow[]): ListingItem[] {
  if (filtered.length === 0) return items;
  const uids = new Set(filtered.map((a) => a.uid));
  const option = configurableOptionUid("color");
  return items.map((item) => {
    const color = item.colors.find((c) => uids.has(c.uid));
    if (!color) return item;
    return {
      ...item,
      shown_color: {
        uid: color.uid,
        label: color.label,
        swatch: color.swatch,
        image: color.image ?? item.image,
        selected_configurations: `${option}:${color.uid}`,
      },
    };
  });
}
