import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");

describe("robots.txt and sitemaps", () => {
  it("points each store's robots.txt at its own sitemap and keeps private pages out", async () => {
    const fi = await (await shop.request("/robots.txt", { store: "fi" })).text();
    expect(fi).toContain("Sitemap: http://fi.localhost/sitemap.xml");
    expect(fi).toMatch(/Disallow: \/account/);
    expect(fi).toMatch(/Disallow: \/checkout/);
  });

  it("lists category and product sitemaps in the index, and every product of the store in them", async () => {
    const index = await shop.request("/sitemap.xml", { store: "fi" });
    expect(index.headers.get("content-type")).toContain("application/xml");
    const files = locs(await index.text());
    expect(files).toEqual(["http://fi.localhost/sitemaps/categories.xml", "http://fi.localhost/sitemaps/products-1.xml"]);

    const products = locs(await (await shop.request("/sitemaps/products-1.xml", { store: "fi" })).text());
    expect(products.length).toBeGreaterThanOrEqual(323);
    for (const url of products) expect(url).toMatch(/^http:\/\/fi\.localhost\/p\/[a-z0-9-]+$/);
    const sample = new URL(products[0] ?? "").pathname.replace("/p/", "");
    expect((await shop.request(`/api/catalog/productdetails/${sample}`, { store: "fi" })).status).toBe(200);

    const categories = locs(await (await shop.request("/sitemaps/categories.xml", { store: "en" })).text());
    expect(categories).toContain("http://localhost/c/women");
    expect(categories.length).toBeGreaterThan(30);
  });

  it("answers 404 for a sitemap page past the end", async () => {
    const past = await shop.request("/sitemaps/products-99.xml", { store: "fi" });
    expect(past.status).toBe(404);
    expect(await past.json()).toEqual([{ code: "not_found", message: "Pyytämääsi kohdetta ei löytynyt" }]);
    expect((await shop.request("/sitemaps/nothing.xml")).status).toBe(404);
  });
});
