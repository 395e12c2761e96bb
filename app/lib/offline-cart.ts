// The cart as the shopper last saw it (docs/decisions/0030): the cart page keeps a small copy
// in this browser's localStorage each time it shows the cart online, so that offline it can
// show it read-only. Only what the page shows is kept (lines and totals), nothing of
// addresses, e-mail or codes.
import { useEffect, useState, useSyncExternalStore } from "react";
import { shortName } from "../../lib/product-name.ts";
import type { Cart } from "../../lib/cart-types.ts";
import { LAST_CART_KEY } from "../../lib/pwa.ts";

export interface LastCartLine {
  id: number;
  name: string;
  brand: string;
  urlKey: string;
  image: string;
  /** The chosen options, already worded in the store's language. */
  options: string[];
  quantity: number;
  rowTotal: number;
}

export interface LastCart {
  savedAt: string;
  lines: LastCartLine[];
  totalQuantity: number;
  grandTotal: number;
}

export function lastCartOf(cart: Cart | null, options: (item: Cart["items"][number]) => string[], now = new Date()): LastCart {
  return {
    savedAt: now.toISOString(),
    lines: (cart?.items ?? []).map((item) => ({
      id: item.id,
      name: shortName(item.product.name),
      brand: item.product.brand_value,
      urlKey: item.product.url_key,
      image: item.product.image.url,
      options: options(item),
      quantity: item.quantity,
      rowTotal: item.prices.row_total_including_tax.value,
    })),
    totalQuantity: cart?.total_quantity ?? 0,
    grandTotal: cart?.prices.grand_total.value ?? 0,
  };
}

export function saveLastCart(copy: LastCart) {
  try {
    localStorage.setItem(LAST_CART_KEY, JSON.stringify(copy));
  } catch {
    // Storage full or refused (private mode): offline there is simply no copy to show.
  }
}

export function readLastCart(): LastCart | null {
  try {
    const text = localStorage.getItem(LAST_CART_KEY);
    if (!text) return null;
    const copy = JSON.parse(text) as LastCart;
    return Array.isArray(copy?.lines) && typeof copy.savedAt === "string" ? copy : null;
  } catch {
    return null;
  }
}

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser says it is online (the server's render assumes so). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The cart as last seen, for whatever shows the cart (issue 37: the badge and the offline cart
 * agree): online, every cart the page holds is kept as the copy (in any tab, on any page);
 * offline, the copy is given, with when it was seen.
 */
export function useCartAsSeen(cart: Cart | null, options: (item: Cart["items"][number]) => string[]): LastCart | null {
  const online = useOnline();
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept when the cart held changes
  useEffect(() => {
    if (online && cart) saveLastCart(lastCartOf(cart, options));
  }, [online, cart]);
  const [copy, setCopy] = useState<LastCart | null>(null);
  useEffect(() => setCopy(online ? null : readLastCart()), [online]);
  return copy;
}
