// The shopper's cart in the browser: one store that talks to /api/cart and that the mini
// cart, the cart page and the add-to-cart button read (spec §4 "Mini cart loading").
// A guest who has never had a cart gets an empty local cart without any request; the
// non-HttpOnly `cart_qty` cookie the API keeps in step with the cart tells which is which.
//
// Writes go one after another (a queue), so answers that arrive out of order never put an
// older cart over a newer one, and a load that was under way when a write started does not
// overwrite what the write answered.
import { trackAddedInput, trackCartChange } from "./analytics/index.ts";
import { useSyncExternalStore } from "react";
import type { Cart, CartItemInput, CartResponse } from "../../lib/cart-types.ts";
import { COOKIES, readCookie } from "../../lib/cookies.ts";
import type { ErrorDetail } from "../../lib/errors/format.ts";
import { notifyEngine } from "./engagement.ts";

/** The API's error element (spec §7 shape plus code and params). */
type ApiErrorBody = ErrorDetail & { message: string };

export type CartStatus = "idle" | "loading" | "loaded";

export interface CartState {
  status: CartStatus;
  /** null: the shopper has no cart yet — an empty cart (no items, quantity 0, grand total 0). */
  cart: Cart | null;
  /** Item ids whose quantity change is being applied (price-loading indicator). */
  pending: number[];
  /**
   * A change was refused because another window changed the cart first (decision 0011): the
   * cart shown is the fresh one, and the page says so until the next change goes through.
   */
  changedElsewhere: boolean;
}

/** Spec §4 "Cart quantity change applies after 1000 ms pause". */
export const QUANTITY_DEBOUNCE_MS = 1000;
export const OPEN_MINICART_EVENT = "open-minicart";

const INITIAL: CartState = { status: "idle", cart: null, pending: [], changedElsewhere: false };
let state: CartState = INITIAL;
const listeners = new Set<() => void>();
const set = (next: Partial<CartState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCart(): CartState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}

/** Count for the badge before the cart has loaded: the API's cart_qty cookie. */
export function cookieQuantity(): number {
  if (typeof document === "undefined") return 0;
  const quantity = Number(readCookie(document.cookie, COOKIES.cartQty));
  return Number.isInteger(quantity) && quantity > 0 ? quantity : 0;
}

/** Whether the browser holds a guest cart (the API sets cart_qty next to the HttpOnly cart_id). */
const hasCart = () => typeof document !== "undefined" && /(?:^|;\s*)cart_qty=\d/.test(document.cookie);

/** A refusal of the cart API (or the network): the code and parameters the page words with the error catalogue. */
export class CartError extends Error implements ErrorDetail {
  /** The API's error code (qty, coupon_not_found, …; "network" when no answer came). */
  readonly code: string;
  readonly params: Record<string, string | number>;
  readonly field?: string;
  readonly status: number;
  constructor(detail: ErrorDetail & { status?: number }, message: string) {
    super(message);
    this.code = detail.code;
    this.params = detail.params ?? {};
    this.field = detail.field;
    this.status = detail.status ?? 0;
  }
}

/** Spec §8: an add to cart refused for anything but quantity, product or options says "generic". */
export function addToCartRefusal(error: unknown): ErrorDetail {
  if (error instanceof CartError && ["qty", "sku", "allOptions", "cart_full"].includes(error.code)) return error;
  return { code: "generic" };
}

async function call(path: string, init: RequestInit = {}): Promise<CartResponse> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { "Content-Type": "application/json", ...init.headers },
      credentials: "same-origin",
    });
  } catch (error) {
    throw new CartError({ code: "network" }, error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => null)) as CartResponse | ApiErrorBody[] | null;
  if (!response.ok) {
    const first = Array.isArray(body) ? body[0] : undefined;
    const detail = { code: first?.code ?? "internal_error", params: first?.params, field: first?.field, status: response.status };
    throw new CartError(detail, first?.message ?? response.statusText);
  }
  return body as CartResponse;
}

const isGone = (error: unknown) => error instanceof CartError && error.code === "cart_not_found";
const isStale = (error: unknown) => error instanceof CartError && error.code === "cart_changed_elsewhere";

/** The version of a line as this page shows it: sent with its change, so a stale page's change is refused. */
const versionOf = (itemId: number) => state.cart?.items.find((i) => i.id === itemId)?.version;

/** After a refused write: a gone cart is forgotten; a stale one is shown as it now is, with the notice. */
async function afterRefusal(error: unknown) {
  if (isGone(error)) forget();
  else if (isStale(error)) {
    try {
      const { cart } = await call("/api/cart");
      set({ cart, changedElsewhere: true });
    } catch (reload) {
      if (isGone(reload)) forget();
    }
  }
}

/** Bumped by every write: a load that started before it must not overwrite its answer. */
let version = 0;
let queue: Promise<unknown> = Promise.resolve();
let writing = 0;
/** Runs the writes one at a time, in the order they were asked for. */
function write<T>(task: () => Promise<T>): Promise<T> {
  version++;
  writing++;
  const run = queue.then(task, task).finally(() => {
    writing--;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** The cart is gone on the server (ordered, expired): the shopper has an empty cart again. */
function forget() {
  set({ status: "loaded", cart: null, pending: [], changedElsewhere: false });
}

let loading: Promise<void> | null = null;

export const cartStore = {
  /** The state as it is now (for code outside React). */
  get: (): CartState => state,

  /** Loads the cart once (spec §4): no request for a guest who has no cart; `force` loads again. */
  load(force = false): Promise<void> {
    if (loading) return loading;
    if (!force && state.status !== "idle") return Promise.resolve();
    if (!hasCart()) {
      set({ status: "loaded", cart: null });
      return Promise.resolve();
    }
    const started = version;
    if (state.status !== "loaded") set({ status: "loading" });
    loading = (async () => {
      try {
        const { cart } = await call("/api/cart");
        if (version === started) set({ status: "loaded", cart });
      } catch {
        // A failed load leaves an empty cart; the API has removed the stale cookie.
        if (version === started) forget();
      } finally {
        loading = null;
      }
    })();
    return loading;
  },

  /** Takes the cart a page rendered on the server (the cart page), unless the browser already holds one. */
  seed(cart: Cart | null) {
    if (state.status === "idle" && !loading) set({ status: "loaded", cart });
  },

  /** Adds a product (creating the guest cart first when there is none) and opens the mini cart. */
  add(input: CartItemInput): Promise<Cart> {
    return write(async () => {
      // The cart as it was, when the page knew it (else the add's own line is what it added).
      const before = state.status === "loaded" ? state.cart : undefined;
      const post = () => call("/api/cart/", { method: "POST", body: JSON.stringify({ product: input }) });
      if (!hasCart()) await call("/api/cart/createEmptyCart", { method: "POST" });
      let answer: CartResponse;
      try {
        answer = await post();
      } catch (error) {
        if (!isGone(error)) throw error;
        // The cart of the cookie was ordered or has expired: start a new one.
        await call("/api/cart/createEmptyCart", { method: "POST" });
        answer = await post();
      }
      set({ status: "loaded", cart: answer.cart });
      // The data layer's add_to_cart: the units this add put in (a cart started afresh has only them).
      if (before === undefined) trackAddedInput(answer.cart, input);
      else trackCartChange(before, answer.cart, { additionsOnly: true });
      window.dispatchEvent(new Event(OPEN_MINICART_EVENT));
      notifyEngine("add-to-cart", { productKey: input.sku });
      return answer.cart;
    });
  },

  /** Sets a line's quantity; the line is marked pending until the new prices are in. */
  update(itemId: number, quantity: number): Promise<Cart> {
    set({ pending: [...state.pending, itemId] });
    return write(async () => {
      try {
        const before = state.cart;
        const body = JSON.stringify({ cart_item_id: itemId, quantity, version: versionOf(itemId) });
        const { cart } = await call("/api/cart/update", { method: "POST", body });
        set({ cart, changedElsewhere: false });
        // More units: add_to_cart; fewer: remove_from_cart (GA4's habit for quantity changes).
        trackCartChange(before, cart);
        return cart;
      } catch (error) {
        await afterRefusal(error);
        throw error;
      } finally {
        const at = state.pending.indexOf(itemId);
        if (at >= 0) set({ pending: state.pending.filter((_, i) => i !== at) });
      }
    });
  },

  remove(itemId: number): Promise<Cart> {
    return write(async () => {
      try {
        const version = versionOf(itemId);
        const before = state.cart;
        const { cart } = await call(`/api/cart/${itemId}${version === undefined ? "" : `?version=${version}`}`, { method: "DELETE" });
        set({ cart, changedElsewhere: false });
        trackCartChange(before, cart);
        return cart;
      } catch (error) {
        await afterRefusal(error);
        throw error;
      }
    });
  },

  /** The luhta_cart extras: coupon, gift card, comment, loyalty numbers. */
  extra(action: string, body?: Record<string, string | null>): Promise<Cart> {
    return write(async () => {
      const id = state.cart?.id;
      if (!id) throw new CartError({ code: "cart_not_found", status: 404 }, "There is no cart");
      try {
        const init: RequestInit = { method: "POST" };
        if (body) init.body = JSON.stringify(body);
        const { cart } = await call(`/api/luhta_cart/${action}/${encodeURIComponent(id)}`, init);
        set({ cart });
        return cart;
      } catch (error) {
        if (isGone(error)) forget();
        throw error;
      }
    });
  },

  /** Resolves when every write asked for so far has been answered (before leaving for checkout). */
  settled: (): Promise<void> => queue.then(() => undefined),

  /**
   * Brings the browser's cart in step with the cookie after something outside this store
   * changed it (another tab, the order step clearing it): no cookie → the empty cart; another
   * count → load again. Nothing happens before the cart has loaded or while it is busy.
   */
  sync() {
    if (state.status !== "loaded" || loading || writing) return;
    if (!hasCart()) {
      if (state.cart) forget();
    } else if (cookieQuantity() !== (state.cart?.total_quantity ?? 0)) void cartStore.load(true);
  },

  /** Forgets the cart in the browser (after the order is placed; the API has closed the cart). */
  clear() {
    version++;
    forget();
  },
};
