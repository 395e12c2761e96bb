// The login modal's state (spec §2 "login modal", §4 login success closes it): one per page,
// opened by the header's login link, or at the next page's mount when a show-login value was
// stored before a navigation (spec: "opens at mount if a show-login value is stored, then clears it").
import { useSyncExternalStore } from "react";
import { LOGIN_PATH } from "../../lib/guards.ts";
import { isLocalPath } from "../../lib/redirect.ts";

/** The show-login value of spec §2 in sessionStorage: whoever sets it gets the modal opened at the next mount. */
export const SHOW_LOGIN_KEY = "kauppa.showLogin";

/** Open or not, and the product a guest's wishlist heart asked to keep (added once logged in). */
export interface LoginModalState {
  open: boolean;
  wishlist?: string;
}

const CLOSED: LoginModalState = { open: false };
let state: LoginModalState = CLOSED;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

let mounted = 0;

/** Called by the modal while it is on the page: where it is not (login disabled, the checkout), callers use the login page. */
export function registerLoginModal(): () => void {
  mounted += 1;
  return () => {
    mounted -= 1;
  };
}

export const loginModalAvailable = () => mounted > 0;

export function openLoginModal(options: { wishlist?: string } = {}) {
  state = { open: true, ...options };
  emit();
}

export function closeLoginModal() {
  state = CLOSED;
  emit();
}

/** True once if a show-login value was stored; the value is cleared as it is read. */
export function takeStoredShowLogin(): boolean {
  try {
    const stored = sessionStorage.getItem(SHOW_LOGIN_KEY) !== null;
    sessionStorage.removeItem(SHOW_LOGIN_KEY);
    return stored;
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginModal(): LoginModalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => CLOSED,
  );
}

/** Where logging in returns to: this page, or on the login page the page it was asked for. */
export function loginReturnPath(pathname: string, search: string): string {
  if (pathname !== LOGIN_PATH) return `${pathname}${search}`;
  const back = new URLSearchParams(search).get("redirect");
  return back && isLocalPath(back) ? back : "/";
}
