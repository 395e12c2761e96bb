// Wishlist queries (docs/decisions/0017). Every function runs on the executor it was made with:
// the pool for reads, the caller's transaction for a change.
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products, type WishlistItemRow, wishlistItems, wishlists } from "../db/schema.ts";

/** The pool or a transaction. */
export type WishlistExecutor = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/** Only enabled products are shown, counted or added: a product taken off sale leaves the list until it returns. */
const onSale = and(eq(products.id, wishlistItems.productId), eq(products.enabled, true));

export function wishlistQueries(q: WishlistExecutor) {
  return {
    async wishlistId(customerId: number): Promise<number | undefined> {
      const [row] = await q.select({ id: wishlists.id }).from(wishlists).where(eq(wishlists.customerId, customerId));
      return row?.id;
    },

    /**
     * The customer's wishlist, made on first use, locked until the transaction ends: adds of
     * one customer take turns, so the size limit holds with two windows adding at once.
     */
    async lockOrCreate(customerId: number): Promise<number> {
      const [row] = await q
        .insert(wishlists)
        .values({ customerId })
        .onConflictDoUpdate({ target: wishlists.customerId, set: { customerId: sql`excluded.customer_id` } })
        .returning({ id: wishlists.id });
      if (!row) throw new Error("wishlist row missing after upsert");
      return row.id;
    },

    /** The id of the enabled product with this sku. */
    async productIdBySku(sku: string): Promise<number | undefined> {
      const [row] = await q
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.sku, sku), eq(products.enabled, true)));
      return row?.id;
    },

    async itemByProduct(wishlistId: number, productId: number): Promise<WishlistItemRow | undefined> {
      const [row] = await q
        .select()
        .from(wishlistItems)
        .where(and(eq(wishlistItems.wishlistId, wishlistId), eq(wishlistItems.productId, productId)));
      return row;
    },

    async itemCount(wishlistId: number): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(wishlistItems)
        .innerJoin(products, onSale)
        .where(eq(wishlistItems.wishlistId, wishlistId));
      return row?.n ?? 0;
    },

    /** Adds a product once: a second add of it changes nothing. */
    async insertItem(wishlistId: number, productId: number, addedAt: Date) {
      await q.insert(wishlistItems).values({ wishlistId, productId, addedAt }).onConflictDoNothing();
    },

    /** One page of items, newest first. */
    async page(wishlistId: number, limit: number, offset: number) {
      return q
        .select({
          id: wishlistItems.id,
          productId: wishlistItems.productId,
          sku: products.sku,
          addedAt: wishlistItems.addedAt,
        })
        .from(wishlistItems)
        .innerJoin(products, onSale)
        .where(eq(wishlistItems.wishlistId, wishlistId))
        .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.id))
        .limit(limit)
        .offset(offset);
    },

    /** Removes an item of this wishlist only; whether there was one. */
    async deleteItem(wishlistId: number, where: { itemId: number } | { productId: number }): Promise<boolean> {
      const which = "itemId" in where ? eq(wishlistItems.id, where.itemId) : eq(wishlistItems.productId, where.productId);
      const removed = await q
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.wishlistId, wishlistId), which))
        .returning({ id: wishlistItems.id });
      return removed.length > 0;
    },
  };
}
