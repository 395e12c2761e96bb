// Cross-site request forgery guard (ARCHITECTURE "Security"): a browser's write must come
// from a page of the host it writes to. Browsers say where a request comes from (Origin,
// Sec-Fetch-Site); a request that names another site is refused. Clients that are not
// browsers send neither and carry their cart or token in headers, which no other site can
// make a browser send.
import type { MiddlewareHandler } from "hono";
import { errorBody, requestLanguage } from "./errors.ts";
import { hostOf } from "./store.ts";

const SAFE = /^(GET|HEAD|OPTIONS)$/;

export function isCrossSite(request: Request): boolean {
  if (SAFE.test(request.method)) return false;
  // Sec-Fetch-Site is the browser's own verdict; "none" is the shopper's own action.
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).hostname.toLowerCase() !== hostOf(request);
  } catch {
    return true;
  }
}

export const sameOrigin: MiddlewareHandler = async (c, next) => {
  if (isCrossSite(c.req.raw)) return c.json(errorBody(requestLanguage(c), "cross_site"), 403);
  await next();
};
