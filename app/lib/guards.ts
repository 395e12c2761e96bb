// Runs the guard rules of lib/guards.ts as React Router middleware: on the server for
// every document and data request, and in the browser before each client navigation —
// one rule set, two places.
import { data, type MiddlewareFunction, redirect } from "react-router";
import { type GuardState, runGuards, UnknownGuardError } from "../../lib/guards.ts";
import { shopContext } from "../context.ts";

type GuardConfig = GuardState["config"];

/**
 * Whether this request comes from a logged-in customer. Sessions arrive with the accounts
 * issue (a token cookie checked against the database); until then nobody is logged in.
 */
function loggedInOnServer(_request: Request): boolean {
  return false;
}

export const CHECKOUT_SUCCESS_COOKIE = "checkout_success";

function cookie(header: string | null, name: string): string | undefined {
  return header
    ?.split(";")
    .map((c) => c.trim().split("="))
    .find(([k]) => k === name)?.[1];
}

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

/** Server middleware running the named guards. */
export function guards(...names: string[]): MiddlewareFunction<Response>[] {
  return [
    ({ request, context }) => {
      const { store } = context.get(shopContext);
      const url = new URL(request.url);
      apply(names, {
        path: url.pathname,
        search: url.search,
        storeCode: store.code,
        config: store.config,
        loggedIn: loggedInOnServer(request),
        checkoutSuccess: cookie(request.headers.get("cookie"), CHECKOUT_SUCCESS_COOKIE) !== undefined,
      });
    },
  ];
}

// The browser learns the store's guard settings from the root route's data (set as the
// root renders) and the login state from the non-HttpOnly `auth.logged_in` hint cookie.
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
        loggedIn: cookie(document.cookie, "auth.logged_in") === "1",
        // The success flag is an HttpOnly cookie: the server's run of this guard decides.
        checkoutSuccess: true,
      });
    },
  ];
}
