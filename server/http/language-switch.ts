// The language switch (spec §2, header and side menu): a plain link to
// /language/<store>?from=<this page's path and query>, answered with a redirect to the same
// page on that store's domain with the shopper's choices kept (server/catalog/alternate-url.ts).
// Being a link, it works without JavaScript; the mapping lives in one place, on the server.
import { Hono } from "hono";
import { LANGUAGE_SWITCH_PATH } from "../../lib/language-switch.ts";
import { otherStoreAddress } from "../catalog/alternate-url.ts";
import type { Services } from "../services.ts";
import { errorBody, languageOf } from "./errors.ts";
import { hostOf, storeCodeForHost } from "./store.ts";

export function languageSwitchRoutes(services: Services) {
  const app = new Hono();
  app.get(`${LANGUAGE_SWITCH_PATH}/:store`, async (c) => {
    const from = await services.catalog.store(storeCodeForHost(hostOf(c.req.raw), services.storeDomains));
    const code = c.req.param("store").toLowerCase();
    const to = await services.catalog.store(code);
    // The origin comes from configuration (decision 0036), never from the request.
    const origin = to ? services.origins.of(to.code) : undefined;
    if (!from || !to || !origin) return c.json(errorBody(languageOf(from), "unknown_store", { params: { store: code } }), 404);
    const address = await otherStoreAddress(services.catalog, from, to, c.req.query("from") ?? "/");
    // Follows the catalogue, so it is asked again each time rather than kept.
    c.header("Cache-Control", "no-store");
    return c.redirect(`${origin}${address}`, 302);
  });
  return app;
}
