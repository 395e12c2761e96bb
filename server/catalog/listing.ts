// Keeps product_listing in step with prices and variants: per product and store, the
// range of current prices and what is in stock. Call it after changing prices or stock
// (for the products changed), or with no ids to rebuild it all.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** A database or a transaction: anything that runs SQL. */
export type SqlExecutor = Pick<Db, "execute">;

/**
 * One statement: the current price of each variant and store is its latest row with
 * valid_from <= now. Prices range over the in-stock variants (over all of them when none
 * is in stock), as the product summaries do. Listing rows of the given products that no
 * longer have any current price are removed. now is the moment whose prices count
 * (tests and the seed pass their own clock).
 */
export async function refreshProductListing(db: SqlExecutor, productIds?: number[], now: Date = new Date()): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const ids = productIds ? sql.param(productIds) : null;
  const onlyVariants = ids ? sql`AND p.variant_id IN (SELECT id FROM variants WHERE product_id = ANY(${ids}::int[]))` : sql``;
  const onlyListings = ids ? sql`AND l.product_id = ANY(${ids}::int[])` : sql``;
  const inStock = sql`(v.stock IS NULL OR v.stock > 0)`;
  await db.execute(sql`
    WITH current_prices AS (
      SELECT DISTINCT ON (p.variant_id, p.store_code) p.variant_id, p.store_code, p.regular_cents, p.final_cents
      FROM prices p
      WHERE p.valid_from <= ${now.toISOString()}::timestamptz ${onlyVariants}
      ORDER BY p.variant_id, p.store_code, p.valid_from DESC
    ),
    fresh AS (
      SELECT v.product_id, c.store_code,
        coalesce(min(c.final_cents) FILTER (WHERE ${inStock}), min(c.final_cents)) AS min_final_cents,
        coalesce(max(c.final_cents) FILTER (WHERE ${inStock}), max(c.final_cents)) AS max_final_cents,
        coalesce(min(c.regular_cents) FILTER (WHERE ${inStock}), min(c.regular_cents)) AS min_regular_cents,
        coalesce(max(c.regular_cents) FILTER (WHERE ${inStock}), max(c.regular_cents)) AS max_regular_cents,
        bool_or(${inStock}) AS in_stock,
        coalesce(array_agg(DISTINCT v.color_id ORDER BY v.color_id) FILTER (WHERE ${inStock} AND v.color_id IS NOT NULL), '{}') AS color_ids,
        coalesce(array_agg(DISTINCT v.size_id ORDER BY v.size_id) FILTER (WHERE ${inStock} AND v.size_id IS NOT NULL), '{}') AS size_ids
      FROM current_prices c JOIN variants v ON v.id = c.variant_id
      GROUP BY v.product_id, c.store_code
    ),
    removed AS (
      DELETE FROM product_listing l
      WHERE NOT EXISTS (SELECT 1 FROM fresh f WHERE f.product_id = l.product_id AND f.store_code = l.store_code) ${onlyListings}
    )
    INSERT INTO product_listing AS l (product_id, store_code, min_final_cents, max_final_cents, min_regular_cents, max_regular_cents,
                                      in_stock, color_ids, size_ids)
    SELECT product_id, store_code, min_final_cents, max_final_cents, min_regular_cents, max_regular_cents, in_stock, color_ids, size_ids
    FROM fresh
    ON CONFLICT (store_code, product_id) DO UPDATE SET
      min_final_cents = excluded.min_final_cents,
      max_final_cents = excluded.max_final_cents,
      min_regular_cents = excluded.min_regular_cents,
      max_regular_cents = excluded.max_regular_cents,
      in_stock = excluded.in_stock,
      color_ids = excluded.color_ids,
      size_ids = excluded.size_ids
    WHERE (l.min_final_cents, l.max_final_cents, l.min_regular_cents, l.max_regular_cents, l.in_stock, l.color_ids, l.size_ids)
      IS DISTINCT FROM (excluded.min_final_cents, excluded.max_final_cents, excluded.min_regular_cents, excluded.max_regular_cents,
                        excluded.in_stock, excluded.color_ids, excluded.size_ids)`);
}
