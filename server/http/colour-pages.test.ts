// Category pages that differ by their query (a colour filter) in the guest HTML cache: each
// address is its own page, kept and answered again, and dropped when a product it lists
// changes. The real production build, rendered in-process over a test database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryListing } from "../../lib/catalog-types.ts";
import { languageSwitchHref } from "../../lib/language-switch.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { createPageCache } from "./page-cache.ts";
import { invalidatePagesOnChange } from "./pages.ts";

let shop: TestShop;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop();
  const cache = createPageCache({ maxEntries: 100, ttlSeconds: 600 });
  invalidatePagesOnChange(cache, shop.services);
  pages = await loadBuiltPages({ cache });
});
afterAll(() => shop?.close());

async function get(address: string) {
  const response = await pages(new Request(`http://localhost${address}`), shop.services, "en");
  expect(response.status, address).toBe(200);
  return { cache: response.headers.get("x-cache"), body: await response.text() };
}

const listing = async (query: string) => (await (await shop.request(`/api/catalog/category?path=women${query}`)).json()) as CategoryListing;
/** The product links of a page, as written in its HTML. */
const cardLinks = (html: string) => [...html.matchAll(/href="(\/p\/[^"]+)"/g)].map((m) => (m[1] ?? "").replaceAll("&amp;", "&"));

describe("a colour-filtered category page in the guest cache", () => {
  it("is kept per address, each showing its own colour, and rendered again when a product it lists changes", async () => {
    const colours = (await listing("")).aggregations.find((a) => a.attribute_code === "color")?.options ?? [];
    const [a, b] = colours;
    if (!a || !b) throw new Error("fewer than two colours");
    const inA = await listing(`&color=${a.value}`);
    const inB = await listing(`&color=${b.value}`);
    const linkOf = (item: CategoryListing["items"][number]) =>
      `/p/${item.url_key}?${new URLSearchParams({ selectedConfigurations: item.shown_color?.selected_configurations ?? "" })}`;

    const first = await get(`/c/women?color=${a.value}`);
    expect(first.cache).toBe("MISS");
    expect(cardLinks(first.body)).toEqual(inA.items.map(linkOf));
    // The language switch carries the filter to the other store.
    expect(first.body).toContain(`href="${languageSwitchHref("fi", `/c/women?color=${a.value}`).replaceAll("&", "&amp;")}"`);
    expect(await get(`/c/women?color=${a.value}`)).toEqual({ cache: "HIT", body: first.body });

    const other = await get(`/c/women?color=${b.value}`);
    expect(other.cache).toBe("MISS");
    expect(cardLinks(other.body)).toEqual(inB.items.map(linkOf));
    expect(cardLinks(other.body)).not.toEqual(cardLinks(first.body));

    // A product of the page sells out: the page is dropped and drawn again as the listing now is.
    const item = inA.items.find((i) => i.stock_status === "IN_STOCK");
    if (!item) throw new Error("nothing in stock");
    await shop.database.pool.query("UPDATE variants SET stock = 0 WHERE product_id = (SELECT id FROM products WHERE sku = $1)", [item.sku]);
    await expect.poll(async () => (await get(`/c/women?color=${a.value}`)).cache, { timeout: 10_000, interval: 100 }).toBe("MISS");
    const now = await listing(`&color=${a.value}`);
    expect(now.items.map((i) => [i.sku, i.stock_status])).not.toEqual(inA.items.map((i) => [i.sku, i.stock_status]));
    expect(cardLinks((await get(`/c/women?color=${a.value}`)).body)).toEqual(now.items.map(linkOf));
  });
});
