// The browser's view of the login kept true to the server's and to the other tabs (spec §4,
// issue 36). Pages are the same for every guest, so the header learns the login state from the
// readable `auth.logged_in` cookie; this keeps that cookie honest:
// - a session the server ended early (a password reset or logout elsewhere, revoked, unknown) is
//   found by the user fetch at start-up (spec §4: a failed user fetch resets auth): its answer
//   clears the login cookies and sets the one-time `auth.session_ended` mark, and the page says so
//   once (the session-expired toast) and goes on as a guest;
// - a login or logout in another tab of the same browser (a BroadcastChannel message, the cookie
//   store's change event, or the tab coming back into view) reloads the cart and the wishlist and
//   revalidates the page, so its guards send the shopper where a fresh load would.
// It is also the shopper's start-up (spec §4 "load core data, wishlist, loyalty data in that
// order"): the store (from the domain), its filter blacklist and the core data (the frame) came
// with the server's render; in the browser, once the page is idle and for a logged-in shopper
// only, the user check, then the wishlist, then the loyalty membership, one after another.
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { COOKIES, forgottenSessionEndedMark, readCookie } from "../../lib/cookies.ts";
import { cartStore } from "./cart.ts";
import { SESSION_EXPIRED_TOAST_DURATION, toast } from "./toasts.ts";
import { membershipStore } from "./loyalty.ts";
import { whenIdle } from "./when-idle.ts";
import { isLoggedIn, wishlistStore } from "./wishlist.ts";

const CHANNEL = "kauppa-session";
/** Told to whatever shows the login state (the header's link, the side menu's tab) when it changed here. */
export const SESSION_CHANGE_EVENT = "kauppa:session-change";

/** Says once that the server ended the session, if it did (and forgets the mark). */
function noticeEndedSession(): boolean {
  if (readCookie(document.cookie, COOKIES.sessionEnded) !== "1") return false;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves; lib/cookies.ts builds the value
  document.cookie = forgottenSessionEndedMark(location.href);
  toast.show({ message: { key: "account.sessionExpired" }, kind: "info", duration: SESSION_EXPIRED_TOAST_DURATION });
  return true;
}

/** The logged-in shopper's start-up, in the specification's order; a session found ended stops it. */
async function startUp(sessionEnded: () => Promise<void>) {
  try {
    const response = await fetch("/api/auth/user", { credentials: "same-origin" });
    if (response.status === 401) return sessionEnded();
  } catch {
    // Offline: the wishlist and the membership fail alike and stay empty.
  }
  await wishlistStore.load();
  await membershipStore.load();
}

export function useSessionState() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let known = isLoggedIn();
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    const store = (window as Window & { cookieStore?: EventTarget }).cookieStore;

    async function check() {
      noticeEndedSession();
      const now = isLoggedIn();
      if (now === known) return;
      known = now;
      window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
      membershipStore.reset();
      await Promise.all([cartStore.load(true), now ? wishlistStore.reload() : Promise.resolve(wishlistStore.clear())]);
      await revalidate();
    }

    // A page answered with the mark (an account page whose session had ended) says so now.
    noticeEndedSession();
    const cancelStartUp = known ? whenIdle(() => void startUp(check)) : () => {};
    // Other tabs look again: this page load may follow a login or a logout.
    channel?.postMessage("changed");
    const onChange = () => void check();
    channel?.addEventListener("message", onChange);
    store?.addEventListener("change", onChange);
    window.addEventListener("focus", onChange);
    document.addEventListener("visibilitychange", onChange);
    return () => {
      cancelStartUp();
      channel?.close();
      store?.removeEventListener("change", onChange);
      window.removeEventListener("focus", onChange);
      document.removeEventListener("visibilitychange", onChange);
    };
  }, [revalidate]);
}
