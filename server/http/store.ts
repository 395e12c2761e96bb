// Which storefront a request is for (ARCHITECTURE "Stores and locales"): the `Store`
// header names it on /api/*; otherwise the request's host does, by STORE_DOMAINS.
import { DEFAULT_LOCALE } from "../../lib/locales.ts";
import { AppError } from "../errors.ts";

export function hostOf(request: Request): string {
  const host = request.headers.get("host") ?? new URL(request.url).host;
  return host.replace(/:\d+$/, "").toLowerCase();
}

export function storeCodeForHost(host: string, domains: Record<string, string>): string {
  for (const [code, domain] of Object.entries(domains)) if (domain === host) return code;
  return DEFAULT_LOCALE;
}

/** The store code a request asks for; a `Store` header naming no store is a 400. */
export function requestedStoreCode(request: Request, domains: Record<string, string>, known: Set<string>): string {
  const header = request.headers.get("store");
  if (header !== null) {
    const code = header.trim().toLowerCase();
    if (!known.has(code)) throw new AppError(400, "unknown_store", { params: { store: header }, field: "Store" });
    return code;
  }
  return storeCodeForHost(hostOf(request), domains);
}
