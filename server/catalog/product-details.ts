// What the shop shows of a product: its summary (name, image, colours, price range: on
// listings and as related products) and its full details (options, variants, media,
// features, 30-day price bounds, breadcrumbs), priced now from the price history.
import { giftCardOptions } from "../../lib/gift-card-options.ts";
import type {
  ConfigurableOption,
  CustomOption,
  Feature,
  MediaItem,
  PriceBound,
  PriceRange,
  ProductDetails,
  ProductPageProduct,
  ProductSummary,
  Variant,
} from "../../lib/catalog-types.ts";
import type { LocaleCode } from "../../lib/locales.ts";
import { toAmount } from "../../lib/money.ts";
import { priceFacts, type PriceFacts } from "../../lib/price-history.ts";
import { breadcrumbs, type Reference, type Store, text } from "./reference.ts";
import type { AttributeValueRow, CatalogRepository, CategoryRow, ProductRow, VariantRow } from "./repository.ts";

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

const money = (cents: number, store: Store) => ({ value: toAmount(cents), currency: store.config.base_currency_code });

// Equal prices are one shared object (frozen: every product, listing and request may hold it):
// React Router's serialiser writes an object once and refers to it after, so the variants of one
// price, and the products of one price on a listing, cost one copy. Bounded: cleared when full.
const SHARED_PRICES_MAX = 10_000;
const sharedBounds = new Map<string, PriceBound>();
const sharedRanges = new Map<string, PriceRange>();

function priceKey(facts: PriceFacts, store: Store): string {
  return `${store.config.base_currency_code}/${facts.regularCents}/${facts.finalCents}/${facts.amountOffCents}/${facts.percentOff}/${facts.lowestPriorCents}`;
}

function shared<T extends object>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (!value) {
    if (cache.size >= SHARED_PRICES_MAX) cache.clear();
    value = Object.freeze(make());
    cache.set(key, value);
  }
  return value;
}

function bound(facts: PriceFacts, store: Store): PriceBound {
  return shared(sharedBounds, priceKey(facts, store), () => {
    const regular = money(facts.regularCents, store);
    return {
      regular_price: regular,
      final_price: facts.finalCents === facts.regularCents ? regular : money(facts.finalCents, store),
      discount: { amount_off: toAmount(facts.amountOffCents), percent_off: facts.percentOff },
      lowest_prior_price: facts.lowestPriorCents === null ? null : money(facts.lowestPriorCents, store),
    };
  });
}

const ZERO: PriceFacts = {
  regularCents: 0,
  finalCents: 0,
  lowest30Cents: 0,
  highest30Cents: 0,
  reducedSince: null,
  lowestPriorCents: null,
  percentOff: 0,
  amountOffCents: 0,
};

/** One variant's price as a range (its minimum and maximum the same): a cart line's configured variant. */
export const variantPriceRange = (facts: PriceFacts, store: Store): PriceRange => range([facts], store);

function range(list: PriceFacts[], store: Store): PriceRange {
  let min = list[0] ?? ZERO;
  let max = min;
  for (const facts of list) {
    if (facts.finalCents < min.finalCents) min = facts;
    if (facts.finalCents >= max.finalCents) max = facts; // the last of equals, as a stable sort put it
  }
  const lowKey = priceKey(min, store);
  const highKey = priceKey(max, store);
  return shared(sharedRanges, `${lowKey}|${highKey}`, () => ({ minimum_price: bound(min, store), maximum_price: bound(max, store) }));
}

/** The uid of a configurable option (colour, size): the same on every product and in every store. */
export const configurableOptionUid = (code: "color" | "size") => Buffer.from(`attribute/${code}`).toString("base64url");

const inStock = (v: VariantRow) => v.stock === null || v.stock > 0;
const imageUrl = (key: string) => `/img/p/${key}`;

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
    .map((a) => {
      const own = media.find((m) => m.color_id === a.id);
      return {
        uid: a.uid,
        label: text(a.labels, locale),
        swatch: a.swatch,
        image: own ? { url: imageUrl(own.key), label: text(own.labels, locale) } : null,
      };
    });
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

export interface ProductDetailsDeps {
  repo: CatalogRepository;
  clock: () => number;
  /** The reference data, as the service caches it. */
  ref: () => Promise<Reference>;
}

export function createProductDetails({ repo, clock, ref }: ProductDetailsDeps) {
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
            uid: configurableOptionUid(code),
            attribute_code: code,
            label: FEATURE_LABELS[code]?.[locale] ?? code,
            position,
            values,
          });
        }
      }
    }

    // Variants of one colour (or size) share one attribute object: written once by the page's
    // serialiser, as the shared prices are (a jacket in 6 colours and 6 sizes: 36 attributes → 12).
    const variantAttributes = new Map<number, Variant["attributes"][number]>();
    const sharedAttribute = (a: AttributeValueRow) => {
      let shared = variantAttributes.get(a.id);
      if (!shared) {
        shared = { code: a.attribute_code, uid: a.uid, value_index: a.id, label: text(a.labels, locale) };
        variantAttributes.set(a.id, shared);
      }
      return shared;
    };
    const variantList: Variant[] =
      product.type === "ConfigurableProduct"
        ? variants.map((v) => {
            const facts = priceFacts(periods.get(v.id) ?? [], now);
            const attrs = [v.color_id, v.size_id]
              .map((aid) => (aid === null ? undefined : attributes.get(aid)))
              .filter((a): a is AttributeValueRow => !!a)
              .map(sharedAttribute);
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
      gift_card_options: product.type === "GiftCardProduct" ? giftCardOptions(locale) : [],
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

  return { summaries, buildDetails };
}

/**
 * The product page's data from a product's details (decision 0044): only what the page reads.
 * The variants, options and prices are the details' own objects, so what they share is still
 * written once by the page's serialiser.
 */
export function productPageData(details: ProductDetails): ProductPageProduct {
  const {
    uid: _uid,
    colors: _colors,
    meta_title: _metaTitle,
    meta_description: _metaDescription,
    price_history: _priceHistory,
    url_keys: _urlKeys,
    // The page's form names its own fields (lib/add-to-cart-form.ts).
    gift_card_options: _giftCardOptions,
    media_gallery,
    ...shown
  } = details;
  return { ...shown, media_gallery: media_gallery.map(({ url, label, color_uid }) => ({ url, label, color_uid })) };
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
