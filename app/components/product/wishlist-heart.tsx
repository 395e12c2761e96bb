// The wishlist heart on product cards and product pages (spec §3, §8; docs/decisions/0017): a
// toggle button (aria-pressed, named for the product) in a plain form to the wishlist page's
// action, so it works without JavaScript. With JavaScript it asks the wishlist API and says so
// in a toast (spec §9: 4000 ms); a guest is asked to log in (the login modal, else the login
// page), with the product to keep and the way back. The pages it sits on are cached for every guest: the filled state comes from the
// browser's wishlist store, never from the HTML. A listing grid that is not hydrated (decision
// 0061) keeps the server's hearts and has `useServerHearts` keep them to the store.
import { startTransition, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { WISHLIST_PATH, wishlistLoginHref } from "../../../lib/wishlist-links.ts";
import { type AnalyticsItem, trackAddToWishlist } from "../../lib/analytics/index.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";
import { loginModalAvailable, openLoginModal } from "../../lib/login-modal.ts";
import { toast, WISHLIST_TOAST_DURATION } from "../../lib/toasts.ts";
import { followLink } from "../ui/router-link.tsx";
import { isLoggedIn, useWishlistEntry, WishlistError, wishlistStore } from "../../lib/wishlist.ts";

/** A product's heart: what it is named, and the product as the data layer's add_to_wishlist names it (asked for only when it is added). */
export interface Heart {
  sku: string;
  name: string;
  analytics?: () => { item: AnalyticsItem; currency: string };
}

/** What a press on a heart does: adds or takes off the product (the store says which), or leads a guest to log in. */
function useWishlistToggle(): (heart: Heart, from: string) => Promise<void> {
  const errorText = useErrorText();
  return async ({ sku, name, analytics }, from) => {
    const { skus, pending } = wishlistStore.get();
    if (pending.has(sku)) return;
    const on = skus.has(sku);
    // The login modal where the page has one (the default layout, login enabled), else the login page.
    const toLogin = () => (loginModalAvailable() ? openLoginModal({ wishlist: sku }) : followLink(wishlistLoginHref(sku, from)));
    if (!isLoggedIn()) return toLogin();
    try {
      if (on) await wishlistStore.remove(sku);
      else {
        await wishlistStore.add(sku);
        if (analytics) {
          const { item, currency } = analytics();
          trackAddToWishlist(item, currency);
        }
      }
      toast.show({
        message: { key: on ? "wishlist.removed" : "wishlist.added", values: { name } },
        kind: "success",
        duration: WISHLIST_TOAST_DURATION,
      });
    } catch (error) {
      // The session ended on the server meanwhile: log in again, keeping the product.
      if (error instanceof WishlistError && error.status === 401) return toLogin();
      const detail = error instanceof WishlistError ? error : { code: "internal_error" };
      toast.show({ message: errorText(detail), kind: "error", duration: WISHLIST_TOAST_DURATION });
    }
  };
}

export function WishlistHeart({ sku, name, className = "", analytics }: Heart & { className?: string }) {
  const t = useT();
  const toggle = useWishlistToggle();
  const { pathname, search } = useLocation();
  const from = `${pathname}${search}`;
  // The list itself is loaded by the shopper's start-up (app/lib/session-state.ts, spec §4 order).
  const { on, busy } = useWishlistEntry(sku);

  return (
    <form
      method="post"
      action={WISHLIST_PATH}
      onSubmit={(event) => {
        event.preventDefault();
        void toggle({ sku, name, analytics }, from);
      }}
      className={className}
    >
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="sku" value={sku} />
      <input type="hidden" name="from" value={from} />
      <button
        type="submit"
        aria-pressed={on}
        aria-label={t(on ? "wishlist.remove" : "wishlist.add", { name })}
        aria-disabled={busy || undefined}
        data-wishlist-heart={sku}
        className="wishlist-heart"
      />
    </form>
  );
}

/**
 * The hearts the server drew in a part React adopted without rendering it (a `StaticHtml`, decision
 * 0061), kept to the wishlist store as `WishlistHeart` keeps its own (pressed, named, busy, the
 * form's intent) and pressed as it is pressed; `heart(sku)` says which product a heart is for.
 * Returns the part's `onAdopt`. The hearts join the page after the commit that adopted the part, in
 * a transition: an update set in that commit is rendered at once, and React runs every effect of
 * the page before it, in the same long task. They are plain forms meanwhile; when the part's
 * `content` changes (React draws it from then on), they are the rendered ones.
 */
export function useServerHearts(content: string, heart: (sku: string) => Heart | undefined): (element: HTMLElement) => void {
  const t = useT();
  const toggle = useWishlistToggle();
  const { pathname, search } = useLocation();
  const [adopted, setAdopted] = useState<{ content: string; element: HTMLElement } | null>(null);
  if (adopted && adopted.content !== content) setAdopted(null);
  const element = adopted?.element ?? null;
  // The latest of each for the listeners, which are set up once per element.
  const latest = useRef({ t, toggle, heart, from: `${pathname}${search}` });
  latest.current = { t, toggle, heart, from: `${pathname}${search}` };

  useEffect(() => {
    if (!element) return;
    const buttons = Array.from(element.querySelectorAll<HTMLButtonElement>("button[data-wishlist-heart]"));
    const sync = () => {
      const { skus, pending } = wishlistStore.get();
      for (const button of buttons) {
        const sku = button.dataset.wishlistHeart ?? "";
        if (pending.has(sku)) button.setAttribute("aria-disabled", "true");
        else button.removeAttribute("aria-disabled");
        const on = skus.has(sku);
        // Only what changed: a guest's hearts are as the server drew them.
        if (String(on) === button.getAttribute("aria-pressed")) continue;
        button.setAttribute("aria-pressed", String(on));
        const product = latest.current.heart(sku);
        if (product) button.setAttribute("aria-label", latest.current.t(on ? "wishlist.remove" : "wishlist.add", { name: product.name }));
        const intent = button.form?.elements.namedItem("intent");
        if (intent instanceof HTMLInputElement) intent.value = on ? "remove" : "add";
      }
    };
    const onSubmit = (event: SubmitEvent) => {
      const sku = (event.target as HTMLFormElement).querySelector<HTMLElement>("[data-wishlist-heart]")?.dataset.wishlistHeart;
      const product = sku ? latest.current.heart(sku) : undefined;
      if (!product) return;
      event.preventDefault();
      void latest.current.toggle(product, latest.current.from);
    };
    const stop = wishlistStore.subscribe(sync);
    element.addEventListener("submit", onSubmit);
    sync();
    return () => {
      stop();
      element.removeEventListener("submit", onSubmit);
    };
  }, [element]);

  return (adoptedElement) => startTransition(() => setAdopted({ content, element: adoptedElement }));
}
