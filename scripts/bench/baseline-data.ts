// The data of the bench's framework baselines, (l) react-baseline.ts and (n) next-baseline/: what a
// plain app's product page reads from the shop's database for every request — the product by its
// url key, then at once its variants with their current prices (the latest price row not in the
// future), its images, its category trail and the layout's category menu of two levels. Both
// baselines call this with a pool of their own, so they read the same rows the same way. No caches.
import type pg from "pg";

export interface ProductRow {
  id: number;
  sku: string;
  brand: string;
  features: Record<string, string | Record<string, string>>;
  name: string;
  description: string;
  meta_title: string | null;
  meta_description: string | null;
}
export interface VariantRow {
  sku: string;
  stock: number | null;
  color_code: string | null;
  color_labels: Record<string, string> | null;
  swatch: string | null;
  size_code: string | null;
  size_labels: Record<string, string> | null;
  regular_cents: number | null;
  final_cents: number | null;
}
export interface MediaRow {
  key: string;
  labels: Record<string, string>;
  color_id: number | null;
}
export interface CrumbRow {
  name: string;
  url_path: string;
}
export interface MenuRow {
  id: number;
  parent_id: number;
  level: number;
  name: string;
  url_path: string;
}
export interface PageData {
  menu: MenuRow[];
  product: ProductRow;
  variants: VariantRow[];
  media: MediaRow[];
  crumbs: CrumbRow[];
}

/** The product's row for its url key, or undefined for an unknown or disabled product. */
async function productRow(pool: pg.Pool, slug: string, locale: string): Promise<ProductRow | undefined> {
  const result = await pool.query<ProductRow>(
    `SELECT p.id, p.sku, p.brand, p.features, t.name, t.description, t.meta_title, t.meta_description
       FROM product_translations t JOIN products p ON p.id = t.product_id
      WHERE t.locale = $1 AND t.url_key = $2 AND p.enabled`,
    [locale, slug],
  );
  return result.rows[0];
}

/** The layout's navigation: the top two levels of the category tree. */
export async function loadMenu(pool: pg.Pool, locale: string): Promise<MenuRow[]> {
  const result = await pool.query<MenuRow>(
    `SELECT c.id, c.parent_id, c.level, ct.name, ct.url_path FROM categories c
       JOIN category_translations ct ON ct.category_id = c.id AND ct.locale = $1
      WHERE c.include_in_menu AND c.level IN (2, 3)
      ORDER BY c.level, c.position`,
    [locale],
  );
  return result.rows;
}

/** The product's variants with their current prices, its images and its category trail, at once. */
async function productDetails(pool: pg.Pool, product: ProductRow, store: string, locale: string) {
  const [variants, media, crumbs] = await Promise.all([
    pool.query<VariantRow>(
      `SELECT v.sku, v.stock, c.code AS color_code, c.labels AS color_labels, c.swatch, s.code AS size_code, s.labels AS size_labels,
              pr.regular_cents, pr.final_cents
         FROM variants v
         LEFT JOIN attribute_values c ON c.id = v.color_id
         LEFT JOIN attribute_values s ON s.id = v.size_id
         LEFT JOIN LATERAL (
           SELECT regular_cents, final_cents FROM prices
            WHERE variant_id = v.id AND store_code = $2 AND valid_from <= now()
            ORDER BY valid_from DESC LIMIT 1) pr ON true
        WHERE v.product_id = $1
        ORDER BY v.position`,
      [product.id, store],
    ),
    pool.query<MediaRow>("SELECT key, labels, color_id FROM media WHERE product_id = $1 ORDER BY position", [product.id]),
    pool.query<CrumbRow>(
      `WITH leaf AS (
         SELECT c.path FROM product_categories pc JOIN categories c ON c.id = pc.category_id
          WHERE pc.product_id = $1 ORDER BY c.level DESC, pc.position LIMIT 1)
       SELECT ct.name, ct.url_path FROM leaf, categories c
         JOIN category_translations ct ON ct.category_id = c.id AND ct.locale = $2
        WHERE leaf.path LIKE c.path || '%' AND c.level > 1
        ORDER BY c.level`,
      [product.id, locale],
    ),
  ]);
  return { product, variants: variants.rows, media: media.rows, crumbs: crumbs.rows };
}

/**
 * The whole page's rows for `slug` in `store` (its locale by default the same code), or null for an
 * unknown or disabled product: the product first, then its details and the menu at once. (l) reads
 * them so; (n) reads the menu in its layout (loadMenu) and the rest in its page (loadProduct), which
 * Next renders at the same time: the same five queries.
 */
export async function loadPageData(pool: pg.Pool, slug: string, store: string, locale = store): Promise<PageData | null> {
  const product = await productRow(pool, slug, locale);
  if (!product) return null;
  const [menu, details] = await Promise.all([loadMenu(pool, locale), productDetails(pool, product, store, locale)]);
  return { menu, ...details };
}

/** The page's rows but the menu (a layout reads that: loadMenu), or null for an unknown or disabled product. */
export async function loadProduct(pool: pg.Pool, slug: string, store: string, locale = store): Promise<Omit<PageData, "menu"> | null> {
  const product = await productRow(pool, slug, locale);
  if (!product) return null;
  return productDetails(pool, product, store, locale);
}
