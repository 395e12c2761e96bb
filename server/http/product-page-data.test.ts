// What a product or category page sends of its data for hydration (React Router's single-fetch data of
// the page's route, the same stream the HTML inlines). The real production build, rendered
// in-process over a test database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryListing, ProductDetails } from "../../lib/catalog-types.ts";
import { type BuiltPages, builtRenderCounts, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageFrame } from "../../tests/helpers/frame.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { createPageCache } from "./page-cache.ts";

let shop: TestShop;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop();
  pages = await loadBuiltPages({ cache: createPageCache({ maxEntries: 0, ttlSeconds: 0 }) });
});
afterAll(() => shop?.close());

describe("the product page's data", () => {
  it("writes a price shared by many sizes and colours once", async () => {
    const slug = "nietos-recycled-rain-jacket-women-100025";
    const { product } = (await (await shop.request(`/api/catalog/productdetails/${slug}`)).json()) as { product: ProductDetails };
    const response = await pages(new Request(`http://localhost/p/${slug}.data?_routes=product-slug`), shop.services, "en");
    expect(response.status).toBe(200);
    const body = await response.text();
    // Every size of the jacket costs the same in each colour: the shared prices and colours are
    // written once and referred to. Each variant writing its own copy made 12.6 KB.
    expect(product.variants.length).toBeGreaterThanOrEqual(18);
    expect(new Set(product.variants.map((v) => v.product.price_range.minimum_price.final_price.value)).size).toBe(1);
    expect(body).toContain(product.variants[0]?.product.sku);
    expect(body.length).toBeLessThan(6.75 * 1024);
  });

  it("sends only what the page reads: not the API's 30-day price bounds, other stores' url keys, colour summary or SEO texts", async () => {
    const slug = "nietos-recycled-rain-jacket-women-100025";
    const { product } = (await (await shop.request(`/api/catalog/productdetails/${slug}`)).json()) as { product: ProductDetails };
    // The API's answer keeps them (spec §3).
    expect(product.price_history.lowest_price_30_days).not.toBeNull();
    expect(product.url_keys.fi).toBeTruthy();
    expect(product.colors.length).toBeGreaterThan(1);
    const response = await pages(new Request(`http://localhost/p/${slug}.data?_routes=product-slug`), shop.services, "en");
    const body = await response.text();
    for (const key of ["price_history", "lowest_price_30_days", "url_keys", "colors", "meta_title", "meta_description"]) {
      expect(body).not.toContain(`"${key}"`);
    }
    // What the page shows is still there: the gallery, the options, the features.
    expect(body).toContain(product.media_gallery[0]?.url);
    expect(body).toContain(product.features[0]?.value);
  });
});

describe("the category page's data", () => {
  it("writes a price shared by products once", async () => {
    const response = await pages(new Request("http://localhost/c/women.data?_routes=category-all"), shop.services, "en");
    expect(response.status).toBe(200);
    const body = await response.text();
    const listing = (await (await shop.request("/api/catalog/category?path=women")).json()) as CategoryListing;
    for (const item of listing.items) expect(body).toContain(item.url_key);
    // Most of the listing's products share their price (and a product's lowest and highest price
    // are often one): each price is written once. Each product writing its own made 31.2 KB.
    expect(body.length).toBeLessThan(27 * 1024);
  });
});

describe("the frame's data (sent once by its address, not with every page: decision 0053)", () => {
  it("stays under its budget in both stores, out of the page, and leaves the category banners to the category page", async () => {
    for (const [store, host] of [
      ["en", "localhost"],
      ["fi", "fi.localhost"],
    ] as const) {
      const get = (address: string) => pages(new Request(`http://${host}${address}`), shop.services, store);
      const shopStore = await shop.services.catalog.store(store);
      if (!shopStore) throw new Error(`no store ${store}`);
      const stores = await shop.services.catalog.physicalStores(shopStore);
      // The root's own data, which every page carries: the store, the settings of the process, no frame.
      const root = await (await get("/c/women.data?_routes=root")).text();
      expect(root).not.toContain(stores[0]?.name);
      expect(root).not.toContain("placements");
      // It was 6.4 KB with the frame (decision 0044).
      expect(root.length).toBeLessThan(1024);

      const page = await (await get("/c/women")).text();
      const frame = JSON.stringify(await pageFrame(page, get));
      // The footer's stores and the top bar's hours are there; not what only a store page shows.
      expect(frame).toContain(stores[0]?.name);
      expect(frame).toContain(stores[0]?.opening_hours);
      expect(frame).not.toContain(stores[0]?.phone);
      expect(frame).not.toContain("categoryBanner");
      // Every category banner, the registration pop-up and the stores' phones and hours made 7.7 KB (in the page's data).
      expect(frame.length).toBeLessThan(6 * 1024);
    }
  });

  it("gives a category page the banners for its category, on its first page", async () => {
    const data = async (path: string) => (await pages(new Request(`http://localhost${path}`), shop.services, "en")).text();
    expect(await data("/c/women/jackets/winter-jackets.data?_routes=category-all")).toContain('"categoryBanner"');
    expect(await data("/c/women/jackets/winter-jackets.data?_routes=category-all&page=2")).not.toContain('"categoryBanner"');
    expect(await data("/c/men.data?_routes=category-all")).not.toContain('"categoryBanner"');
  });
});

describe("the product page's HTML (issue 16: under 40 KB)", () => {
  it("is under 40 KB for a first visit in both stores, and every byte of it is read by someone", async () => {
    for (const [store, host, slug] of [
      ["en", "localhost", "nietos-recycled-rain-jacket-women-100025"],
      ["fi", "fi.localhost", "nietos-kierratetty-sadetakki-naisten-100025"],
    ] as const) {
      const response = await pages(new Request(`http://${host}/p/${slug}`), shop.services, store);
      expect(response.status).toBe(200);
      const html = await response.text();
      // A first visit: the consent banner is in it, its choices are not (drawn when opened).
      expect(html).toContain('id="consent-banner"');
      expect(html).toContain(`href="/cookie-consent?from=%2Fp%2F${slug}"`);
      expect(html).not.toContain('name="marketing"');
      // Lazy route discovery's mark, which nothing reads here (routeDiscovery "initial"), on no link.
      expect(html).toContain('href="/c/');
      expect(html).not.toMatch(/<a [^>]*data-discover/);
      // The hydration data in single-quoted strings: JSON's own quotes unescaped.
      const data = /streamController\.enqueue\(('(?:[^'\\]|\\.)*')\);<\/script>/.exec(html)?.[1] ?? "";
      expect(data).toContain('"loaderData"');
      expect(data).not.toContain('\\"loaderData\\"');
      // Was 54.2 KB before the frame was sent once (decision 0053), 46.9 KB after.
      expect(Buffer.byteLength(html)).toBeLessThan(40_000);
    }
  });
});

describe("the category page's HTML", () => {
  it("draws each card's wishlist heart with the stylesheet and names the card's styles once (decision 0056)", async () => {
    for (const [store, host, path] of [
      ["en", "localhost", "/c/women"],
      ["fi", "fi.localhost", "/c/naiset"],
    ] as const) {
      const response = await pages(new Request(`http://${host}${path}`), shop.services, store);
      expect(response.status).toBe(200);
      const html = await response.text();
      const cards = html.match(/<li class="product-card group">[\s\S]*?<\/li>/g) ?? [];
      expect(cards.length).toBeGreaterThan(20);
      for (const card of cards) {
        // The heart is a labelled toggle with nothing inside: its picture is the stylesheet's.
        expect(card).toMatch(/<button type="submit" aria-pressed="false" aria-label="[^"]+"[^>]*class="wishlist-heart"><\/button>/);
        expect(card).not.toContain("<svg");
        expect(card).toContain('class="card-link"');
      }
      // Was 126.5 KB (en) before the heart and the card's styles were named once.
      expect(Buffer.byteLength(html)).toBeLessThan(118_000);
    }
  });
});

describe("how a page is drawn (decision 0059)", () => {
  it("draws the front, category and product pages of both stores whole, with their data before the hand-off's end", async () => {
    const before = await builtRenderCounts();
    for (const [store, host, paths] of [
      ["en", "localhost", ["/", "/c/women", "/p/nietos-recycled-rain-jacket-women-100025"]],
      ["fi", "fi.localhost", ["/", "/c/naiset", "/p/nietos-kierratetty-sadetakki-naisten-100025"]],
    ] as const) {
      for (const path of paths) {
        const response = await pages(new Request(`http://${host}${path}`), shop.services, store);
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
        // React Router's hand-off: the data's one script, then its end, each with the page's nonce.
        expect(html).toMatch(
          /<script nonce="([^"]+)">window\.__reactRouterContext\.streamController\.enqueue\('(?:[^'\\]|\\.)*'\);<\/script><script nonce="\1">window\.__reactRouterContext\.streamController\.close\(\);<\/script>/,
        );
      }
    }
    // None of them waited for anything, so none was drawn a second time by the streaming renderer.
    const after = await builtRenderCounts();
    expect(after.whole - before.whole).toBe(6);
    expect(after.streamed - before.streamed).toBe(0);
  });
});
