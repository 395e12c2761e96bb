// The catalogue as the shop sells it: store configs, the category tree and menu, product
// details, listings with filters and sorting, and stock in the brand's stores. Reads are
// cached in-process: a product's details are dropped when that product changes (stock or
// prices, through ProductChanges), listings when any listing row changes, and everything when
// the catalogue's data version moves.
//
// The concerns live beside it: reference.ts loads the stores, the category tree and the
// attribute values (and shows categories and the menu), product-details.ts builds product
// summaries and details, category-listing.ts builds a category's listing with its facets and filters;
// this file holds the caches and their invalidation, and the public methods.
import { LRUCache } from "lru-cache";
import type {
  CategoryInfo,
  CategoryListing,
  MenuItem,
  ProductDetails,
  ProductSummary,
  StoreAvailability,
} from "../../lib/catalog-types.ts";
import { LOCALES } from "../../lib/locales.ts";
import type { DataVersions } from "../data-versions.ts";
import type { ProductChanges } from "./changes.ts";
import { AppError, notFound } from "../errors.ts";
import { createListings, FILTER_LABELS, fullListingParams, type ListingParams } from "./category-listing.ts";
import { createProductDetails } from "./product-details.ts";
import { categoryInfo, loadReference, menu, type Reference, type Store, text } from "./reference.ts";
import type { CatalogRepository, ListingAffinity } from "./repository.ts";

export { type ListingParams, MAX_PAGE_SIZE } from "./category-listing.ts";
export type { Store } from "./reference.ts";

export function createCatalogService(
  repo: CatalogRepository,
  versions: DataVersions,
  clock: () => number = Date.now,
  changes?: Pick<ProductChanges, "onChange">,
) {
  let reference: Promise<Reference> | null = null;
  let shops: ReturnType<typeof repo.physicalStores> | null = null;
  const details = new LRUCache<string, Promise<ProductDetails | null>>({ max: 5000 });
  const listings = new LRUCache<string, Promise<CategoryListing>>({ max: 2000 });
  const menus = new WeakMap<Reference["tree"], Map<string, MenuItem[]>>();
  // Which details keys (store:slug) hold a product, to drop exactly those.
  const detailKeys = new Map<number, Set<string>>();
  // A read that began before a change may hold old data: it is answered, but dropped from
  // the cache when it ends. changed counts changes; changedAt is the count at a product's last.
  let changed = 0;
  const changedAt = new LRUCache<number, number>({ max: 20_000 });
  let listingsChangedAt = 0;

  versions.onChange((name) => {
    if (name === "catalog" || name === "config") {
      reference = null;
      shops = null;
      changed++;
      listingsChangedAt = changed;
      details.clear();
      detailKeys.clear();
      changedAt.clear();
      listings.clear();
    }
  });

  changes?.onChange(({ productIds, listing }) => {
    changed++;
    for (const id of productIds) {
      changedAt.set(id, changed);
      for (const key of detailKeys.get(id) ?? []) details.delete(key);
      detailKeys.delete(id);
    }
    if (listing) {
      listingsChangedAt = changed;
      listings.clear();
    }
  });

  function ref(): Promise<Reference> {
    if (!reference) {
      reference = loadReference(repo);
      reference.catch(() => {
        reference = null;
      });
    }
    return reference;
  }

  const { summaries, buildDetails } = createProductDetails({ repo, clock, ref });
  const { buildListing } = createListings({ repo, ref, summaries });

  /** The details of the product with this slug, and whether a change of it arrived while they were read. */
  async function loadDetails(store: Store, slug: string, key: string): Promise<{ product: ProductDetails | null; stale: boolean }> {
    const started = changed;
    const id = await repo.productIdByUrlKey(store.locale, slug);
    if (id === undefined) return { product: null, stale: changed > started };
    const keys = detailKeys.get(id) ?? new Set<string>();
    keys.add(key);
    detailKeys.set(id, keys);
    const product = await buildDetails(store, id);
    return { product, stale: (changedAt.get(id) ?? 0) > started };
  }

  return {
    /** The store a request is for, by store code; undefined when there is no such store. */
    async store(code: string): Promise<Store | undefined> {
      return (await ref()).stores.get(code);
    },

    async stores(): Promise<Store[]> {
      return [...(await ref()).stores.values()];
    },

    /** Spec §7 GET /api/core/storeconfig. */
    storeConfigResponse(store: Store) {
      const locale = LOCALES[store.locale];
      return {
        storeConfig: {
          ...store.config,
          store_code: store.code,
          store_name: store.name,
          locale: store.iso,
          date_format: store.dateFormat,
          left_side_currency: store.leftSideCurrency,
        },
        currency: {
          base_currency_code: store.config.base_currency_code,
          base_currency_symbol: store.config.base_currency_symbol,
          default_display_currency_code: store.config.base_currency_code,
          available_currency_codes: [store.config.base_currency_code],
        },
        countries: store.config.countries,
        locale,
      };
    },

    async topMenu(store: Store, rootUid: string): Promise<MenuItem[]> {
      const { tree } = await ref();
      const root = tree.byUid.get(rootUid);
      if (!root) throw notFound("category_not_found");
      // Every page's frame asks for it: built once per tree (a new tree comes with a new data
      // version) and language. Shared and read-only.
      let built = menus.get(tree);
      if (!built) {
        built = new Map();
        menus.set(tree, built);
      }
      const key = `${root.id}:${store.locale}`;
      let items = built.get(key);
      if (!items) {
        items = menu(tree, root.id, store.locale);
        built.set(key, items);
      }
      return items;
    },

    async product(store: Store, slug: string): Promise<ProductDetails> {
      const key = `${store.code}:${slug}`;
      let entry = details.get(key);
      if (!entry) {
        const own: Promise<ProductDetails | null> = loadDetails(store, slug, key).then(({ product, stale }) => {
          // Answered, but not kept: it may show what the change replaced.
          if (stale && details.get(key) === own) details.delete(key);
          return product;
        });
        entry = own;
        details.set(key, own);
        own.catch(() => details.get(key) === own && details.delete(key));
      }
      const product = await entry;
      if (!product) throw notFound("product_not_found");
      return product;
    },

    /** Product summaries (as listings show them) of these product ids, in their order (the wishlist's pages). */
    productSummaries(store: Store, ids: number[]): Promise<ProductSummary[]> {
      return summaries(store, ids);
    },

    async category(store: Store, path: string): Promise<CategoryInfo> {
      const { tree } = await ref();
      const category = tree.byPath.get(`${store.locale}:${path}`);
      if (!category || category.level < 2) throw notFound("category_not_found");
      return categoryInfo(tree, category, store);
    },

    /**
     * A page of a category. With `affinity` ("For you", decision 0069) it is the shopper's own
     * order: built for them, never kept.
     */
    async listing(store: Store, params: ListingParams, affinity?: ListingAffinity): Promise<CategoryListing> {
      const full = fullListingParams(params);
      if (affinity && full.sort === "nosto_personalized") return buildListing(store, full, affinity);
      const key = `${store.code}:${JSON.stringify(full)}`;
      let entry = listings.get(key);
      if (!entry) {
        const started = changed;
        const own: Promise<CategoryListing> = buildListing(store, full).then((listing) => {
          if (listingsChangedAt > started && listings.get(key) === own) listings.delete(key);
          return listing;
        });
        entry = own;
        listings.set(key, own);
        own.catch(() => listings.get(key) === own && listings.delete(key));
      }
      return entry;
    },

    async topCategories(store: Store) {
      const { tree } = await ref();
      const root = tree.byUid.get(store.config.root_category_uid);
      if (!root) return [];
      return (tree.children.get(root.id) ?? []).filter((c) => c.include_in_menu).map((c) => categoryInfo(tree, c, store));
    },

    /** Spec §7 GET /api/productList/applicableFilters: the filters this store offers. */
    applicableFilters(store: Store) {
      const config = store.config;
      return config.categoryFilters
        .filter((code) => !config.filter_blacklist.includes(code))
        .map((name) => ({ name, label: FILTER_LABELS[name]?.[store.locale] ?? name }));
    },

    /** The brand's own shops (footer find-us list, store locator), texts in the store's language. */
    async physicalStores(store: Store) {
      shops ??= repo.physicalStores();
      return (await shops).map((s) => ({
        code: s.code,
        name: s.name,
        city: s.city,
        address: s.address,
        phone: s.phone,
        opening_hours: text(s.opening_hours, store.locale),
      }));
    },

    async stockStatus(sku: string): Promise<StoreAvailability[]> {
      const rows = await repo.storeStock(sku);
      if (rows.length === 0) {
        if (await repo.variantExists(sku)) return [];
        throw notFound("product_not_found");
      }
      return rows.map((r) => ({
        store_code: r.code,
        store_name: r.name,
        city: r.city,
        status: (r.status ?? "not_available") as StoreAvailability["status"],
      }));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
export { AppError };
