// Runs the guard rules of lib/guards.ts as React Router middleware: on the server for
// every document and data request, and in the browser before each client navigation —
// one rule set, two places.
import { data, type MiddlewareFunction, redirect } from "react-router";
import { COOKIES, readCookie } from "../../lib/cookies.ts";
import { type GuardState, readsLogin, runGuards, UnknownGuardError } from "../../lib/guards.ts";
import { shopContext } from "../context.ts";

type GuardConfig = GuardState["config"];

function apply(names: readonly string[], state: GuardState) {
  let target: ReturnType<typeof runGuards>;
  try {
    target = runGuards(names, state);
  } catch (error) {
    if (error instanceof UnknownGuardError) throw data("Unknown middleware", { status: 500 });
    throw error;
  }
  if (target) throw redirect(target.location, target.status);
}

/**
 * Server middleware running the named guards. Only guards that need the login state read the
 * shopper, and the success flag is read only when its guard asks: a page whose guards read
 * neither (every catalogue page) stays the same for every guest, so it can be cached.
 */
export function guards(...names: string[]): MiddlewareFunction<Response>[] {
  return [
    async ({ request, context }) => {
      const shop = context.get(shopContext);
      const { store } = shop;
      const url = new URL(request.url);
      const loggedIn = readsLogin(names) ? (await shop.shopper).customer !== null : false;
      apply(names, {
        path: url.pathname,
        search: url.search,
        storeCode: store.code,
        config: store.config,
        loggedIn,
        get checkoutSuccess() {
          return shop.cookie(COOKIES.checkoutSuccess) !== null;
        },
      });
    },
  ];
}

// The browser learns the store's guard settings from the root route's data (set as the
// root renders) and the login state from the readable `auth.logged_in` hint cookie.
let browserConfig: { storeCode: string; config: GuardConfig } | null = null;
export function setBrowserGuardConfig(storeCode: string, config: GuardConfig) {
  browserConfig = { storeCode, config };
}

/** Browser middleware running the same guards before a client navigation. */
export function clientGuards(...names: string[]) {
  return [
    ({ request }: { request: Request }) => {
      if (!browserConfig) return; // before hydration the server has already decided
      const url = new URL(request.url);
      apply(names, {
        path: url.pathname,
        search: url.search,
        storeCode: browserConfig.storeCode,
        config: browserConfig.config,
        loggedIn: readCookie(document.cookie, COOKIES.loggedIn) === "1",
        // The success flag is an HttpOnly cookie: the server's run of this guard decides.
        checkoutSuccess: true,
      });
    },
  ];
}
