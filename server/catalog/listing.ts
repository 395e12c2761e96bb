// Keeps product_listing in step with prices and variants: per product and store, the
// range of current prices and what is in stock. The statement is the SQL function
// refresh_product_listing (migration 0003), which the stock and price triggers call too;
// this runs it for the products given, or with no ids for all of them.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** A database or a transaction: anything that runs SQL. */
export type SqlExecutor = Pick<Db, "execute">;

/**
 * The current price of each variant and store is its latest row with valid_from <= now.
 * Prices range over the in-stock variants (over all of them when none is in stock), as the
 * product summaries do. Listing rows of the given products that no longer have any current
 * price are removed. now is the moment whose prices count (the price clock, tests and the
 * seed pass their own clock).
 */
export async function refreshProductListing(db: SqlExecutor, productIds?: number[], now: Date = new Date()): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const ids = productIds ? sql`${sql.param(productIds)}::int[]` : sql`NULL::int[]`;
  await db.execute(sql`SELECT refresh_product_listing(${ids}, ${now.toISOString()}::timestamptz)`);
}
