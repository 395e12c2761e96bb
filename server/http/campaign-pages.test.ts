// Campaign parameters and arbitrary search text never fill the guest HTML cache (issue 12):
// a product page reached from a newsletter, an ad and a plain link is one cached page, rendered
// without the campaign's parameters; search result pages are rendered for each search and never
// kept. With the real production build.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryListing } from "../../lib/catalog-types.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";

let shop: TestShop;
let cache: PageCache;
let pages: BuiltPages;
let slug: string;
beforeAll(async () => {
  shop = await createTestShop();
  cache = createPageCache({ maxEntries: 100, ttlSeconds: 60 });
  pages = await loadBuiltPages({ cache });
  const listing = (await (await shop.request("/api/catalog/category?path=women")).json()) as CategoryListing;
  slug = listing.items[0]?.url_key as string;
});
afterAll(() => shop?.close());

const get = (pathname: string) => pages(new Request(`http://localhost${pathname}`), shop.services, "en");

describe("the guest HTML cache", () => {
  it("keeps one product page for every campaign's visitors, rendered without their parameters", async () => {
    cache.clear();
    const fromMail = await get(`/p/${slug}?utm_source=newsletter&utm_medium=email&utm_campaign=autumn`);
    expect(fromMail.status).toBe(200);
    expect(fromMail.headers.get("x-cache")).toBe("MISS");
    const html = await fromMail.text();
    expect(html).not.toContain("utm_");
    expect(html).not.toContain("newsletter&");

    const fromAd = await get(`/p/${slug}?gclid=Cj0KCQ&fbclid=IwAR&_gl=1*abc`);
    expect(fromAd.headers.get("x-cache")).toBe("HIT");
    expect(await fromAd.text()).toBe(html);
    const plain = await get(`/p/${slug}`);
    expect(plain.headers.get("x-cache")).toBe("HIT");
    expect(cache.size).toBe(1);
  });

  it("keeps the parameters that change the page apart", async () => {
    cache.clear();
    await get("/c/women?utm_source=a");
    await get("/c/women?sort=price_asc&utm_source=b");
    await get("/c/women?sort=price_asc");
    expect(cache.size).toBe(2);
  });

  it("never keeps search result pages, whatever their text", async () => {
    cache.clear();
    for (const search of ["takki", "takki", "x".repeat(150)]) {
      const response = await get(`/searchresults?search=${encodeURIComponent(search)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).toBeNull();
    }
    expect(cache.size).toBe(0);
  });
});
