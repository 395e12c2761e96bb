// The shopper's cart in the browser: one store that talks to /api/cart and that the mini
// cart, the cart page and the add-to-cart button read (spec §4 "Mini cart loading").
// A guest who has never had a cart gets an empty local cart without any request; the
// non-HttpOnly `cart_qty` cookie the API keeps in step with the cart tells which is which.
import { useSyncExternalStore } from "react";
import type { AddToCartErrorCode, Cart, CartItemInput, CartResponse } from "../../lib/cart-types.ts";
import type { MessageKey } from "../i18n/messages.ts";

export type CartStatus = "idle" | "loading" | "loaded";

interface State {
  status: CartStatus;
  cart: Cart | null;
  /** Item ids whose quantity change is being applied (price-loading indicator). */
  pending: number[];
}

/** Spec §4 "Cart quantity change applies after 1000 ms pause". */
export const QUANTITY_DEBOUNCE_MS = 1000;
export const OPEN_MINICART_EVENT = "open-minicart";

let state: State = { status: "idle", cart: null, pending: [] };
const listeners = new Set<() => void>();
const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

const SERVER_STATE: State = { status: "idle", cart: null, pending: [] };
export function useCart(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => SERVER_STATE,
  );
}

/** Count for the badge before the cart has loaded: the API's cart_qty cookie. */
export function cookieQuantity(): number {
  if (typeof document === "undefined") return 0;
  const match = /(?:^|;\s*)cart_qty=(\d+)/.exec(document.cookie);
  return match ? Number(match[1]) : 0;
}

const hasCart = () => typeof document !== "undefined" && /(?:^|;\s*)cart_qty=/.test(document.cookie);

export class CartError extends Error {
  readonly key: MessageKey;
  constructor(key: MessageKey, message: string) {
    super(message);
    this.key = key;
  }
}

const ERROR_KEYS: Record<AddToCartErrorCode, MessageKey> = {
  qty: "cartError.qty",
  sku: "cartError.sku",
  allOptions: "cartError.allOptions",
  generic: "cartError.generic",
};

/** Spec §8: the server's error code (or message) picks the message shown. */
export function cartErrorKey(code: string | undefined, message = ""): MessageKey {
  if (code && code in ERROR_KEYS) return ERROR_KEYS[code as AddToCartErrorCode];
  if (/requested qty is not available/i.test(message)) return ERROR_KEYS.qty;
  if (/Could not find a product with SKU/i.test(message)) return ERROR_KEYS.sku;
  if (/Choose all options for product!/i.test(message)) return ERROR_KEYS.allOptions;
  return ERROR_KEYS.generic;
}

async function call(path: string, init: RequestInit = {}): Promise<CartResponse> {
  const response = await fetch(path, {
    ...init,
    headers: { "Content-Type": "application/json", ...init.headers },
    credentials: "same-origin",
  });
  const body = (await response.json().catch(() => null)) as CartResponse | { message: string; code?: string }[] | null;
  if (!response.ok) {
    const first = Array.isArray(body) ? body[0] : undefined;
    throw new CartError(cartErrorKey(first?.code, first?.message), first?.message ?? response.statusText);
  }
  return body as CartResponse;
}

export const cartStore = {
  /** Loads the cart once (spec §4): no request for a guest who has no cart. */
  async load(force = false) {
    if (!force && state.status !== "idle") return;
    if (!hasCart()) {
      set({ status: "loaded", cart: null });
      return;
    }
    set({ status: "loading" });
    try {
      set({ status: "loaded", cart: (await call("/api/cart")).cart });
    } catch {
      // A failed load leaves an empty cart; the API has removed the stale cookie.
      set({ status: "loaded", cart: null });
    }
  },

  async add(input: CartItemInput) {
    if (!hasCart()) await call("/api/cart/createEmptyCart", { method: "POST" }).catch(() => undefined);
    const { cart } = await call("/api/cart/", { method: "POST", body: JSON.stringify({ product: input }) });
    set({ status: "loaded", cart });
    window.dispatchEvent(new Event(OPEN_MINICART_EVENT));
    return cart;
  },

  async update(itemId: number, quantity: number) {
    set({ pending: [...state.pending, itemId] });
    try {
      const { cart } = await call("/api/cart/update", { method: "POST", body: JSON.stringify({ cart_item_id: itemId, quantity }) });
      set({ cart });
    } finally {
      set({ pending: state.pending.filter((id) => id !== itemId) });
    }
  },

  async remove(itemId: number) {
    const { cart } = await call(`/api/cart/${itemId}`, { method: "DELETE" });
    set({ cart });
  },

  /** The luhta_cart extras: coupon, gift card, comment, loyalty numbers. */
  async extra(action: string, body: Record<string, string> = {}) {
    const id = state.cart?.id;
    if (!id) return;
    const { cart } = await call(`/api/luhta_cart/${action}/${encodeURIComponent(id)}`, { method: "POST", body: JSON.stringify(body) });
    set({ cart });
  },
};
