// The pages' frame when a part of it is missing (spec §7: a failed top menu is an empty
// list) and on the maintenance page (spec §4: no menus are loaded): the real production
// build, rendered in-process over a test database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Store } from "../catalog/service.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";

let shop: TestShop;
let cache: PageCache;
let pages: BuiltPages;
let logged: { part: string; error: unknown }[];
let calls: { topMenu: number; physicalStores: number };
let real: Pick<TestShop["services"]["catalog"], "topMenu" | "physicalStores" | "store">;

beforeAll(async () => {
  shop = await createTestShop();
  const catalog = shop.services.catalog;
  real = { topMenu: catalog.topMenu, physicalStores: catalog.physicalStores, store: catalog.store };
  cache = createPageCache({ maxEntries: 100, ttlSeconds: 60 });
  pages = await loadBuiltPages({ cache, logDegraded: (part, error) => logged.push({ part, error }) });
});
afterAll(() => shop?.close());

beforeEach(() => {
  const catalog = shop.services.catalog;
  logged = [];
  calls = { topMenu: 0, physicalStores: 0 };
  cache.clear();
  catalog.store = real.store;
  catalog.topMenu = (...args) => {
    calls.topMenu++;
    return real.topMenu(...args);
  };
  catalog.physicalStores = (...args) => {
    calls.physicalStores++;
    return real.physicalStores(...args);
  };
});

const get = (pathname: string) => pages(new Request(`http://localhost${pathname}`), shop.services, "en");

describe("a top menu that fails to load", () => {
  it("gives a page with an empty menu, logged and kept out of the guest cache; the next page has its menu again", async () => {
    const healthy = await (await get("/c/women")).text();
    expect(healthy).toContain('href="/c/men"');
    cache.clear();

    shop.services.catalog.topMenu = async () => {
      throw new Error("menu query failed");
    };
    shop.services.catalog.physicalStores = async () => {
      throw new Error("stores query failed");
    };
    const response = await get("/c/women");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("<h1"); // the category page itself
    expect(html).not.toContain("There was an error!");
    expect(html).not.toContain('href="/c/men"'); // no menu
    expect(logged.map((l) => l.part).sort()).toEqual(["physical stores", "top menu"]);
    expect(cache.size).toBe(0);

    // The menu is back: so is it on the page, and the page is cached again.
    shop.services.catalog.topMenu = real.topMenu;
    shop.services.catalog.physicalStores = real.physicalStores;
    const again = await get("/c/women");
    expect(await again.text()).toContain('href="/c/men"');
    expect(again.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    expect(cache.size).toBe(1);
  });
});

describe("maintenance (spec §4)", () => {
  beforeEach(() => {
    // The store as an operator sets it: maintenance on.
    shop.services.catalog.store = async (code: string) => {
      const store = await real.store(code);
      return store && ({ ...store, config: { ...store.config, maintenance_mode: true } } satisfies Store);
    };
  });

  it("sends every page to the maintenance page, which loads no menus", async () => {
    const front = await get("/c/women");
    expect([302, 307]).toContain(front.status);
    expect(new URL(front.headers.get("location") ?? "", "http://localhost").pathname).toBe("/maintenance");

    const page = await get("/maintenance");
    expect(page.status).toBe(200);
    const html = await page.text();
    // The demo content's maintenance page (the CMS's maintenancePage entry).
    expect(html).toContain("be right back");
    expect(html).not.toContain('href="/c/men"');
    expect(calls).toEqual({ topMenu: 0, physicalStores: 0 });
    // Its little frame comes inline: no address to fetch one from (decision 0053).
    expect(html).not.toContain("/frame?v=");
  });
});
