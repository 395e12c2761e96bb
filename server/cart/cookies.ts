// The guest cart's cookies (spec §9: 30 days, scoped to the store's own host and path "/").
// cart_id is HttpOnly: scripts never see the key to the cart. cart_qty is readable, so the
// browser can draw the badge, and knows whether there is a cart to load, without a request.
// API clients send the id in the `cart` header instead (spec §7).
import { parse, serialize } from "hono/utils/cookie";
import { CART_COOKIE, GUEST_CART_SECONDS } from "../../lib/cart-types.ts";

export const CART_QTY_COOKIE = "cart_qty";

/** The cart id a request carries: the `cart` header, else the cookie. */
export function requestCartId(request: Request): string | null {
  const header = request.headers.get("cart")?.trim();
  if (header) return header;
  const cookies = parse(request.headers.get("cookie") ?? "");
  return cookies[CART_COOKIE] || null;
}

const secure = (request: Request) => new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";

/** Set-Cookie values that give the browser this cart (and its item count). */
export function cartCookies(request: Request, id: string, quantity: number): string[] {
  const base = { path: "/", sameSite: "Lax", secure: secure(request), maxAge: GUEST_CART_SECONDS } as const;
  return [serialize(CART_COOKIE, id, { ...base, httpOnly: true }), serialize(CART_QTY_COOKIE, String(quantity), base)];
}

/** Set-Cookie values that forget the cart (spec §7: a failed /api/cart removes the cookie). */
export function clearedCartCookies(request: Request): string[] {
  const base = { path: "/", sameSite: "Lax", secure: secure(request), maxAge: 0 } as const;
  return [serialize(CART_COOKIE, "", { ...base, httpOnly: true }), serialize(CART_QTY_COOKIE, "", base)];
}
