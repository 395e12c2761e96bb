// Cross-site request forgery guard (ARCHITECTURE "Security"): a browser's write must come
// from a page of the host it writes to. Browsers say where a request comes from (Origin,
// Sec-Fetch-Site); a request that names another site is refused. Clients that are not
// browsers send neither and carry their cart or token in headers, which no other site can
// make a browser send.
import type { MiddlewareHandler } from "hono";
import type { Store } from "../catalog/service.ts";
import { errorBody, languageOf } from "./errors.ts";
import { normalizedOrigin, requestHost, type StoreOrigins } from "./origins.ts";

const SAFE = /^(GET|HEAD|OPTIONS)$/;

export function isCrossSite(request: Request, origins: Pick<StoreOrigins, "isPublicOrigin">): boolean {
  if (SAFE.test(request.method)) return false;
  // Sec-Fetch-Site is the browser's own verdict; "none" is the shopper's own action.
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  // The whole origin (scheme, host and port; decision 0036): a store's public origin, and the
  // one this request was sent to — another port or plain http on the same host is another site.
  const normalized = normalizedOrigin(origin);
  return normalized === null || !origins.isPublicOrigin(normalized) || new URL(normalized).host !== requestHost(request);
}

/** Refuses cross-site writes with 403 `cross_site`, in the language of the store asked for (`storeOf`). */
export function sameOrigin(
  origins: Pick<StoreOrigins, "isPublicOrigin">,
  storeOf: (request: Request) => Promise<Store | undefined>,
): MiddlewareHandler {
  return async (c, next) => {
    if (isCrossSite(c.req.raw, origins)) return c.json(errorBody(languageOf(await storeOf(c.req.raw)), "cross_site"), 403);
    await next();
  };
}
