// The catalogue as the shop sells it: store configs, the category tree and menu, product
// details, listings with filters and sorting, and stock in the brand's stores. Reads are
// cached in-process: a product's details are dropped when that product changes (stock or
// prices, through ProductChanges), listings when any listing row changes, and everything when
// the catalogue's data version moves.
import { LRUCache } from "lru-cache";
import type {
  Aggregation,
  Breadcrumb,
  CategoryInfo,
  CategoryListing,
  ConfigurableOption,
  CustomOption,
  Feature,
  MediaItem,
  MenuItem,
  PriceBound,
  PriceRange,
  ProductDetails,
  ProductSummary,
  StoreAvailability,
  Variant,
} from "../../lib/catalog-types.ts";
import { CATEGORY_PAGE_SIZE } from "../../lib/constants.ts";
import { isLocaleCode, LOCALES, type LocaleCode } from "../../lib/locales.ts";
import { toAmount } from "../../lib/money.ts";
import { priceFacts, type PriceFacts } from "../../lib/price-history.ts";
import { type StoreConfig, storeConfigSchema } from "../../lib/store-config.ts";
import type { DataVersions } from "../data-versions.ts";
import type { ProductChanges } from "./changes.ts";
import { AppError, badInput, notFound } from "../errors.ts";
import {
  type AttributeValueRow,
  type CategoryRow,
  type CatalogRepository,
  PRICE_BUCKETS,
  type ProductRow,
  type VariantRow,
} from "./repository.ts";

export interface Store {
  code: string;
  locale: LocaleCode;
  name: string;
  iso: string;
  countryCode: string;
  dateFormat: string;
  leftSideCurrency: boolean;
  config: StoreConfig;
}

export const MAX_PAGE_SIZE = 100;
const LOW_STOCK = 3;

const FEATURE_LABELS: Record<string, Record<LocaleCode, string>> = {
  country_of_manufacture: { en: "Country of manufacture", fi: "Valmistusmaa" },
  material: { en: "Material", fi: "Materiaali" },
  season: { en: "Season", fi: "Kausi" },
  vat: { en: "VAT", fi: "ALV" },
  burning_time: { en: "Burning time", fi: "Paloaika" },
  scent: { en: "Scent", fi: "Tuoksu" },
  package: { en: "Package", fi: "Pakkaus" },
  care: { en: "Care", fi: "Hoito-ohje" },
  color: { en: "Colour", fi: "Väri" },
  size: { en: "Size", fi: "Koko" },
  sku: { en: "Product code", fi: "Tuotekoodi" },
};

const FILTER_LABELS: Record<string, Record<LocaleCode, string>> = {
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

interface Tree {
  byId: Map<number, CategoryRow>;
  children: Map<number | null, CategoryRow[]>;
  byPath: Map<string, CategoryRow>; // `${locale}:${url_path}`
  byUid: Map<string, CategoryRow>;
}

interface Reference {
  stores: Map<string, Store>;
  tree: Tree;
  attributes: Map<number, AttributeValueRow>;
  attributesByCode: Map<string, AttributeValueRow>; // `${attribute_code}:${code}`
}

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

  async function loadReference(): Promise<Reference> {
    const [storeRows, categoryRows, attributeRows] = await Promise.all([repo.stores(), repo.categories(), repo.attributeValues()]);
    const stores = new Map<string, Store>();
    for (const row of storeRows) {
      if (!isLocaleCode(row.locale)) continue;
      stores.set(row.code, {
        code: row.code,
        locale: row.locale,
        name: row.name,
        iso: row.iso,
        countryCode: row.country_code,
        dateFormat: row.date_format,
        leftSideCurrency: row.left_side_currency,
        config: storeConfigSchema.parse(row.config),
      });
    }
    const tree: Tree = { byId: new Map(), children: new Map(), byPath: new Map(), byUid: new Map() };
    for (const row of categoryRows) {
      tree.byId.set(row.id, row);
      tree.byUid.set(row.uid, row);
      const siblings = tree.children.get(row.parent_id) ?? [];
      siblings.push(row);
      tree.children.set(row.parent_id, siblings);
      for (const [locale, text] of Object.entries(row.texts)) tree.byPath.set(`${locale}:${text.url_path}`, row);
    }
    for (const list of tree.children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
    const attributes = new Map(attributeRows.map((a) => [a.id, a]));
    const attributesByCode = new Map(attributeRows.map((a) => [`${a.attribute_code}:${a.code}`, a]));
    return { stores, tree, attributes, attributesByCode };
  }

  function ref(): Promise<Reference> {
    if (!reference) {
      reference = loadReference();
      reference.catch(() => {
        reference = null;
      });
    }
    return reference;
  }

  const money = (cents: number, store: Store) => ({ value: toAmount(cents), currency: store.config.base_currency_code });

  function bound(facts: PriceFacts, store: Store): PriceBound {
    return {
      regular_price: money(facts.regularCents, store),
      final_price: money(facts.finalCents, store),
      discount: { amount_off: toAmount(facts.amountOffCents), percent_off: facts.percentOff },
      lowest_prior_price: facts.lowestPriorCents === null ? null : money(facts.lowestPriorCents, store),
    };
  }

  function range(list: PriceFacts[], store: Store): PriceRange {
    const sorted = [...list].sort((a, b) => a.finalCents - b.finalCents);
    const min = sorted[0];
    const max = sorted[sorted.length - 1];
    if (!min || !max) {
      const zero: PriceFacts = {
        regularCents: 0,
        finalCents: 0,
        lowest30Cents: 0,
        highest30Cents: 0,
        reducedSince: null,
        lowestPriorCents: null,
        percentOff: 0,
        amountOffCents: 0,
      };
      return { minimum_price: bound(zero, store), maximum_price: bound(zero, store) };
    }
    return { minimum_price: bound(min, store), maximum_price: bound(max, store) };
  }

  const inStock = (v: VariantRow) => v.stock === null || v.stock > 0;
  const text = (value: Record<string, string> | undefined, locale: LocaleCode) => value?.[locale] ?? value?.en ?? "";
  const imageUrl = (key: string) => `/img/p/${key}`;

  function breadcrumbs(tree: Tree, category: CategoryRow, locale: LocaleCode): Breadcrumb[] {
    const ids = category.path.split("/").filter(Boolean).map(Number);
    return ids
      .map((id) => tree.byId.get(id))
      .filter((c): c is CategoryRow => !!c && c.level > 1)
      .map((c) => ({ uid: c.uid, name: c.texts[locale]?.name ?? "", url_path: c.texts[locale]?.url_path ?? "" }));
  }

  /** Summaries of products, in the order of ids, with prices from their history. */
  async function summaries(store: Store, ids: number[]): Promise<ProductSummary[]> {
    if (ids.length === 0) return [];
    const { attributes } = await ref();
    const [products, variants, media] = await Promise.all([repo.products(ids), repo.variants(ids), repo.media(ids)]);
    const periods = await repo.pricePeriods(
      variants.map((v) => v.id),
      store.code,
    );
    const now = clock();
    const byId = new Map(products.map((p) => [p.id, p]));
    const variantsOf = groupBy(variants, (v) => v.product_id);
    const mediaOf = groupBy(media, (m) => m.product_id);
    return ids.flatMap((id) => {
      const product = byId.get(id);
      if (!product) return [];
      return [summarize(store, product, variantsOf.get(id) ?? [], mediaOf.get(id) ?? [], periods, attributes, now)];
    });
  }

  function summarize(
    store: Store,
    product: ProductRow,
    variants: VariantRow[],
    media: { key: string; labels: Record<string, string>; color_id: number | null }[],
    periods: Map<number, import("../../lib/price-history.ts").PricePeriod[]>,
    attributes: Map<number, AttributeValueRow>,
    now: number,
  ): ProductSummary {
    const locale = store.locale;
    const texts = product.texts[locale] ?? product.texts.en;
    const available = variants.filter(inStock);
    const priced = (available.length ? available : variants)
      .map((v) => priceFacts(periods.get(v.id) ?? [], now))
      .filter((f): f is PriceFacts => f !== null);
    const colorIds = [...new Set(variants.map((v) => v.color_id).filter((c): c is number => c !== null))];
    const colors = colorIds
      .map((id) => attributes.get(id))
      .filter((a): a is AttributeValueRow => !!a)
      .sort((a, b) => a.position - b.position)
      .map((a) => ({ uid: a.uid, label: text(a.labels, locale), swatch: a.swatch }));
    const first = media[0];
    return {
      __typename: product.type,
      uid: Buffer.from(`product/${product.id}`).toString("base64url"),
      sku: product.sku,
      name: texts?.name ?? product.sku,
      url_key: texts?.url_key ?? "",
      brand_value: product.brand,
      stock_status: available.length > 0 ? "IN_STOCK" : "OUT_OF_STOCK",
      price_range: range(priced, store),
      image: first ? { url: imageUrl(first.key), label: text(first.labels, locale) } : { url: "", label: "" },
      colors,
    };
  }

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

  async function buildDetails(store: Store, id: number): Promise<ProductDetails | null> {
    const locale = store.locale;
    const { attributes, tree } = await ref();
    const [[product], variants, media, amounts, options, categoryIds] = await Promise.all([
      repo.products([id]),
      repo.variants([id]),
      repo.media([id]),
      repo.giftCardAmounts(id),
      repo.customOptions(id),
      repo.productCategoryIds(id),
    ]);
    if (!product) return null;
    const [periods, relatedIds] = await Promise.all([
      repo.pricePeriods(
        variants.map((v) => v.id),
        store.code,
      ),
      repo.relatedIds(id, product.style_code),
    ]);
    const now = clock();
    const summary = summarize(store, product, variants, media, periods, attributes, now);
    const texts = product.texts[locale] ?? product.texts.en;

    // Configurable options: the colours and sizes its variants use, in attribute order.
    const configurable_options: ConfigurableOption[] = [];
    if (product.type === "ConfigurableProduct") {
      for (const [code, position] of [
        ["color", 0],
        ["size", 1],
      ] as const) {
        const ids = [...new Set(variants.map((v) => (code === "color" ? v.color_id : v.size_id)).filter((x): x is number => x !== null))];
        const values = ids
          .map((vid) => attributes.get(vid))
          .filter((a): a is AttributeValueRow => !!a)
          .sort((a, b) => a.position - b.position)
          .map((a) => ({ uid: a.uid, value_index: a.id, label: text(a.labels, locale), swatch: a.swatch }));
        if (values.length) {
          configurable_options.push({
            uid: Buffer.from(`attribute/${code}`).toString("base64url"),
            attribute_code: code,
            label: FEATURE_LABELS[code]?.[locale] ?? code,
            position,
            values,
          });
        }
      }
    }

    const variantList: Variant[] =
      product.type === "ConfigurableProduct"
        ? variants.map((v) => {
            const facts = priceFacts(periods.get(v.id) ?? [], now);
            const attrs = [v.color_id, v.size_id]
              .map((aid) => (aid === null ? undefined : attributes.get(aid)))
              .filter((a): a is AttributeValueRow => !!a)
              .map((a) => ({ code: a.attribute_code, uid: a.uid, value_index: a.id, label: text(a.labels, locale) }));
            return {
              attributes: attrs,
              product: {
                sku: v.sku,
                stock_status: inStock(v) ? "IN_STOCK" : "OUT_OF_STOCK",
                only_x_left_in_stock: v.stock !== null && v.stock > 0 && v.stock <= LOW_STOCK ? v.stock : null,
                price_range: range(facts ? [facts] : [], store),
              },
            };
          })
        : [];

    const media_gallery: MediaItem[] = media.map((m) => ({
      url: imageUrl(m.key),
      label: text(m.labels, locale),
      position: m.position,
      color_uid: m.color_id === null ? null : (attributes.get(m.color_id)?.uid ?? null),
    }));

    const customOptions: CustomOption[] = options.map((o) => {
      const title = text(o.titles, locale);
      const priceType = o.price_type === "PERCENT" ? "PERCENT" : "FIXED";
      if (o.type === "drop_down" || o.type === "checkbox") {
        return {
          uid: o.uid,
          __typename: o.type === "drop_down" ? "CustomizableDropDownOption" : "CustomizableCheckboxOption",
          title,
          required: o.required,
          sort_order: o.sort_order,
          value: o.values.map((v) => ({
            uid: v.uid,
            title: text(v.titles, locale),
            sort_order: v.sort_order,
            price_type: v.price_type === "PERCENT" ? "PERCENT" : "FIXED",
            price: toAmount(v.price_cents),
          })),
        };
      }
      return {
        uid: o.uid,
        __typename: o.type === "field" ? "CustomizableFieldOption" : "CustomizableAreaOption",
        title,
        required: o.required,
        sort_order: o.sort_order,
        value: { uid: o.uid, max_characters: o.max_characters, price_type: priceType, price: toAmount(o.price_cents) },
      };
    });

    const related = await summaries(store, relatedIds);
    const features: Feature[] = [];
    for (const [code, value] of Object.entries(product.features)) {
      const shown = typeof value === "string" ? value : text(value, locale);
      if (shown) features.push({ code, label: FEATURE_LABELS[code]?.[locale] ?? code, value: shown });
    }

    // 30-day lowest and highest over every variant on sale.
    const allFacts = variants.map((v) => priceFacts(periods.get(v.id) ?? [], now)).filter((f): f is PriceFacts => f !== null);
    const lowest = allFacts.length ? Math.min(...allFacts.map((f) => f.lowest30Cents)) : null;
    const highest = allFacts.length ? Math.max(...allFacts.map((f) => f.highest30Cents)) : null;

    const primary = categoryIds.map((cid) => tree.byId.get(cid)).find((c): c is CategoryRow => !!c);
    return {
      ...summary,
      description: texts?.description ?? "",
      meta_title: texts?.meta_title ?? summary.name.split(",")[0] ?? summary.name,
      meta_description: texts?.meta_description ?? (texts?.description ?? "").slice(0, 160),
      media_gallery,
      configurable_options,
      variants: variantList,
      options: customOptions,
      giftcard_amounts: amounts.map((a) => ({ uid: a.uid, value: toAmount(a.amount_cents) })),
      giftcard_type: product.type === "GiftCardProduct" ? (product.gift_card_type === "PHYSICAL" ? "PHYSICAL" : "VIRTUAL") : null,
      related_products: related.map((r) => ({
        sku: r.sku,
        name: r.name,
        url_key: r.url_key,
        image: r.image,
        color: r.colors[0] ? { label: r.colors[0].label, swatch: r.colors[0].swatch } : null,
      })),
      features,
      price_history: {
        lowest_price_30_days: lowest === null ? null : money(lowest, store),
        highest_price_30_days: highest === null ? null : money(highest, store),
      },
      breadcrumbs: primary ? breadcrumbs(tree, primary, locale) : [],
      url_keys: Object.fromEntries(Object.entries(product.texts).map(([l, t]) => [l, t.url_key])),
    };
  }

  function categoryInfo(tree: Tree, category: CategoryRow, store: Store): CategoryInfo {
    const locale = store.locale;
    const texts = category.texts[locale] ?? category.texts.en;
    const name = texts?.name ?? "";
    return {
      uid: category.uid,
      name,
      url_path: texts?.url_path ?? "",
      description: texts?.description ?? "",
      meta_title: texts?.meta_title ?? name,
      meta_description: texts?.meta_description ?? texts?.description ?? "",
      available_sort_by: category.available_sort_by,
      default_sort_by: category.default_sort_by || store.config.catalog_default_sort_by,
      breadcrumbs: breadcrumbs(tree, category, locale),
      children: (tree.children.get(category.id) ?? [])
        .filter((c) => c.include_in_menu)
        .map((c) => ({ uid: c.uid, name: c.texts[locale]?.name ?? "", url_path: c.texts[locale]?.url_path ?? "" })),
      url_paths: Object.fromEntries(Object.entries(category.texts).map(([l, t]) => [l, t.url_path])),
    };
  }

  function menu(tree: Tree, parentId: number, locale: LocaleCode): MenuItem[] {
    return (tree.children.get(parentId) ?? [])
      .filter((c) => c.include_in_menu)
      .map((c) => {
        const children = menu(tree, c.id, locale);
        return {
          id: c.id,
          uid: c.uid,
          name: c.texts[locale]?.name ?? "",
          url_path: c.texts[locale]?.url_path ?? "",
          position: c.position,
          top_level_clickable: c.top_level_clickable,
          children_count: children.length,
          children,
        };
      });
  }

  async function buildListing(store: Store, params: Required<ListingParams>): Promise<CategoryListing> {
    const { tree, attributes, attributesByCode } = await ref();
    const category = tree.byPath.get(`${store.locale}:${params.path}`);
    if (!category || category.level < 2) throw notFound("category_not_found");
    const info = categoryInfo(tree, category, store);
    const config = store.config;
    const offered = config.categoryFilters.filter((code) => !config.filter_blacklist.includes(code));

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
    let priceCents: [number, number] | null = null;
    const priceValue = filters.price?.[0];
    if (priceValue !== undefined) {
      const match = /^(\d{1,6})-(\d{1,6})?$/.exec(priceValue);
      if (!match) throw badInput("price", { rule: "priceRange" });
      const from = Number(match[1]) * 100;
      const to = match[2] === undefined ? Number.MAX_SAFE_INTEGER : Number(match[2]) * 100;
      if (to <= from) throw badInput("price", { rule: "priceOrder" });
      priceCents = [from, Math.min(to, 2_147_483_647)];
    }
    const sort = info.available_sort_by.includes(params.sort) ? params.sort : info.default_sort_by;
    const dir = params.dir;
    const order = sort === "price" ? (dir === "asc" ? "price_asc" : "price_desc") : "position";

    const result = await repo.listing({
      storeCode: store.code,
      categoryPath: category.path,
      colorIds: lookup("color"),
      sizeIds: lookup("size"),
      brands: filters.brand ?? [],
      priceCents,
      order,
      limit: params.pageSize,
      offset: (params.page - 1) * params.pageSize,
    });
    const items = await summaries(store, result.ids);

    const locale = store.locale;
    const valueOptions = (list: { id: number; count: number }[]) =>
      list
        .map((f) => ({ f, a: attributes.get(f.id) }))
        .filter((x): x is { f: { id: number; count: number }; a: AttributeValueRow } => !!x.a)
        .sort((x, y) => x.a.position - y.a.position)
        .map(({ f, a }) => ({ label: text(a.labels, locale), value: a.code, count: f.count, swatch: a.swatch }));
    const euros = (cents: number) => String(cents / 100);
    const aggregations: Aggregation[] = [];
    offered.forEach((code, position) => {
      const label = FILTER_LABELS[code]?.[locale] ?? "";
      const options =
        code === "color"
          ? valueOptions(result.colors)
          : code === "size"
            ? valueOptions(result.sizes)
            : code === "brand"
              ? result.brands.map((b) => ({ label: b.brand, value: b.brand, count: b.count }))
              : code === "price"
                ? result.prices.map(({ bucket, count }) => {
                    const from = PRICE_BUCKETS[bucket - 1] ?? 0;
                    const to = PRICE_BUCKETS[bucket];
                    const value = `${euros(from)}-${to === undefined ? "" : euros(to)}`;
                    return { label: to === undefined ? `${euros(from)} €+` : `${euros(from)}–${euros(to)} €`, value, count };
                  })
                : [];
      aggregations.push({ attribute_code: code, url_key: code, translated_label: label, position, options });
    });

    const totalPages = Math.max(1, Math.ceil(result.total / params.pageSize));
    return {
      category: info,
      items,
      total_count: result.total,
      page_info: { current_page: params.page, page_size: params.pageSize, total_pages: totalPages },
      aggregations,
      sort_fields: {
        default: info.default_sort_by,
        options: info.available_sort_by.map((value) => ({ value, label: SORT_LABELS[value]?.[locale] ?? value })),
      },
      applied: { sort, dir, filters },
    };
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
        __type: { inputFields: [] as { name: string }[] },
      };
    },

    async topMenu(store: Store, rootUid: string): Promise<MenuItem[]> {
      const { tree } = await ref();
      const root = tree.byUid.get(rootUid);
      if (!root) throw notFound("category_not_found");
      return menu(tree, root.id, store.locale);
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

    async category(store: Store, path: string): Promise<CategoryInfo> {
      const { tree } = await ref();
      const category = tree.byPath.get(`${store.locale}:${path}`);
      if (!category || category.level < 2) throw notFound("category_not_found");
      return categoryInfo(tree, category, store);
    },

    async listing(store: Store, params: ListingParams): Promise<CategoryListing> {
      const page = params.page ?? 1;
      const pageSize = params.pageSize ?? CATEGORY_PAGE_SIZE;
      if (!Number.isInteger(page) || page < 1 || page > 10_000) throw badInput("page", { rule: "wholeNumber", min: 1, max: 10_000 });
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
        throw badInput("pageSize", { rule: "wholeNumber", min: 1, max: MAX_PAGE_SIZE });
      const full: Required<ListingParams> = {
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

function groupBy<T, K>(list: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of list) {
    const k = key(item);
    const bucket = map.get(k);
    if (bucket) bucket.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export type CatalogService = ReturnType<typeof createCatalogService>;
export { AppError };
