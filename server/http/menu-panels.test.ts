// The header's menus in two parts (decision 0038): a page carries the top-level links and the
// address of the panels; the panels (the category tree and megamenu banners) answer there, kept
// for good under that address and by the guest cache until the data moves. The real production
// build, rendered in-process over a test database, through the guest HTML cache.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MenuItem } from "../../lib/catalog-types.ts";
import type { MenuPanels } from "../../lib/menu-panels.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageFrame } from "../../tests/helpers/frame.ts";
import { createTestShop, TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";

type StoreCode = "en" | "fi";

let shop: TestShop;
let cache: PageCache;
let pages: BuiltPages;
let realTopMenu: TestShop["services"]["catalog"]["topMenu"];

beforeAll(async () => {
  shop = await createTestShop();
  realTopMenu = shop.services.catalog.topMenu;
  cache = createPageCache({ maxEntries: 100, ttlSeconds: 60 });
  // As server/main.ts wires it: a data version that moves empties the guest cache.
  shop.services.versions.onChange(() => cache.clear());
  pages = await loadBuiltPages({ cache });
});
afterAll(() => shop?.close());
beforeEach(() => {
  shop.services.catalog.topMenu = realTopMenu;
  cache.clear();
});

const get = (address: string, store: StoreCode = "en") =>
  pages(new Request(`http://${TEST_DOMAINS[store]}${address}`), shop.services, store);

async function menuOf(store: StoreCode): Promise<MenuItem[]> {
  const found = await shop.services.catalog.store(store);
  if (!found) throw new Error(`no store ${store}`);
  return shop.services.catalog.topMenu(found, found.config.root_category_uid);
}

/** A product of the first top-level category, and a subcategory of another one its page has no reason to name. */
async function productAndForeignSubcategory(store: StoreCode) {
  const menu = await menuOf(store);
  const [first, ...others] = menu;
  if (!first) throw new Error("no categories");
  const found = await shop.services.catalog.store(store);
  if (!found) throw new Error(`no store ${store}`);
  const item = (await shop.services.catalog.listing(found, { path: first.url_path })).items[0];
  if (!item) throw new Error("no products");
  const details = JSON.stringify(await shop.services.catalog.product(found, item.url_key));
  const topNames = new Set(menu.map((c) => c.name));
  const candidates = others.flatMap((top) => top.children.flatMap((child) => [child, ...child.children]));
  const subcategory = candidates.find((c) => !topNames.has(c.name) && !details.includes(c.name));
  if (!subcategory) throw new Error("the demo menu has no subcategory foreign to the product");
  return { menu, slug: item.url_key, subcategory };
}

/** The panels' address a page gives, in the frame's data it names (decision 0053). */
const panelsAddress = async (html: string, store: StoreCode = "en") => (await pageFrame(html, (address) => get(address, store))).menuPanels;

describe("a product page's menus", () => {
  it.each(["en", "fi"] as const)("carry the top-level links only; the panels answer at the address the page names (%s)", async (store) => {
    const { menu, slug, subcategory } = await productAndForeignSubcategory(store);
    const page = await get(`/p/${encodeURIComponent(slug)}`, store);
    expect(page.status).toBe(200);
    const html = await page.text();

    // The header links every top-level category, and nothing deeper; no subcategory's name is on the page.
    const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
    const headerLinks = new Set([...header.matchAll(/href="(\/c\/[^"]*)"/g)].map((m) => m[1]));
    expect(headerLinks).toEqual(new Set(menu.filter((c) => c.top_level_clickable).map((c) => `/c/${c.url_path}`)));
    expect(html).not.toContain(subcategory.name);
    expect(html).not.toContain(`/c/${subcategory.url_path}"`);

    // The panels: the store's whole tree, in its language; kept for good under this address.
    const address = await panelsAddress(html, store);
    const answer = await get(address, store);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, s-maxage=31536000, immutable");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex");
    const panels = (await answer.json()) as MenuPanels;
    expect(panels.menu).toEqual(menu);
    expect(JSON.stringify(panels.menu)).toContain(JSON.stringify(subcategory.name));
    expect(Array.isArray(panels.banners)).toBe(true);
    // The next asker gets it from the guest cache, and a browser holding it is told nothing changed.
    const again = await get(address, store);
    expect(again.headers.get("x-cache")).toBe("HIT");
    const etag = again.headers.get("etag") ?? "";
    const revalidated = await pages(
      new Request(`http://${TEST_DOMAINS[store]}${address}`, { headers: { "If-None-Match": etag } }),
      shop.services,
      store,
    );
    expect(revalidated.status).toBe(304);
  });

  it("names each store's own panels: the other store's address is not kept for good", async () => {
    const en = await panelsAddress(await (await get("/")).text());
    const fi = await panelsAddress(await (await get("/", "fi")).text(), "fi");
    expect(fi).not.toBe(en);
    // Asked at the other store's domain, the answer is that store's, kept only briefly.
    const crossed = await get(en, "fi");
    expect(crossed.headers.get("cache-control")).toMatch(/max-age=0\b/);
    expect(((await crossed.json()) as MenuPanels).menu).toEqual(await menuOf("fi"));
  });
});

describe("the panels when the catalogue changes", () => {
  it("move to a new address with the new names; the old address answers the new data, kept only briefly", async () => {
    const { subcategory } = await productAndForeignSubcategory("en");
    const before = await panelsAddress(await (await get("/")).text());
    const renamed = `${subcategory.name} renamed`;
    const rename = (name: string) =>
      shop.database.pool.query("UPDATE category_translations SET name = $1 WHERE category_id = $2 AND locale = 'en'", [
        name,
        subcategory.id,
      ]);
    try {
      // As the catalogue changes: the rows, then its data version.
      await rename(renamed);
      await shop.services.versions.bump("catalog");
      const after = await panelsAddress(await (await get("/")).text());
      expect(after).not.toBe(before);
      const fresh = await get(after);
      expect(fresh.headers.get("cache-control")).toMatch(/immutable/);
      expect(JSON.stringify(await fresh.json())).toContain(JSON.stringify(renamed));
      // A page kept from before the change (a CDN's copy) still names the old address.
      const old = await get(before);
      expect(old.status).toBe(200);
      expect(old.headers.get("cache-control")).toMatch(/max-age=0\b/);
      expect(JSON.stringify(await old.json())).toContain(JSON.stringify(renamed));
    } finally {
      await rename(subcategory.name);
      await shop.services.versions.bump("catalog");
    }
  });

  it("answer a failed menu with a 503 nobody keeps; the next ask gets the menu", async () => {
    const address = await panelsAddress(await (await get("/")).text());
    cache.clear();
    shop.services.catalog.topMenu = async () => {
      throw new Error("menu query failed");
    };
    const failed = await get(address);
    expect(failed.status).toBe(503);
    expect(failed.headers.get("cache-control")).toBe("no-store");
    expect(cache.size).toBe(0);
    shop.services.catalog.topMenu = realTopMenu;
    const healthy = await get(address);
    expect(healthy.status).toBe(200);
    expect(((await healthy.json()) as MenuPanels).menu.length).toBeGreaterThan(0);
  });
});
