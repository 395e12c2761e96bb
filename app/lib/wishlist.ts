// The customer's wishlist in the browser (spec §4 "Wishlist loads only for logged-in users,
// else empty"): the set of skus on it, which every heart on the page reads. Catalogue pages are
// the same cached HTML for everyone, so the hearts' filled state comes from here: loaded once
// per page (document) for a logged-in customer — the readable auth.logged_in hint says who is —
// and cleared when the session ends. A failed load leaves it empty (spec §7).
import { toast, WISHLIST_TOAST_DURATION } from "./toasts.ts";
import { useSyncExternalStore } from "react";
import { COOKIES, readCookie } from "../../lib/cookies.ts";
import type { ErrorDetail } from "../../lib/errors/format.ts";
import { notifyEngine } from "./engagement.ts";
import { WISHLIST_MAX_PAGE_SIZE, type WishlistResponse, type WishlistsResponse } from "../../lib/wishlist-types.ts";

export interface WishlistState {
  status: "idle" | "loading" | "loaded";
  skus: ReadonlySet<string>;
  /** Skus whose add or remove is under way. */
  pending: ReadonlySet<string>;
}

const INITIAL: WishlistState = { status: "idle", skus: new Set(), pending: new Set() };
let state = INITIAL;
const listeners = new Set<() => void>();
function set(next: Partial<WishlistState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** A refusal of the wishlist API (or the network: code "network"), for the error catalogue to word. */
export class WishlistError extends Error implements ErrorDetail {
  readonly code: string;
  readonly params: Record<string, string | number>;
  readonly status: number;
  constructor(code: string, params: Record<string, string | number> | undefined, status: number, message: string) {
    super(message);
    this.code = code;
    this.params = params ?? {};
    this.status = status;
  }
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new WishlistError("network", undefined, 0, error instanceof Error ? error.message : String(error));
  }
  const answer = (await response.json().catch(() => null)) as T | (ErrorDetail & { message: string })[] | null;
  if (!response.ok) {
    const first = Array.isArray(answer) ? answer[0] : undefined;
    throw new WishlistError(first?.code ?? "internal_error", first?.params, response.status, first?.message ?? response.statusText);
  }
  return answer as T;
}

export const isLoggedIn = () => typeof document !== "undefined" && readCookie(document.cookie, COOKIES.loggedIn) === "1";

let loading: Promise<void> | null = null;
/** Bumped by every change and by clear(): a load that began before one does not overwrite it. */
let generation = 0;

function withPending(sku: string, on: boolean) {
  const pending = new Set(state.pending);
  if (on) pending.add(sku);
  else pending.delete(sku);
  set({ pending });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const wishlistStore = {
  get: (): WishlistState => state,

  /** Loads the skus once per page: nothing is asked for a guest. Every page of the list (it holds at most 200). */
  load(): Promise<void> {
    if (loading) return loading;
    if (state.status !== "idle") return Promise.resolve();
    if (!isLoggedIn()) {
      set({ status: "loaded" });
      return Promise.resolve();
    }
    const started = generation;
    set({ status: "loading" });
    loading = (async () => {
      const skus = new Set<string>();
      try {
        for (let page = 1, pages = 1; page <= pages; page++) {
          const { wishlists } = await call<WishlistsResponse>(`/api/wishlist/get?pageSize=${WISHLIST_MAX_PAGE_SIZE}&page=${page}`);
          const first = wishlists[0];
          for (const item of first?.items_v2.items ?? []) skus.add(item.product.sku);
          pages = first?.items_v2.page_info.total_pages ?? 0;
        }
      } catch (error) {
        skus.clear(); // spec §7: a failed load leaves the wishlist empty
        // Spec §8: and says so; a session that has ended is told by the session's own message.
        if (!(error instanceof WishlistError && error.status === 401))
          toast.show({ message: { key: "wishlist.loadFailed" }, kind: "error", duration: WISHLIST_TOAST_DURATION });
      } finally {
        loading = null;
      }
      if (generation === started) set({ status: "loaded", skus });
    })();
    return loading;
  },

  /** Adds a product; throws a WishlistError when refused (401: the session has ended). */
  async add(sku: string): Promise<void> {
    generation++;
    withPending(sku, true);
    try {
      await call<WishlistResponse>("/api/wishlist/add", { wishlistData: { sku } });
      set({ skus: new Set(state.skus).add(sku) });
      notifyEngine("add-to-wishlist", { productKey: sku });
    } finally {
      withPending(sku, false);
    }
  },

  /** Removes a product; one that is not on the wishlist (removed in another window) counts as removed. */
  async remove(sku: string): Promise<void> {
    generation++;
    withPending(sku, true);
    try {
      await call<WishlistResponse>("/api/wishlist/remove", { wishlistData: { sku } });
    } catch (error) {
      if (!(error instanceof WishlistError && error.code === "wishlist_item_not_found")) throw error;
    } finally {
      withPending(sku, false);
    }
    const skus = new Set(state.skus);
    skus.delete(sku);
    set({ skus });
  },

  /** Calls `listener` after every change; returns what stops it. */
  subscribe,

  /** The login changed in another tab: what was known goes, and the list is loaded anew (a guest's: none). */
  reload(): Promise<void> {
    generation++;
    set({ ...INITIAL });
    return this.load();
  },

  /** The session ended (logout, expiry): nothing is kept, and the next page loads as a guest. */
  clear() {
    generation++;
    set({ ...INITIAL, status: "loaded" });
  },
};

export function useWishlist(): WishlistState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}

/**
 * One product's place on the wishlist: on it, and a change to it under way. A heart renders
 * again only when these change, not whenever the list's state does: the load at hydration
 * (for a guest, at once) re-rendered every heart of a grid, synchronously, as a store's update is.
 */
export function useWishlistEntry(sku: string): { on: boolean; busy: boolean } {
  const on = useSyncExternalStore(
    subscribe,
    () => state.skus.has(sku),
    () => false,
  );
  const busy = useSyncExternalStore(
    subscribe,
    () => state.pending.has(sku),
    () => false,
  );
  return { on, busy };
}
