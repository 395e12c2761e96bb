// The search results page's filters as a browser without JavaScript gets them (issue 12,
// spec §5 filter rules): the category page's controls, server-rendered, over the products the
// search matches; a plain GET form (repeated parameters) and links that keep the search text.
// The real production build, rendered in-process over a test database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { WireSearchPage } from "../engagement/wire.ts";
import { createPageCache } from "./page-cache.ts";

let shop: TestShop;
let pages: BuiltPages;
const WORD = "tessellon";

beforeAll(async () => {
  shop = await createTestShop();
  pages = await loadBuiltPages({ cache: createPageCache({ maxEntries: 10, ttlSeconds: 60 }) });
  // Six products of their own, named by a word no demo product uses.
  const { rows } = await shop.database.pool.query<{ id: number }>(
    `SELECT p.id FROM products p JOIN product_listing l ON l.product_id = p.id AND l.store_code = 'en' AND l.in_stock
     WHERE p.type = 'ConfigurableProduct' AND p.enabled ORDER BY p.id DESC LIMIT 6`,
  );
  for (const { id } of rows) {
    await shop.database.pool.query("UPDATE product_translations SET name = $2 WHERE product_id = $1 AND locale = 'en'", [
      id,
      "Tessellon coat",
    ]);
    await shop.database.pool.query("UPDATE product_translations SET name = $2 WHERE product_id = $1 AND locale = 'fi'", [
      id,
      "Tessellon takki",
    ]);
  }
  await shop.services.productChanges.poll();
  await shop.services.engagement.settled();
});
afterAll(() => shop?.close());

async function page(address: string, store: "en" | "fi" = "en") {
  const host = store === "fi" ? "fi.localhost" : "localhost";
  const response = await pages(new Request(`http://${host}${address}`), shop.services, store);
  return { status: response.status, html: await response.text() };
}
async function api(query: string): Promise<WireSearchPage> {
  const response = await shop.request(`/api/engagement/queries/search-page?q=${WORD}&${query}`, { method: "POST" });
  return (await response.json()) as WireSearchPage;
}
const decode = (html: string) => html.replaceAll("&amp;", "&");

describe("search results filters without JavaScript", () => {
  it("renders the category page's filter controls for the matching products, with counts and a form that keeps the search", async () => {
    const all = await api("");
    expect(all.total_count).toBe(6);
    const colours = all.aggregations.find((a) => a.attribute_code === "color")?.options ?? [];
    expect(colours.length).toBeGreaterThan(1);
    const { status, html } = await page(`/searchresults?search=${WORD}`);
    expect(status).toBe(200);
    const form = /<form[^>]*action="\/searchresults"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(html).toContain(`<input type="hidden" name="search" value="${WORD}"/>`);
    expect(html).toContain("6 products");
    expect(html).toContain(">Colour</summary>");
    for (const option of colours) {
      expect(html).toContain(`name="color" value="${option.value}"`);
      expect(html).toMatch(new RegExp(`>${option.label}</label><span class="text-muted">${option.count}</span>`));
    }
  });

  it("filters by the form's repeated parameters, with links to remove the filter or clear all that keep the search and sort", async () => {
    const all = await api("");
    const colours = all.aggregations.find((a) => a.attribute_code === "color")?.options ?? [];
    const [colour] = [...colours].sort((a, b) => a.count - b.count);
    if (!colour) throw new Error("no colour");
    // As the form without JavaScript sends it: every field, the sort as "price:asc".
    const { status, html } = await page(`/searchresults?search=${WORD}&color=${colour.value}&sort=price%3Aasc`);
    expect(status).toBe(200);
    expect(html).toContain(colour.count === 1 ? "1 product<" : `${colour.count} products<`);
    const box = new RegExp(`<input id="filter-color-${colour.value}"[^>]*>`).exec(html)?.[0];
    expect(box).toContain('checked=""');
    expect(decode(html)).toContain(`href="/searchresults?search=${WORD}&sort=price&dir=asc"`);
    expect(html).toContain(`aria-label="Remove filter ${colour.label}"`);
    expect(html).toContain(">Clear all</a>");
    const filtered = await api(`color=${colour.value}&sort=price&dir=asc`);
    const cards = [...html.matchAll(/href="\/p\/([^"?]+)/g)].map((m) => m[1]);
    expect([...new Set(cards)]).toEqual(filtered.items.map((i) => i.url_key));
  });

  it("shows the filters in the Finnish store in Finnish, and keeps them when nothing matches a filter", async () => {
    const fi = await page(`/searchresults?search=${WORD}`, "fi");
    expect(fi.html).toContain(">Väri</summary>");
    const none = await page(`/searchresults?search=${WORD}&price=9000-`);
    expect(none.status).toBe(200);
    expect(none.html).toContain("No products match this selection.");
    expect(decode(none.html)).toContain(`href="/searchresults?search=${WORD}"`);
  });

  it("answers an unknown colour with the not-found page (spec §2 page validation), not a crash", async () => {
    const { status } = await page(`/searchresults?search=${WORD}&color=no-such-colour`);
    expect(status).toBe(404);
  });
});
