// Whether the shopper is logged in, for the header's login/account link and the side menu's
// tab. Pages are the same for every guest (cacheable), so the server always renders the
// logged-out state and the browser corrects it after hydration.
//
// The accounts issue sets the cookie this reads (lib/cookies.ts authCookies): `auth.logged_in=1`, NOT HttpOnly, next to
// the HttpOnly token cookie (spec §9 auth cookie prefix "auth."). It says nothing secret —
// only which link to show; every account page is still guarded on the server.
import { useSyncExternalStore } from "react";
import { COOKIES, readCookie } from "../../../lib/cookies.ts";
import { SESSION_CHANGE_EVENT } from "../../lib/session-state.ts";

function readLoggedIn(): boolean {
  return readCookie(document.cookie, COOKIES.loggedIn) === "1";
}

/**
 * Cookie changes have no portable event: re-read when the tab is shown again or gains focus, on
 * cookieStore changes where there is one, and when the page found the login changed (app/lib/session-state.ts).
 */
function subscribe(onChange: () => void): () => void {
  const store = (window as Window & { cookieStore?: EventTarget }).cookieStore;
  window.addEventListener("focus", onChange);
  window.addEventListener(SESSION_CHANGE_EVENT, onChange);
  document.addEventListener("visibilitychange", onChange);
  store?.addEventListener("change", onChange);
  return () => {
    window.removeEventListener("focus", onChange);
    window.removeEventListener(SESSION_CHANGE_EVENT, onChange);
    document.removeEventListener("visibilitychange", onChange);
    store?.removeEventListener("change", onChange);
  };
}

export function useSession(): { loggedIn: boolean } {
  const loggedIn = useSyncExternalStore(subscribe, readLoggedIn, () => false);
  return { loggedIn };
}
