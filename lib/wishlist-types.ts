// The wishlist as the API and the pages see it (spec §3 "Wishlist: items_v2 with items (each
// product.sku) and page_info.total_pages", §7 wishlist calls; docs/decisions/0017).
import type { Image, PriceRange, ProductTypename, StockStatus } from "./catalog-types.ts";

/** Items on one page of a wishlist unless the client asks for another page size. */
export const WISHLIST_PAGE_SIZE = 20;
/** The largest page a client may ask for. */
export const WISHLIST_MAX_PAGE_SIZE = 100;
/** A wishlist holds at most this many products (409 wishlist_full beyond): every read stays small. */
export const MAX_WISHLIST_ITEMS = 200;

/** A product on a wishlist, in the shape product cards use. */
export interface WishlistProduct {
  __typename: ProductTypename;
  sku: string;
  name: string;
  url_key: string;
  /** The product page's path in the store asked for. */
  url_path: string;
  brand_value: string;
  stock_status: StockStatus;
  thumbnail: Image;
  price_range: PriceRange;
}

export interface WishlistItem {
  id: number;
  /** ISO time the product was added. */
  added_at: string;
  product: WishlistProduct;
}

export interface WishlistPageInfo {
  current_page: number;
  page_size: number;
  total_pages: number;
}

export interface Wishlist {
  id: number;
  items_count: number;
  items_v2: { items: WishlistItem[]; page_info: WishlistPageInfo };
}

/** GET /api/wishlist/get: the customer's wishlists (at most one; none for a guest or before the first add). */
export interface WishlistsResponse {
  wishlists: Wishlist[];
}

/** POST /api/wishlist/add and /remove: the wishlist after the change (its first page). */
export interface WishlistResponse {
  wishlist: Wishlist;
}
