// The page guards of spec §2 and §4 ("middleware" there): each is a pure rule from what is
// known about a request to a redirect, or nothing. The server runs them for every page and
// data request; the browser runs the same rules before a client navigation.
import { isLocalPath } from "./redirect.ts";

export const GUARD_NAMES = [
  "maintenance",
  "root-redirect",
  "disable-login",
  "disable-shopping",
  "login-required",
  "guest-only",
  "register-confirmation",
  "checkout-success",
] as const;

export type GuardName = (typeof GUARD_NAMES)[number];

export interface GuardState {
  path: string;
  search: string;
  storeCode: string;
  config: {
    maintenance_mode: boolean;
    enable_login: boolean;
    disable_shopping: string[];
    root_redirect_path: string;
    root_redirect_status: 301 | 302;
  };
  loggedIn: boolean;
  /** The one-time flag a placed order sets for the success page (spec §4). */
  checkoutSuccess: boolean;
}

export interface Redirect {
  location: string;
  status: 301 | 302;
}

export const MAINTENANCE_PATHS = ["/maintenance", "/preview/maintenance"];
export const LOGIN_PATH = "/account/login";

const to = (location: string, status: 301 | 302 = 302): Redirect => ({ location, status });

type Rule = (state: GuardState) => Redirect | null;

const RULES: Record<GuardName, Rule> = {
  // While on, every page goes to the maintenance page; when off, that page sends you home.
  maintenance: ({ path, config }) => {
    if (config.maintenance_mode) return MAINTENANCE_PATHS.includes(path) ? null : to("/maintenance");
    return path === "/maintenance" ? to("/") : null;
  },
  "root-redirect": ({ path, config }) =>
    path === "/" && config.root_redirect_path !== "/" && isLocalPath(config.root_redirect_path)
      ? to(config.root_redirect_path, config.root_redirect_status)
      : null,
  "disable-login": ({ config }) => (config.enable_login ? null : to("/")),
  "disable-shopping": ({ config, storeCode }) => (config.disable_shopping.includes(storeCode) ? to("/") : null),
  // Remember where the shopper was going, so login can bring them back.
  "login-required": ({ loggedIn, path, search }) => {
    if (loggedIn) return null;
    const back = `${path}${search}`;
    return to(isLocalPath(back) ? `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}` : LOGIN_PATH);
  },
  "guest-only": ({ loggedIn }) => (loggedIn ? to("/") : null),
  "register-confirmation": ({ search }) => {
    const query = new URLSearchParams(search);
    return query.get("id") && query.get("key") ? null : to(LOGIN_PATH);
  },
  "checkout-success": ({ checkoutSuccess }) => (checkoutSuccess ? null : to("/")),
};
// Spec §2 also registers cookie-consent, tag-manager, meta and locale: they redirect nothing, so
// they are no guards here but live with their features (issue 36): the consent banner and
// cookie (decision 0029), the data layer's page views (app/lib/analytics), each route's meta,
// and the store resolved from the request's host (server/http/store.ts).

export class UnknownGuardError extends Error {
  constructor(name: string) {
    super(`Unknown middleware: ${name}`);
  }
}

export function isGuardName(name: string): name is GuardName {
  return Object.hasOwn(RULES, name);
}

/** Runs the named guards in order; the first redirect wins. An unknown name is an error. */
export function runGuards(names: readonly string[], state: GuardState): Redirect | null {
  for (const name of names) {
    if (!isGuardName(name)) throw new UnknownGuardError(name);
    const redirect = RULES[name](state);
    if (redirect) return redirect;
  }
  return null;
}

/**
 * The guards that read the login state. Only pages running one of them read the shopper's
 * identity on the server (which makes the render personal, never cached).
 */
export const LOGIN_GUARDS: readonly GuardName[] = ["login-required", "guest-only"];

export const readsLogin = (names: readonly string[]) => names.some((name) => (LOGIN_GUARDS as readonly string[]).includes(name));

/** Guards every page runs before its own. */
export const GLOBAL_GUARDS: readonly GuardName[] = ["maintenance", "root-redirect"];
