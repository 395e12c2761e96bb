// The wishlist heart on product cards and product pages (spec §3, §8; docs/decisions/0017): a
// toggle button (aria-pressed, named for the product) in a plain form to the wishlist page's
// action, so it works without JavaScript. With JavaScript it asks the wishlist API and says so
// in a toast (spec §9: 4000 ms); a guest is asked to log in (the login modal, else the login
// page), with the product to keep and the way back. The pages it sits on are cached for every guest: the filled state comes from the
// browser's wishlist store, never from the HTML.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { WISHLIST_PATH, wishlistLoginHref } from "../../../lib/wishlist-links.ts";
import { type AnalyticsItem, trackAddToWishlist } from "../../lib/analytics/index.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";
import { loginModalAvailable, openLoginModal } from "../../lib/login-modal.ts";
import { toast, WISHLIST_TOAST_DURATION } from "../../lib/toasts.ts";
import { followLink } from "../ui/router-link.tsx";
import { isLoggedIn, useWishlistEntry, WishlistError, wishlistStore } from "../../lib/wishlist.ts";

export function WishlistHeart({
  sku,
  name,
  className = "",
  analytics,
}: {
  sku: string;
  name: string;
  className?: string;
  /** The product as the data layer's add_to_wishlist names it; asked for only when it is added. */
  analytics?: () => { item: AnalyticsItem; currency: string };
}) {
  const t = useT();
  const errorText = useErrorText();
  const { pathname, search } = useLocation();
  const from = `${pathname}${search}`;
  const { on, busy } = useWishlistEntry(sku);

  useEffect(() => {
    void wishlistStore.load();
  }, []);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
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

  return (
    <form method="post" action={WISHLIST_PATH} onSubmit={onSubmit} className={className}>
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
