// Catalogue queries. Each returns plain rows for one request's worth of work; no query
// runs per item in a loop.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { PricePeriod } from "../../lib/price-history.ts";

export interface StoreRow {
  code: string;
  locale: string;
  name: string;
  iso: string;
  country_code: string;
  date_format: string;
  left_side_currency: boolean;
  config: unknown;
}

export interface CategoryRow {
  id: number;
  uid: string;
  parent_id: number | null;
  level: number;
  path: string;
  position: number;
  include_in_menu: boolean;
  top_level_clickable: boolean;
  available_sort_by: string[];
  default_sort_by: string;
  /** locale → texts */
  texts: Record<
    string,
    { name: string; url_path: string; description: string; meta_title: string | null; meta_description: string | null }
  >;
}

export interface AttributeValueRow {
  id: number;
  uid: string;
  attribute_code: "color" | "size";
  code: string;
  labels: Record<string, string>;
  swatch: string | null;
  position: number;
}

export interface ProductRow {
  id: number;
  sku: string;
  type: "SimpleProduct" | "ConfigurableProduct" | "GiftCardProduct";
  brand: string;
  style_code: string | null;
  gift_card_type: string | null;
  features: Record<string, string | Record<string, string>>;
  position: number;
  /** locale → texts */
  texts: Record<string, { name: string; url_key: string; description: string; meta_title: string | null; meta_description: string | null }>;
}

export interface VariantRow {
  id: number;
  product_id: number;
  sku: string;
  color_id: number | null;
  size_id: number | null;
  position: number;
  stock: number | null;
}

export interface MediaRow {
  product_id: number;
  color_id: number | null;
  key: string;
  labels: Record<string, string>;
  position: number;
}

export interface ListingQuery {
  storeCode: string;
  categoryPath: string;
  colorIds: number[];
  sizeIds: number[];
  brands: string[];
  priceCents: [number, number] | null;
  order: "position" | "price_asc" | "price_desc" | "affinity";
  /** With order "affinity": what the shopper likes (the engagement service's forYou). */
  affinity?: ListingAffinity;
  limit: number;
  offset: number;
}

/**
 * How much a shopper is drawn to products, brands and categories (keys: product id, brand name,
 * category id): a listing ordered by affinity puts the products whose own, brand's and
 * categories' weights add up highest first, then the category's own order (decision 0069).
 */
export interface ListingAffinity {
  products: Record<string, number>;
  brands: Record<string, number>;
  categories: Record<string, number>;
}

/** A product's affinity (the `matching` row's id and brand, its categories) as one number. */
function affinityScore(a: ListingAffinity) {
  const products = JSON.stringify(a.products);
  const brands = JSON.stringify(a.brands);
  const categories = JSON.stringify(a.categories);
  return sql`(coalesce((${products}::jsonb ->> matching.id::text)::float8, 0) + coalesce((${brands}::jsonb ->> matching.brand)::float8, 0)
    + coalesce((SELECT sum((${categories}::jsonb ->> pc.category_id::text)::float8) FROM product_categories pc
       WHERE pc.product_id = matching.id), 0))`;
}

export interface ListingResult {
  ids: number[];
  total: number;
  colors: { id: number; count: number }[];
  sizes: { id: number; count: number }[];
  brands: { brand: string; count: number }[];
  prices: { bucket: number; count: number }[];
}

/**
 * Price facet buckets in cents: [0, 25 €), [25, 50), ... the last is open-ended. Bucket n (from
 * width_bucket over this whole list: 1 for [0, 25 €)) starts at PRICE_BUCKETS[n - 1].
 */
export const PRICE_BUCKETS = [0, 2500, 5000, 10000, 20000, 50000];

/** The filters of a listing: colour and size value ids, brand names, a [from, to) price range in cents. */
export type ListingFilterQuery = Pick<ListingQuery, "colorIds" | "sizeIds" | "brands" | "priceCents">;

/** Each filter as a condition on a row of `scope` (brand, min_final_cents, color_ids, size_ids); true when unused. */
function listingFilters(q: ListingFilterQuery) {
  const [pmin, pmax] = q.priceCents ?? [0, 0];
  return {
    color: sql`(${q.colorIds.length === 0} OR color_ids && ${array(q.colorIds)}::int[])`,
    size: sql`(${q.sizeIds.length === 0} OR size_ids && ${array(q.sizeIds)}::int[])`,
    brand: sql`(${q.brands.length === 0} OR brand = ANY(${array(q.brands)}::text[]))`,
    price: sql`(${q.priceCents === null} OR (min_final_cents >= ${pmin} AND min_final_cents < ${pmax}))`,
  };
}

/**
 * The facet columns (colors, sizes, brands, prices as JSON lists of value and count) over a CTE
 * named `scope` with the columns brand, min_final_cents, color_ids and size_ids: the category
 * listing's and the search page's. Each facet is counted with every filter but its own, so a
 * shopper sees what choosing another value gives.
 */
export function facetCounts(q: ListingFilterQuery) {
  const { color, size, brand, price } = listingFilters(q);
  return sql`
    (SELECT coalesce(jsonb_agg(jsonb_build_object('id', v, 'count', n)), '[]') FROM (
       SELECT unnest(color_ids) v, count(*)::int n FROM scope WHERE ${size} AND ${brand} AND ${price} GROUP BY v) f) AS colors,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('id', v, 'count', n)), '[]') FROM (
       SELECT unnest(size_ids) v, count(*)::int n FROM scope WHERE ${color} AND ${brand} AND ${price} GROUP BY v) f) AS sizes,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('brand', brand, 'count', n) ORDER BY brand), '[]') FROM (
       SELECT brand, count(*)::int n FROM scope WHERE ${color} AND ${size} AND ${price} GROUP BY brand) f) AS brands,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('bucket', b, 'count', n) ORDER BY b), '[]') FROM (
       SELECT width_bucket(min_final_cents, ${array(PRICE_BUCKETS)}::int[]) b, count(*)::int n
       FROM scope WHERE ${color} AND ${size} AND ${brand} GROUP BY b) f) AS prices`;
}

/** The facet counts of a listing (facetCounts' columns). */
export type FacetCounts = Pick<ListingResult, "colors" | "sizes" | "brands" | "prices">;

/** Binds a list as one array parameter (the sql template would spread it into a row). */
const array = (values: readonly (number | string)[]) => sql.param(values);

/**
 * Price history of the variants in one store, oldest first, by variant. Takes any executor, so
 * that the cart can read it inside its own transaction.
 */
export async function pricePeriods(q: Pick<Db, "execute">, variantIds: number[], storeCode: string) {
  const result = await q.execute<{ variant_id: number; valid_from: Date; regular_cents: number; final_cents: number }>(sql`
    SELECT variant_id, valid_from, regular_cents, final_cents FROM prices
    WHERE store_code = ${storeCode} AND variant_id = ANY(${array(variantIds)}::int[])
    ORDER BY variant_id, valid_from`);
  const byVariant = new Map<number, PricePeriod[]>();
  for (const row of result.rows) {
    const list = byVariant.get(row.variant_id) ?? [];
    if (list.length === 0) byVariant.set(row.variant_id, list);
    list.push({ validFrom: new Date(row.valid_from).getTime(), regularCents: row.regular_cents, finalCents: row.final_cents });
  }
  return byVariant;
}

export function createCatalogRepository(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

  return {
    stores: () =>
      rows<StoreRow>(
        sql`SELECT code, locale, name, iso, country_code, date_format, left_side_currency, config FROM stores ORDER BY position, code`,
      ),

    categories: () =>
      rows<CategoryRow>(sql`
        SELECT c.id, c.uid, c.parent_id, c.level, c.path, c.position, c.include_in_menu, c.top_level_clickable,
               c.available_sort_by, c.default_sort_by,
               jsonb_object_agg(t.locale, jsonb_build_object('name', t.name, 'url_path', t.url_path,
                 'description', t.description, 'meta_title', t.meta_title, 'meta_description', t.meta_description)) AS texts
        FROM categories c JOIN category_translations t ON t.category_id = c.id
        GROUP BY c.id ORDER BY c.level, c.position, c.id`),

    attributeValues: () =>
      rows<AttributeValueRow>(
        sql`SELECT id, uid, attribute_code, code, labels, swatch, position FROM attribute_values ORDER BY attribute_code, position, id`,
      ),

    productIdByUrlKey: async (locale: string, urlKey: string) =>
      (
        await rows<{ product_id: number }>(sql`
        SELECT t.product_id FROM product_translations t JOIN products p ON p.id = t.product_id
        WHERE t.locale = ${locale} AND t.url_key = ${urlKey} AND p.enabled`)
      )[0]?.product_id,

    /** Every language's url key of these products (their product page paths). */
    urlKeys: (ids: number[]) =>
      rows<{ product_id: number; locale: string; url_key: string }>(sql`
        SELECT product_id, locale, url_key FROM product_translations WHERE product_id = ANY(${sql.param(ids)}::int[])`),

    products: (ids: number[]) =>
      rows<ProductRow>(sql`
        SELECT p.id, p.sku, p.type, p.brand, p.style_code, p.gift_card_type, p.features, p.position,
               jsonb_object_agg(t.locale, jsonb_build_object('name', t.name, 'url_key', t.url_key,
                 'description', t.description, 'meta_title', t.meta_title, 'meta_description', t.meta_description)) AS texts
        FROM products p JOIN product_translations t ON t.product_id = p.id
        WHERE p.id = ANY(${array(ids)}::int[])
        GROUP BY p.id`),

    variants: (productIds: number[]) =>
      rows<VariantRow>(sql`
        SELECT id, product_id, sku, color_id, size_id, position, stock FROM variants
        WHERE product_id = ANY(${array(productIds)}::int[]) ORDER BY product_id, position, id`),

    pricePeriods: (variantIds: number[], storeCode: string) => pricePeriods(db, variantIds, storeCode),

    media: (productIds: number[]) =>
      rows<MediaRow>(sql`
        SELECT product_id, color_id, key, labels, position FROM media
        WHERE product_id = ANY(${array(productIds)}::int[]) ORDER BY product_id, position, id`),

    giftCardAmounts: (productId: number) =>
      rows<{ uid: string; amount_cents: number }>(sql`
        SELECT uid, amount_cents FROM gift_card_amounts WHERE product_id = ${productId} ORDER BY position, amount_cents`),

    customOptions: (productId: number) =>
      rows<{
        id: number;
        uid: string;
        type: string;
        titles: Record<string, string>;
        required: boolean;
        sort_order: number;
        max_characters: number | null;
        price_type: string;
        price_cents: number;
        values: { uid: string; titles: Record<string, string>; sort_order: number; price_type: string; price_cents: number }[];
      }>(sql`
        SELECT o.id, o.uid, o.type, o.titles, o.required, o.sort_order, o.max_characters, o.price_type, o.price_cents,
               coalesce(jsonb_agg(jsonb_build_object('uid', v.uid, 'titles', v.titles, 'sort_order', v.sort_order,
                 'price_type', v.price_type, 'price_cents', v.price_cents) ORDER BY v.sort_order) FILTER (WHERE v.id IS NOT NULL), '[]') AS values
        FROM custom_options o LEFT JOIN custom_option_values v ON v.option_id = o.id
        WHERE o.product_id = ${productId} GROUP BY o.id ORDER BY o.sort_order, o.id`),

    relatedIds: async (productId: number, styleCode: string | null) =>
      styleCode
        ? (
            await rows<{ id: number }>(sql`
              SELECT id FROM products WHERE style_code = ${styleCode} AND id <> ${productId} AND enabled ORDER BY position, id LIMIT 12`)
          ).map((r) => r.id)
        : [],

    productCategoryIds: async (productId: number) =>
      (
        await rows<{ category_id: number }>(sql`
          SELECT category_id FROM product_categories WHERE product_id = ${productId} ORDER BY position, category_id`)
      ).map((r) => r.category_id),

    storeStock: (sku: string) =>
      rows<{ code: string; name: string; city: string; status: string | null }>(sql`
        SELECT s.code, s.name, s.city, ss.status
        FROM variants v CROSS JOIN physical_stores s
        LEFT JOIN store_stock ss ON ss.variant_id = v.id AND ss.physical_store_id = s.id
        WHERE v.sku = ${sku} ORDER BY s.position, s.id`),

    physicalStores: () =>
      rows<{ code: string; name: string; city: string; address: string; phone: string; opening_hours: Record<string, string> }>(sql`
        SELECT code, name, city, address, phone, opening_hours FROM physical_stores ORDER BY position, id`),

    /** url keys of enabled products in a locale, in id order, one page at a time (sitemaps). */
    productUrlKeys: (locale: string, offset: number, limit: number) =>
      rows<{ url_key: string; updated_at: Date }>(sql`
        SELECT t.url_key, p.updated_at FROM products p JOIN product_translations t ON t.product_id = p.id AND t.locale = ${locale}
        WHERE p.enabled ORDER BY p.id LIMIT ${limit} OFFSET ${offset}`),

    productCount: async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE enabled`))[0]?.n ?? 0,

    variantExists: async (sku: string) => (await rows<{ one: number }>(sql`SELECT 1 AS one FROM variants WHERE sku = ${sku}`)).length > 0,

    /**
     * One page of a category with facet counts, in one round trip. Each facet is counted
     * with every filter but its own, so a shopper sees what choosing another value gives.
     */
    async listing(q: ListingQuery): Promise<ListingResult> {
      const f = listingFilters(q);
      const order =
        q.order === "price_asc"
          ? sql`min_final_cents ASC, position, id`
          : q.order === "price_desc"
            ? sql`min_final_cents DESC, position, id`
            : q.order === "affinity" && q.affinity
              ? sql`${affinityScore(q.affinity)} DESC, position, id`
              : sql`position, id`;
      const result = await rows<ListingResult>(sql`
        WITH scope AS MATERIALIZED (
          SELECT p.id, p.position, p.brand, l.min_final_cents, l.color_ids, l.size_ids
          FROM products p
          JOIN product_listing l ON l.product_id = p.id AND l.store_code = ${q.storeCode}
          WHERE p.enabled AND p.id IN (
            SELECT pc.product_id FROM product_categories pc JOIN categories c ON c.id = pc.category_id
            WHERE c.path LIKE ${`${q.categoryPath}%`})
        ),
        matching AS (SELECT * FROM scope WHERE ${f.color} AND ${f.size} AND ${f.brand} AND ${f.price})
        SELECT
          (SELECT count(*)::int FROM matching) AS total,
          (SELECT coalesce(jsonb_agg(id), '[]') FROM (SELECT id FROM matching ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}) page) AS ids,
          ${facetCounts(q)}`);
      const row = result[0];
      if (!row) return { ids: [], total: 0, colors: [], sizes: [], brands: [], prices: [] };
      return row;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
