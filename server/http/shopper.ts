// The request's shopper, resolved once at the edge: the API's middleware puts it on the Hono
// context (`c.var.shopper`), the page handler into React Router's load context (a getter that
// makes the render personal). Handlers and loaders never read the token, the cart cookie or
// the consent cookie themselves.
import { authTokenCookie, COOKIES, parseConsent, requestCookie } from "../../lib/cookies.ts";
import type { Store } from "../catalog/reference.ts";
import type { Authenticate, Shopper } from "../identity.ts";

/** Longer is no token of ours: it is never sent to the database. */
const MAX_TOKEN_LENGTH = 512;

/** The token of an `Authorization: Bearer <token>` header (API clients, spec §7), or null. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

/** The request's auth token: the Bearer header, else the auth cookie (browsers). */
export function requestToken(request: Request): string | null {
  const token = bearerToken(request) ?? authTokenCookie(request);
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/** The cart id a request carries: the `cart` header (API clients, spec §7), else the cart_id cookie. */
export function requestCartId(request: Request): string | null {
  const header = request.headers.get("cart")?.trim();
  if (header) return header;
  return requestCookie(request, COOKIES.cartId);
}

/**
 * Who the request is for. A token the accounts backend does not know (unknown, expired,
 * revoked, malformed) leaves a guest: the request is answered as any guest's, never refused.
 */
export async function resolveShopper(request: Request, store: Store, authenticate: Authenticate, clientAddress?: string): Promise<Shopper> {
  const token = requestToken(request);
  const customer = token ? await authenticate(token) : null;
  const sessionEnded = customer === null && token !== null && bearerToken(request) === null;
  return {
    store,
    customer,
    guestCartId: requestCartId(request),
    consent: parseConsent(requestCookie(request, COOKIES.consent)),
    ...(clientAddress ? { clientAddress } : {}),
    ...(sessionEnded ? { sessionEnded } : {}),
  };
}

/** The identity headers a page render must not see: it reads the shopper from its load context instead. */
export const IDENTITY_HEADERS = ["cookie", "authorization", "cart"] as const;

/** The request without its identity headers. */
export function anonymous(request: Request): Request {
  if (!IDENTITY_HEADERS.some((name) => request.headers.has(name))) return request;
  const headers = new Headers(request.headers);
  for (const name of IDENTITY_HEADERS) headers.delete(name);
  return new Request(request, { headers });
}
