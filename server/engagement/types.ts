// The engagement engine's own types: the rest of the shop works with these; the Elevate-like
// JSON of the API lives only in wire.ts.
import type { ProductSummary } from "../../lib/catalog-types.ts";

export const SIGNAL_KINDS = ["click", "add_to_cart", "add_to_wishlist", "purchase"] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** The random keys of the engagement cookies (no personal data). */
export interface ShopperKeys {
  customerKey: string | null;
  sessionKey: string | null;
}

/**
 * Whether the engine may store or use anything about the shopper: only with marketing consent
 * and not notify=false, and only with a key to file it under.
 */
export interface Tracking {
  allowed: boolean;
  keys: ShopperKeys;
}

export interface PhraseSuggestion {
  text: string;
  /** The phrase with the part matching the query in braces: "{takk}i". */
  highlighted: string;
}

export interface Suggestions {
  phrases: PhraseSuggestion[];
  products: ProductSummary[];
  recentSearches: string[];
  recentlyViewed: ProductSummary[];
  totalHits: number;
}
