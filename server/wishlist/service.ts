// The customer's wishlist (spec §3, §4, §7; docs/decisions/0017): one per customer, made by the
// first add, a product at most once, newest first. The owner is the required last parameter
// of every method (server/identity.ts): a guest reads an empty list and may not change one
// (401 not_logged_in); a customer reaches only their own items, so another customer's item
// is not found, as if it did not exist.
import type { ProductSummary } from "../../lib/catalog-types.ts";
import {
  MAX_WISHLIST_ITEMS,
  WISHLIST_MAX_PAGE_SIZE,
  WISHLIST_PAGE_SIZE,
  type Wishlist,
  type WishlistItem,
} from "../../lib/wishlist-types.ts";
import type { CatalogService, Store } from "../catalog/service.ts";
import type { Db } from "../db/client.ts";
import { AppError, badInput, notFound } from "../errors.ts";
import type { Owner } from "../identity.ts";
import { wishlistQueries } from "./repository.ts";

export interface WishlistServiceOptions {
  db: Db;
  catalog: Pick<CatalogService, "productSummaries">;
  clock?: () => number;
  /** Products a wishlist holds at most (MAX_WISHLIST_ITEMS; tests use fewer). */
  maxItems?: number;
}

export interface PageRequest {
  page?: number;
  pageSize?: number;
}

/** What to remove: the item's id (as the list answers it) or the product's sku. */
export type RemoveTarget = { itemId: number } | { sku: string };

function customerOf(owner: Owner): number {
  if (owner.customerId === null) throw new AppError(401, "not_logged_in");
  return owner.customerId;
}

function pageOf({ page = 1, pageSize = WISHLIST_PAGE_SIZE }: PageRequest) {
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw badInput("page", { rule: "wholeNumber", min: 1, max: 10_000 });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > WISHLIST_MAX_PAGE_SIZE)
    throw badInput("pageSize", { rule: "wholeNumber", min: 1, max: WISHLIST_MAX_PAGE_SIZE });
  return { page, pageSize };
}

const productView = (p: ProductSummary): WishlistItem["product"] => ({
  __typename: p.__typename,
  sku: p.sku,
  name: p.name,
  url_key: p.url_key,
  url_path: `/p/${p.url_key}`,
  brand_value: p.brand_value,
  stock_status: p.stock_status,
  thumbnail: p.image,
  price_range: p.price_range,
});

export function createWishlistService({ db, catalog, clock = Date.now, maxItems = MAX_WISHLIST_ITEMS }: WishlistServiceOptions) {
  /** One page of a wishlist as the API shows it, its products in the store's language and prices. */
  async function view(store: Store, wishlistId: number, request: PageRequest): Promise<Wishlist> {
    const { page, pageSize } = pageOf(request);
    const q = wishlistQueries(db);
    const [rows, itemsCount] = await Promise.all([q.page(wishlistId, pageSize, (page - 1) * pageSize), q.itemCount(wishlistId)]);
    const summaries = await catalog.productSummaries(
      store,
      rows.map((r) => r.productId),
    );
    // Summaries skip a product they cannot show; the rest are matched by sku.
    const bySku = new Map(summaries.map((s) => [s.sku, s]));
    const items = rows.flatMap((row): WishlistItem[] => {
      const summary = bySku.get(row.sku);
      return summary ? [{ id: row.id, added_at: row.addedAt.toISOString(), product: productView(summary) }] : [];
    });
    return {
      id: wishlistId,
      items_count: itemsCount,
      items_v2: {
        items,
        page_info: { current_page: page, page_size: pageSize, total_pages: Math.max(1, Math.ceil(itemsCount / pageSize)) },
      },
    };
  }

  async function productId(sku: string): Promise<number> {
    const id = await wishlistQueries(db).productIdBySku(sku);
    if (id === undefined) throw notFound("product_not_found");
    return id;
  }

  return {
    /** Spec §7 GET api/wishlist/get: the customer's wishlists (the first is used); a guest's list is empty (spec §4). */
    async get(store: Store, request: PageRequest, owner: Owner): Promise<Wishlist[]> {
      pageOf(request);
      if (owner.customerId === null) return [];
      const id = await wishlistQueries(db).wishlistId(owner.customerId);
      return id === undefined ? [] : [await view(store, id, request)];
    },

    /** Adds a product by its sku (again: nothing changes); the wishlist is made on the first add. */
    async add(store: Store, sku: string, owner: Owner): Promise<Wishlist> {
      const customerId = customerOf(owner);
      const product = await productId(sku);
      const wishlistId = await db.transaction(async (tx) => {
        const q = wishlistQueries(tx);
        const id = await q.lockOrCreate(customerId);
        if (await q.itemByProduct(id, product)) return id;
        if ((await q.itemCount(id)) >= maxItems) throw new AppError(409, "wishlist_full", { params: { max: maxItems } });
        await q.insertItem(id, product, new Date(clock()));
        return id;
      });
      return view(store, wishlistId, {});
    },

    /** Removes an item of the customer's own wishlist, by item id or sku; anything else is not found. */
    async remove(store: Store, target: RemoveTarget, owner: Owner): Promise<Wishlist> {
      const customerId = customerOf(owner);
      const q = wishlistQueries(db);
      const where = "sku" in target ? { productId: await productId(target.sku) } : { itemId: target.itemId };
      const wishlistId = await q.wishlistId(customerId);
      if (wishlistId === undefined || !(await q.deleteItem(wishlistId, where))) throw new AppError(404, "wishlist_item_not_found");
      return view(store, wishlistId, {});
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
