// The web app manifest of each store (spec: "Installable, resilient"; docs/decisions/0030):
// the same icons and colours, the name and language of the store the host names.
import { Hono } from "hono";
import { en, fi } from "../../app/i18n/pwa.ts";
import { LOCALES, type LocaleCode } from "../../lib/locales.ts";
import { BACKGROUND_COLOR, ICONS, MANIFEST_PATH, THEME_COLOR } from "../../lib/pwa.ts";
import type { Services } from "../services.ts";
import { requestedStoreCode } from "./store.ts";

const TEXTS: Record<LocaleCode, typeof en | typeof fi> = { en, fi };

export function webManifest(locale: LocaleCode) {
  const texts = TEXTS[locale];
  const png = (icon: { src: string; size: number }, purpose: "any" | "maskable") => ({
    src: icon.src,
    sizes: `${icon.size}x${icon.size}`,
    type: "image/png",
    purpose,
  });
  return {
    id: "/",
    name: texts["pwa.name"],
    short_name: texts["pwa.shortName"],
    description: texts["pwa.description"],
    lang: LOCALES[locale].langCode,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [png(ICONS.any192, "any"), png(ICONS.any512, "any"), png(ICONS.maskable512, "maskable")],
  };
}

export function manifestRoutes(services: Services) {
  const app = new Hono();
  app.get(MANIFEST_PATH, async (c) => {
    const known = new Set((await services.catalog.stores()).map((s) => s.code));
    const store = await services.catalog.store(requestedStoreCode(c.req.raw, services.storeDomains, known));
    const body = JSON.stringify(webManifest(store?.locale ?? "en"));
    // Not personal: the same for every visitor of the host; an hour keeps a new name from waiting long.
    return c.body(body, 200, { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" });
  });
  return app;
}
