// Every cookie the shop reads or writes: its name, lifetime and attributes, how it is read
// and how it is written — in this one module, shared by the server (the edge, the API and
// the pages' loaders and actions) and the browser (which reads only the two readable ones:
// cart_qty and auth.logged_in). Nothing else parses a Cookie header or writes a Set-Cookie.
//
// Lifetimes (spec §9): the guest cart 30 days; the auth cookies until the token expires;
// the success flag 10 minutes; consent a year; the engagement customer key until the token
// expires (default 31,536,000,000 ms), its session key and the touchpoint the browser session
// (written with marketing consent; forgotten at logout). All are host-only, Path=/, SameSite=Lax, and
// Secure when the request came over TLS. Cookies holding a key (cart id, token, view token)
// are HttpOnly: scripts never see them.
import { parse, serialize } from "hono/utils/cookie";

/** Spec §9: auth cookies start with "auth.", the token's with "auth._token." plus the strategy's name. */
export const AUTH_COOKIE_PREFIX = "auth.";
export const AUTH_TOKEN_PREFIX = "_token.";
export const AUTH_STRATEGY = "local";

export const COOKIES = {
  /** The guest cart's id, its holder's only key to it (HttpOnly). */
  cartId: "cart_id",
  /** The cart's item count, readable: the badge draws it, and knows whether there is a cart, without a request. */
  cartQty: "cart_qty",
  /** The auth token (HttpOnly), `auth._token.local`. */
  authToken: `${AUTH_COOKIE_PREFIX}${AUTH_TOKEN_PREFIX}${AUTH_STRATEGY}`,
  /** "1" while logged in, readable: says only which header link to show (pages are the same for every guest). */
  loggedIn: `${AUTH_COOKIE_PREFIX}logged_in`,
  /** When the browser treats the session as over, readable: (token exp − 10 s) × 1000 in ms (spec §9). */
  expires: `${AUTH_COOKIE_PREFIX}expires`,
  /**
   * "1" for a few minutes after the server found the browser's session ended (issue 36), readable:
   * the page says so once (the session-expired toast) and forgets it.
   */
  sessionEnded: `${AUTH_COOKIE_PREFIX}session_ended`,
  /** The one-time flag a placed order sets for the success page: the order's view token (HttpOnly). */
  checkoutSuccess: "checkout_success",
  /** The shopper's cookie choices: "necessary" and the granted categories, comma-separated ("necessary,analytics"). */
  consent: "consent",
  /**
   * The engagement service's keys (spec §1, §9): random (a logged-in customer's is their
   * voyado_customer_key), readable, written only with marketing consent. The customer key lasts
   * until the token expires (default 31,536,000,000 ms), the session key a browser session;
   * both are replaced by new random ones after a logout (spec §4).
   */
  customerKey: "engagement.customer_key",
  sessionKey: "engagement.session_key",
  /** Where the shopper is (spec §3 engagement state): desktop by default, mobile on a small screen; kept with the keys. */
  touchpoint: "engagement.touchpoint",
  /**
   * A random key the browser keeps once it has logged in (HttpOnly, a year; decision 0067):
   * failed logins from elsewhere never refuse an account's owner on a browser they logged in from.
   * Security storage, kept without consent like the session.
   */
  loginDevice: "login_device",
  /** A guest's pass to the order they found at /order-lookup (HttpOnly, an hour; decision 0081), signed by the shop. */
  orderPass: "order_pass",
} as const;

/** Spec §9: the customer key's default lifetime, 31,536,000,000 ms (a year). */
export const ENGAGEMENT_CUSTOMER_KEY_MS = 31_536_000_000;
export const ENGAGEMENT_CUSTOMER_KEY_SECONDS = ENGAGEMENT_CUSTOMER_KEY_MS / 1000;

export type EngagementCookie = typeof COOKIES.customerKey | typeof COOKIES.sessionKey | typeof COOKIES.touchpoint;

export const CHECKOUT_SUCCESS_SECONDS = 600;
export const ORDER_PASS_SECONDS = 3600;
export const LOGIN_DEVICE_SECONDS = 365 * 24 * 60 * 60;
export const CONSENT_SECONDS = 365 * 24 * 60 * 60;

/** Every cookie of a Cookie header (or of `document.cookie`), decoded; the first of a repeated name wins. */
export function readCookies(header: string | null | undefined): Record<string, string> {
  return header ? parse(header) : {};
}

/** One cookie's value, or null when it is absent or empty. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  return parse(header, name)[name] || null;
}

/** One cookie of a request. */
export const requestCookie = (request: Request, name: string) => readCookie(request.headers.get("cookie"), name);

/** The auth token a request's cookie carries; a "Bearer " prefix (how some clients store it) is dropped. */
export function authTokenCookie(request: Request): string | null {
  const value = requestCookie(request, COOKIES.authToken) ?? "";
  return value.replace(/^\s*Bearer(\s+|$)/i, "").trim() || null;
}

// ---- consent ----

/**
 * What the shopper allowed besides the cookies the shop needs to work (spec §9: everything else
 * is denied by default). `analytics` is the "statistics" category of the consent banner.
 */
export interface Consent {
  preferences: boolean;
  analytics: boolean;
  marketing: boolean;
}

export const NO_CONSENT: Consent = { preferences: false, analytics: false, marketing: false };
export const ALL_CONSENT: Consent = { preferences: true, analytics: true, marketing: true };

/** The consent cookie's value read leniently: unknown categories are ignored, a missing cookie consents to nothing. */
export function parseConsent(value: string | null): Consent {
  const granted = new Set((value ?? "").split(",").map((part) => part.trim().toLowerCase()));
  return {
    preferences: granted.has("preferences"),
    // "statistics" is the banner's word for the same category.
    analytics: granted.has("analytics") || granted.has("statistics"),
    marketing: granted.has("marketing"),
  };
}

/** The consent cookie's value: "necessary" and the granted categories ("necessary,analytics"). */
export function consentValue(consent: Consent): string {
  // "necessary" is always there, so a choice of nothing else is still a choice made.
  const granted = (Object.keys(NO_CONSENT) as (keyof Consent)[]).filter((category) => consent[category]);
  return ["necessary", ...granted].join(",");
}

// ---- writing ----

/**
 * TLS, seen directly or as reported by a trusted proxy in front: the edge leaves X-Forwarded-Proto
 * only as trusted proxies say it (server/http/client-address.ts, decision 0036).
 */
export const isSecureRequest = (request: Request) =>
  request.url.startsWith("https:") || request.headers.get("x-forwarded-proto") === "https";

type Options = { maxAge: number; httpOnly: boolean } | { expires: Date; httpOnly: boolean } | { httpOnly: false };

function cookie(request: Request, name: string, value: string, options: Options): string {
  return serialize(name, value, { path: "/", sameSite: "Lax", secure: isSecureRequest(request), ...options });
}

const forget = (request: Request, name: string, httpOnly: boolean) => cookie(request, name, "", { maxAge: 0, httpOnly });

/** A Set-Cookie value that makes the browser forget any cookie of this name (one it sent that the shop refuses). */
export const clearedCookie = (request: Request, name: string) => forget(request, name, true);

/** The session-ended mark forgotten, as the page writes it (document.cookie) once it has said so. */
export const forgottenSessionEndedMark = (pageUrl: string) => forget(new Request(pageUrl), COOKIES.sessionEnded, false);

/** Set-Cookie values that give the browser this cart (and its item count) for as long as its store keeps a guest cart (spec §9). */
export function cartCookies(request: Request, id: string, quantity: number, lifetimeSeconds: number): string[] {
  return [
    cookie(request, COOKIES.cartId, id, { maxAge: lifetimeSeconds, httpOnly: true }),
    cookie(request, COOKIES.cartQty, String(quantity), { maxAge: lifetimeSeconds, httpOnly: false }),
  ];
}

/** Set-Cookie values that forget the cart (spec §7: a failed /api/cart removes the cookie; an order closes the cart). */
export function clearedCartCookies(request: Request): string[] {
  return [forget(request, COOKIES.cartId, true), forget(request, COOKIES.cartQty, false)];
}

/** The success page's one-time flag: the order's view token, for 10 minutes. */
export const checkoutSuccessCookie = (request: Request, viewToken: string) =>
  cookie(request, COOKIES.checkoutSuccess, viewToken, { maxAge: CHECKOUT_SUCCESS_SECONDS, httpOnly: true });

export const orderPassCookie = (request: Request, pass: string) =>
  cookie(request, COOKIES.orderPass, pass, { maxAge: ORDER_PASS_SECONDS, httpOnly: true });

export const clearedCheckoutSuccessCookie = (request: Request) => forget(request, COOKIES.checkoutSuccess, true);

/** Spec §9: the browser stores the expiry as (token exp − 10 s) × 1000, exp in whole seconds. */
export const sessionExpiryMs = (expiresAt: Date) => (Math.floor(expiresAt.getTime() / 1000) - 10) * 1000;

/**
 * Set-Cookie values of a login: the token (HttpOnly) and the readable logged-in hint, both
 * until the token expires (spec §9: the customer key lasts until token expiry).
 */
export function authCookies(request: Request, token: string, expiresAt: Date): string[] {
  return [
    cookie(request, COOKIES.authToken, token, { expires: expiresAt, httpOnly: true }),
    cookie(request, COOKIES.loggedIn, "1", { expires: expiresAt, httpOnly: false }),
    cookie(request, COOKIES.expires, String(sessionExpiryMs(expiresAt)), { expires: expiresAt, httpOnly: false }),
  ];
}

/**
 * Adds to an answer, for a session the server has ended while the browser still held it, the
 * Set-Cookie values that end it there too: the login cookies go, and the readable one-time mark
 * says so to the page (spec §4). Not when the answer sets a session itself (a login over a stale one).
 */
export function endSessionCookies(request: Request, headers: Headers): void {
  if (headers.getSetCookie().some((c) => c.startsWith(`${COOKIES.authToken}=`))) return;
  for (const value of clearedAuthCookies(request)) headers.append("Set-Cookie", value);
  headers.append("Set-Cookie", cookie(request, COOKIES.sessionEnded, "1", { maxAge: 300, httpOnly: false }));
}

/** The login-device key, renewed with every login (decision 0067); a logout keeps it. */
export function loginDeviceCookie(request: Request, key: string): string {
  return cookie(request, COOKIES.loginDevice, key, { maxAge: LOGIN_DEVICE_SECONDS, httpOnly: true });
}

/** Set-Cookie values of a logout (or of a token the server no longer accepts). */
export function clearedAuthCookies(request: Request): string[] {
  return [forget(request, COOKIES.authToken, true), forget(request, COOKIES.loggedIn, false), forget(request, COOKIES.expires, false)];
}

/** The shopper's cookie choices, kept a year. */
export function consentCookie(request: Request, consent: Consent): string {
  return cookie(request, COOKIES.consent, consentValue(consent), { maxAge: CONSENT_SECONDS, httpOnly: false });
}

/**
 * When the customer key's cookie ends (spec §9): at the token's expiry while logged in — the
 * readable `auth.expires` holds (exp − 10 s) × 1000 — else the default 31,536,000,000 ms from now.
 */
export function customerKeyExpiry(authExpires: string | null, now: number): Date {
  const stored = Number(authExpires);
  if (authExpires && Number.isFinite(stored) && stored > now) return new Date(stored + 10_000);
  return new Date(now + ENGAGEMENT_CUSTOMER_KEY_MS);
}

/**
 * An engagement cookie as the browser writes it (document.cookie), only with marketing
 * consent: readable; the customer key until `expires` (customerKeyExpiry), the session key
 * and the touchpoint until the browser closes.
 */
export function engagementKeyCookie(pageUrl: string, name: EngagementCookie, value: string, expires?: Date): string {
  const page = new Request(pageUrl);
  return name === COOKIES.customerKey
    ? cookie(page, name, value, expires ? { expires, httpOnly: false } : { maxAge: ENGAGEMENT_CUSTOMER_KEY_SECONDS, httpOnly: false })
    : cookie(page, name, value, { httpOnly: false });
}

/** The customer's own engagement key (voyado_customer_key) at login, until the token expires; only with marketing consent. */
export const customerKeyCookie = (request: Request, key: string, expiresAt: Date) =>
  cookie(request, COOKIES.customerKey, key, { expires: expiresAt, httpOnly: false });

/**
 * Set-Cookie values of a logout for the engagement keys (spec §4: reset): both are forgotten,
 * and the next engagement call with consent makes new random ones, so nothing the shopper does
 * next is filed under the customer's key or the session they had.
 */
export function clearedEngagementKeyCookies(request: Request): string[] {
  return [forget(request, COOKIES.customerKey, false), forget(request, COOKIES.sessionKey, false)];
}
