// `npm run size` weighs a page's JavaScript from the build's manifest (scripts/size/page-js.ts);
// these pages, rendered by the real production build over a test database, load exactly those
// modules, so its figures are what a shopper's browser is told to fetch.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchedRouteIds, readClientManifest, scriptsForRoutes, scriptsInHtml, textsChunk } from "../../scripts/size/page-js.ts";
import { COMPILE_HINT } from "../../scripts/vite/compile-hints.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { createPageCache } from "./page-cache.ts";
import { loadPages } from "./pages.ts";

const buildDir = path.resolve(import.meta.dirname, "../../build");

let shop: TestShop;
let pages: Awaited<ReturnType<typeof loadPages>>;
beforeAll(async () => {
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) throw new Error("No production build: run `npm run build` first.");
  shop = await createTestShop();
  pages = await loadPages(path.join(buildDir, "server/index.js"), createPageCache({ maxEntries: 10, ttlSeconds: 60 }));
});
afterAll(() => shop?.close());

const html = async (pathname: string, store: "en" | "fi") => {
  const host = store === "en" ? "localhost" : "fi.localhost";
  const response = await pages(new Request(`http://${host}${pathname}`), shop.services, store);
  expect(response.status).toBe(200);
  return response.text();
};

describe("the JavaScript a page loads", () => {
  it("is what the build's manifest gives for the routes its path matches, on the front, category, product and cart pages of both stores", async () => {
    const manifest = readClientManifest(path.join(buildDir, "client"));
    for (const store of ["en", "fi"] as const) {
      // A category and a product of the store, as its front page links to them.
      const front = await html("/", store);
      const category = /href="(\/c\/[^"?]+)"/.exec(front)?.[1];
      const listing = category ? await html(category, store) : "";
      const product = /href="(\/p\/[^"?]+)"/.exec(listing)?.[1];
      expect(category && product, store).toBeTruthy();
      for (const pathname of ["/", category ?? "", product ?? "", "/cart"]) {
        const loaded = scriptsInHtml(pathname === "/" ? front : pathname === category ? listing : await html(pathname, store));
        // The routes' modules and the store's own texts, not the other store's.
        const texts = textsChunk(path.join(buildDir, "client"), store);
        expect(texts).toBeTruthy();
        const expected = scriptsForRoutes(manifest, matchedRouteIds(manifest, pathname), { texts });
        expect(loaded.length, `${store} ${pathname}`).toBeGreaterThan(3);
        expect(new Set(loaded), `${store} ${pathname}`).toEqual(new Set(expected));
        // Each compiled while it downloads (decision 0062), but the routes' manifest: data, no functions.
        const code = (href: string) => fs.readFileSync(path.join(buildDir, "client", href), "utf8");
        const hinted = loaded.filter((href) => !/\/manifest-[^/]+\.js$/.test(href));
        expect(hinted.length, `${store} ${pathname}`).toBe(loaded.length - 1);
        for (const href of hinted) expect(code(href).startsWith(COMPILE_HINT), href).toBe(true);
      }
    }
  });
});
