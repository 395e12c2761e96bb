// The engine's wire shape (Elevate-like JSON, spec §3 "Autocomplete response"): the one module
// that knows it. The engine works with its own types (types.ts); a shop that points the
// storefront at an external engine with this shape changes nothing else.
import type { ListingItem, PriceRange, ProductSummary } from "../../lib/catalog-types.ts";
import { imageUrl } from "../../lib/image-url.ts";
import type { SearchPage } from "./service.ts";
import type { Suggestions } from "./types.ts";

export interface WirePrice {
  min: number;
  max: number;
}

export interface WireProduct {
  key: string;
  title: string;
  brand: string;
  link: string;
  /** Click-tracking token: send it back with the click notification. */
  ticket: string;
  imageInfo: { thumbnail: string };
  sellingPrice: WirePrice;
  listPrice: WirePrice;
  currency: string;
  inStock: boolean;
}

/** Spec §3's legacy product shape of an autocomplete answer (Magento's): name, brand_value, image, price_range. */
export interface LegacyWireProduct {
  sku: string;
  name: string;
  brand_value: string;
  url_key: string;
  image: { url: string; label: string };
  price_range: PriceRange;
  ticket: string;
}

export interface WireAutocomplete<P = WireProduct> {
  phraseSuggestions: { q: string; highlighted: string }[];
  productSuggestions: P[];
  recentSearches: { q: string }[];
  recentlyViewed: P[];
  totalHits: number;
}

export type WireSearchPage = Omit<SearchPage, "did_you_mean" | "items"> & {
  items: (ListingItem & { ticket: string })[];
  didYouMean: string | null;
};

const TICKET_PREFIX = "p1.";

/** A product's ticket: opaque to clients, names the product (it carries nothing about the shopper). */
export function ticketOf(sku: string): string {
  return TICKET_PREFIX + Buffer.from(sku, "utf8").toString("base64url");
}

/** The product sku a ticket names, or null for anything that is not one of ours. */
export function skuOfTicket(ticket: string): string | null {
  if (!ticket.startsWith(TICKET_PREFIX)) return null;
  const sku = Buffer.from(ticket.slice(TICKET_PREFIX.length), "base64url").toString("utf8");
  return /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(sku) ? sku : null;
}

const price = (range: PriceRange, kind: "final_price" | "regular_price"): WirePrice => ({
  min: range.minimum_price[kind].value,
  max: range.maximum_price[kind].value,
});

export function wireProduct(product: ProductSummary): WireProduct {
  return {
    key: product.sku,
    title: product.name,
    brand: product.brand_value,
    link: `/p/${product.url_key}`,
    ticket: ticketOf(product.sku),
    // Spec §9's thumbnail constants, written out in the API's address.
    imageInfo: { thumbnail: imageUrl(product.image.url, { w: 100, h: 140, fit: "bounds", q: 80 }) },
    sellingPrice: price(product.price_range, "final_price"),
    listPrice: price(product.price_range, "regular_price"),
    currency: product.price_range.minimum_price.final_price.currency,
    inStock: product.stock_status === "IN_STOCK",
  };
}

export function legacyWireProduct(product: ProductSummary): LegacyWireProduct {
  return {
    sku: product.sku,
    name: product.name,
    brand_value: product.brand_value,
    url_key: product.url_key,
    image: { url: imageUrl(product.image.url, { w: 100, h: 140, fit: "bounds", q: 80 }), label: product.image.label },
    price_range: product.price_range,
    ticket: ticketOf(product.sku),
  };
}

/** The suggestions in the wire shape; `legacy` gives the products in spec §3's legacy shape. */
export function wireAutocomplete(
  s: Suggestions,
  shape: "elevate" | "legacy" = "elevate",
): WireAutocomplete<WireProduct | LegacyWireProduct> {
  const product: (p: ProductSummary) => WireProduct | LegacyWireProduct = shape === "legacy" ? legacyWireProduct : wireProduct;
  return {
    phraseSuggestions: s.phrases.map((p) => ({ q: p.text, highlighted: p.highlighted })),
    productSuggestions: s.products.map(product),
    recentSearches: s.recentSearches.map((q) => ({ q })),
    recentlyViewed: s.recentlyViewed.map(product),
    totalHits: s.totalHits,
  };
}

export function wireSearchPage({ did_you_mean, items, ...page }: SearchPage): WireSearchPage {
  return { ...page, items: items.map((item) => ({ ...item, ticket: ticketOf(item.sku) })), didYouMean: did_you_mean };
}

export interface WireRecommendations {
  recommendationLists: { id: string; products: WireProduct[] }[];
}

export function wireRecommendations(lists: { kind: string; products: ProductSummary[] }[]): WireRecommendations {
  return { recommendationLists: lists.map((list) => ({ id: list.kind, products: list.products.map(wireProduct) })) };
}
