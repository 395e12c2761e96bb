// The browser's side of a session's end (spec §4, §9): the login stored the expiry as
// (token exp − 10 s) × 1000 in the readable `auth.expires` cookie. When it has passed, the shopper
// is told (the session-expired toast, 6 s), the session is cleared (the server forgets the
// HttpOnly cookies and the customer's cart), and the shop goes home as a guest.
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { COOKIES, readCookie } from "../../lib/cookies.ts";
import { cartStore } from "./cart.ts";
import { SESSION_EXPIRED_TOAST_DURATION, toast } from "./toasts.ts";
import { wishlistStore } from "./wishlist.ts";

/** Timers cannot wait longer than this (about 24.8 days): a longer session is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function useSessionExpiry() {
  const navigate = useNavigate();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ending = false;
    async function end() {
      ending = true;
      toast.show({ message: { key: "account.sessionExpired" }, kind: "info", duration: SESSION_EXPIRED_TOAST_DURATION });
      // The server clears the HttpOnly cookies (and revokes whatever is left of the session).
      // An empty form, as the logout button sends it: a page's action takes forms only (decision 0033).
      await fetch("/account/logout", { method: "POST", body: new URLSearchParams(), redirect: "manual" }).catch(() => {});
      await cartStore.load(true);
      wishlistStore.clear();
      ending = false;
      navigate("/");
    }
    function check() {
      clearTimeout(timer);
      const expires = Number(readCookie(document.cookie, COOKIES.expires));
      if (!expires || ending) return;
      const left = expires - Date.now();
      if (left <= 0) void end();
      else timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
    }
    check();
    // A sleeping laptop's timers run late: look again when the tab comes back.
    document.addEventListener("visibilitychange", check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [navigate]);
}
