// The shop's one way onto the tag manager's data layer (spec §1, decision 0029): push() is the
// only code that touches window.dataLayer (the head script's gtag() aside, which consent mode
// needs as it is). Events go on whether or not a container is configured, after the consent
// default the head script set first. Ecommerce events clear the previous ecommerce object
// first (GA4's advice), and each is pushed once per action: the callers name the action with a
// key, and a key seen before (React StrictMode's second effect, a re-render, a revalidation)
// pushes nothing.
import { useEffect } from "react";
import { useLocation } from "react-router";
import {
  type AnalyticsItem,
  cartChanges,
  cartEcommerce,
  cartLineItem,
  type EcommerceBody,
  ecommerceOf,
  type ItemList,
  type PurchaseOrder,
  productItem,
  purchaseEcommerce,
} from "../../../lib/analytics.ts";
import type { Cart } from "../../../lib/cart-types.ts";
import type { ListingItem } from "../../../lib/catalog-types.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export type { AnalyticsItem, ItemList };
export { productCurrency, productItem, suggestedItem } from "../../../lib/analytics.ts";

/** Pushes one entry onto the data layer, creating it when the head script has not (a test page). */
export function push(entry: Record<string, unknown>): void {
  if (typeof window === "undefined") return;
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

const seen = new Set<string>();

/** True the first time a key is seen in this page's life. */
export function firstTime(key: string): boolean {
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

export type EcommerceEvent =
  | "view_item_list"
  | "view_item"
  | "select_item"
  | "add_to_cart"
  | "add_to_wishlist"
  | "remove_from_cart"
  | "view_cart"
  | "begin_checkout"
  | "add_shipping_info"
  | "add_payment_info"
  | "purchase";

/** `{ ecommerce: null }`, then the event with its ecommerce body. */
export function pushEcommerce(event: EcommerceEvent, ecommerce: Record<string, unknown>): void {
  push({ ecommerce: null });
  push({ event, ecommerce });
}

export function trackViewItemList(list: ItemList, items: AnalyticsItem[]): void {
  if (items.length === 0) return;
  pushEcommerce("view_item_list", { item_list_id: list.id, item_list_name: list.name, items });
}

/** A product page shown (once per page view of the product: useTrackOnce). */
export function trackViewItem(item: AnalyticsItem, currency: string): void {
  pushEcommerce("view_item", ecommerceOf([item], currency) as unknown as Record<string, unknown>);
}

export function trackSelectItem(item: AnalyticsItem): void {
  pushEcommerce("select_item", { item_list_id: item.item_list_id, item_list_name: item.item_list_name, items: [item] });
}

export function trackAddToWishlist(item: AnalyticsItem, currency: string): void {
  pushEcommerce("add_to_wishlist", ecommerceOf([item], currency) as unknown as Record<string, unknown>);
}

/** A cart write's events: added units (add_to_cart) and, unless only additions count, removed ones. */
export function trackCartChange(before: Cart | null, after: Cart | null, { additionsOnly = false } = {}): void {
  const { added, removed } = cartChanges(before, after);
  const currency = after?.prices.grand_total.currency ?? before?.prices.grand_total.currency;
  if (!currency) return;
  if (added.length > 0) pushEcommerce("add_to_cart", body(ecommerceOf(added, currency)));
  if (!additionsOnly && removed.length > 0) pushEcommerce("remove_from_cart", body(ecommerceOf(removed, currency)));
}

/** add_to_cart when the cart before the add was not known: the line of the added product, with the units asked for. */
export function trackAddedInput(cart: Cart, input: { sku: string; quantity: number }): void {
  const line = cart.items.findLast((l) => l.configured_variant?.sku === input.sku || l.product.sku === input.sku);
  if (line)
    pushEcommerce("add_to_cart", body(ecommerceOf([cartLineItem(line, { quantity: input.quantity })], cart.prices.grand_total.currency)));
}

export function trackViewCart(cart: Cart): void {
  if (cart.items.length > 0) pushEcommerce("view_cart", body(cartEcommerce(cart)));
}

/** Once per cart in this tab: not again when the shopper comes back from a declined or cancelled payment. */
export function trackBeginCheckout(cart: Cart): void {
  if (cart.items.length > 0 && firstInTab(`begin_checkout:${cart.id}`)) pushEcommerce("begin_checkout", body(cartEcommerce(cart)));
}

/** The shipping step saved: its method as the shipping tier (once per cart and method in this tab). */
export function trackAddShippingInfo(cart: Cart, shippingTier: string): void {
  if (cart.items.length > 0 && firstInTab(`add_shipping_info:${cart.id}:${shippingTier}`))
    pushEcommerce("add_shipping_info", { ...body(cartEcommerce(cart)), shipping_tier: shippingTier });
}

/** The payment step sent: its method as the payment type (once per cart and method in this tab). */
export function trackAddPaymentInfo(cart: Cart, paymentType: string): void {
  if (cart.items.length > 0 && firstInTab(`add_payment_info:${cart.id}:${paymentType}`))
    pushEcommerce("add_payment_info", { ...body(cartEcommerce(cart)), payment_type: paymentType });
}

/** True the first time a key is seen in this tab (its session storage; this page's memory when storage is refused). */
function firstInTab(key: string): boolean {
  if (!firstTime(key)) return false;
  try {
    if (window.sessionStorage.getItem(key)) return false;
    window.sessionStorage.setItem(key, "1");
  } catch {
    // Storage refused (private mode): the in-memory guard still holds for this page.
  }
  return true;
}

/** Once per order, even on a reload of the success page (this tab remembers it). */
export function trackPurchase(order: PurchaseOrder): boolean {
  if (!firstInTab(`purchase:${order.order_number}`)) return false;
  pushEcommerce("purchase", purchaseEcommerce(order));
  return true;
}

const body = (value: EcommerceBody) => value as unknown as Record<string, unknown>;

/**
 * Runs `track` once for this page view and `what` (a list, a cart): not again for React
 * StrictMode's second effect, a re-render or a revalidation of the same page; again after a
 * navigation (a new location key).
 */
export function useTrackOnce(what: string | null, track: () => void): void {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: what and the location key say when; track is read then
  useEffect(() => {
    if (what !== null && firstTime(`${key}|${what}`)) track();
  }, [key, what]);
}

/** `view_item_list` once per render of a list on a page (a new page of it, a new filter: again). */
export function useViewItemList(list: ItemList | null, items: AnalyticsItem[]): void {
  const ids = items.map((i) => `${i.item_id}:${i.item_variant ?? ""}`).join(",");
  useTrackOnce(list && items.length > 0 ? `view_item_list|${list.id}|${ids}` : null, () => {
    if (list) trackViewItemList(list, items);
  });
}

/** The products of a list as its items: their place in it and the list's name. */
export const listItems = (
  list: ItemList,
  products: readonly Pick<ListingItem, "sku" | "name" | "brand_value" | "price_range" | "shown_color">[],
) => products.map((product, index) => productItem(product, { index, list, variant: product.shown_color?.label }));
