// The browser's side of the engagement service (spec §1, §3, §7): autocomplete as the shopper
// types, and the behaviour signals (clicks, add-to-cart, add-to-wishlist; purchases are reported
// by the server once per paid order, decision 0031). The service
// is the shop's own (/api/engagement); `notify=false` unless the shopper gave marketing
// consent (the server enforces the same from the consent cookie).
import type { PriceRange } from "../../lib/catalog-types.ts";
import { COOKIES, customerKeyExpiry, engagementKeyCookie, parseConsent, readCookie, readCookies } from "../../lib/cookies.ts";
import { engagementState, WIDE_MEDIA } from "../../lib/engagement-keys.ts";

export interface SuggestedPhrase {
  q: string;
  /** The phrase with the part that matches the query in braces: "rain {jack}et". */
  highlighted?: string;
}

export interface SuggestedProduct {
  /** The product's sku. */
  key?: string;
  title: string;
  brand?: string;
  link: string;
  ticket?: string;
  /** The thumbnail, sized by the service (spec §9: 100×140, fit bounds, quality 80, webp). */
  imageInfo?: { thumbnail?: string };
  sellingPrice?: { min: number; max: number };
  listPrice?: { min: number; max: number };
}

export interface Suggestions {
  phraseSuggestions: SuggestedPhrase[];
  productSuggestions: SuggestedProduct[];
  recentSearches: SuggestedPhrase[];
  recentlyViewed: SuggestedProduct[];
  totalHits: number;
}

const EMPTY: Suggestions = { phraseSuggestions: [], productSuggestions: [], recentSearches: [], recentlyViewed: [], totalHits: 0 };

/** Spec §3's legacy product shape (Magento's), as an engine may still answer it. */
interface LegacyProduct {
  sku?: string;
  name: string;
  brand_value?: string;
  url_key?: string;
  image?: { url?: string; label?: string };
  price_range?: PriceRange;
  ticket?: string;
}

/** A product of either shape as the search bar shows it; a legacy one's price is its price range's final prices. */
function suggestedProduct(product: SuggestedProduct | LegacyProduct): SuggestedProduct {
  if (!("name" in product) || "title" in product) return product as SuggestedProduct;
  const range = product.price_range;
  return {
    key: product.sku,
    title: product.name,
    brand: product.brand_value,
    link: `/p/${product.url_key ?? ""}`,
    ticket: product.ticket,
    imageInfo: product.image?.url ? { thumbnail: product.image.url } : undefined,
    sellingPrice: range ? { min: range.minimum_price.final_price.value, max: range.maximum_price.final_price.value } : undefined,
  };
}

/** Spec §3: a products list, or lists of them ({ products: [...] }, the first one used), in either shape. */
function products(value: unknown): SuggestedProduct[] {
  if (!Array.isArray(value)) return [];
  const first = value[0] as { products?: unknown } | undefined;
  const list = first && typeof first === "object" && Array.isArray(first.products) ? first.products : value;
  return (list as (SuggestedProduct | LegacyProduct)[]).map(suggestedProduct);
}

export const notifyAllowed = () => parseConsent(readCookie(document.cookie, COOKIES.consent)).marketing;

/**
 * The engagement state for a call (lib/engagement-keys.ts): market, locale and touchpoint, and
 * with marketing consent the keys — made on first use and written as cookies, the customer
 * key until the token expires (spec §9) — else notify=false and no keys.
 */
function engagementQuery(): Record<string, string> {
  const { params, write } = engagementState({
    cookies: readCookies(document.cookie),
    language: document.documentElement.lang,
    wide: window.matchMedia(WIDE_MEDIA).matches,
    makeKey: () => crypto.randomUUID(),
  });
  for (const { name, value } of write) {
    const expires = name === COOKIES.customerKey ? customerKeyExpiry(readCookie(document.cookie, COOKIES.expires), Date.now()) : undefined;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves; lib/cookies.ts builds the value
    document.cookie = engagementKeyCookie(location.href, name, value, expires);
  }
  return params;
}

/** Autocomplete for the typed text ("" asks for recent searches and recently viewed only). */
export async function fetchSuggestions(q: string, signal: AbortSignal): Promise<Suggestions> {
  const query = new URLSearchParams({ q, ...engagementQuery() });
  const response = await fetch(`/api/engagement/queries/autocomplete?${query}`, { method: "POST", signal });
  if (!response.ok) throw new Error(`autocomplete answered ${response.status}`);
  const body = (await response.json()) as Partial<Record<keyof Suggestions, unknown>>;
  return {
    phraseSuggestions: Array.isArray(body.phraseSuggestions) ? (body.phraseSuggestions as SuggestedPhrase[]) : EMPTY.phraseSuggestions,
    productSuggestions: products(body.productSuggestions),
    recentSearches: Array.isArray(body.recentSearches) ? (body.recentSearches as SuggestedPhrase[]) : EMPTY.recentSearches,
    recentlyViewed: products(body.recentlyViewed),
    totalHits: typeof body.totalHits === "number" ? body.totalHits : 0,
  };
}

type Signal = "click" | "add-to-cart" | "add-to-wishlist";

/**
 * A behaviour signal for the engine (spec §1 notifications), only with marketing consent; sent
 * so that it outlives a navigation it starts, and never in the way of what the shopper is doing.
 */
export function notifyEngine(kind: Signal, product: { ticket?: string; productKey?: string }) {
  if (!notifyAllowed()) return;
  const named: Record<string, string> | null = product.ticket
    ? { ticket: product.ticket }
    : product.productKey
      ? { productKey: product.productKey }
      : null;
  if (!named) return;
  // Notifications carry no locale (spec §7); the rest of the state as queries.
  const { locale: _locale, ...state } = engagementQuery();
  const query = new URLSearchParams({ ...named, ...state });
  void fetch(`/api/engagement/notifications/${kind}?${query}`, { method: "POST", keepalive: true }).catch(() => {});
}

/** The click on a suggested or recommended product. */
export const notifyClick = (ticket: string | undefined) => notifyEngine("click", { ticket });

/** "rain {jack}et" → the parts, the braced ones marked. */
export function highlightParts(highlighted: string): { text: string; match: boolean }[] {
  return highlighted
    .split(/(\{[^}]*\})/)
    .filter(Boolean)
    .map((part) => (part.startsWith("{") && part.endsWith("}") ? { text: part.slice(1, -1), match: true } : { text: part, match: false }));
}
