// The offline page as the service worker keeps it (decision 0030): the real production build,
// rendered in-process, in each store's language, the same for every visitor (so it may be kept),
// with the head's links to the manifest and the theme colour.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageRequest } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop();
  pages = await loadBuiltPages();
});
afterAll(() => shop?.close());

describe.each([
  ["en", "You are offline", "Try again"],
  ["fi", "Olet offline-tilassa", "Yritä uudelleen"],
] as const)("the offline page of the %s store", (store, title, retry) => {
  it("says so in the store's language, with its retry, for every visitor alike", async () => {
    const response = await pages(pageRequest(store, "/offline"), shop.services, store);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const html = await response.text();
    expect(html).toContain(`<h1 class="text-3xl font-semibold tracking-tight">${title}</h1>`);
    expect(html).toMatch(new RegExp(`<button[^>]*data-testid="offline-retry"[^>]*>${retry}</button>`));
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // (The links carry the render's script nonce, decision 0029; the manifest comes with the
    // page's scripts, which put it in the head: server/http/scripts-after-load.ts.)
    expect(html).toMatch(/\\u003clink [^>]*rel=\\"manifest\\" href=\\"\/manifest.webmanifest\\"\/>/);
    expect(html).toMatch(/<link [^>]*rel="apple-touch-icon" href="\/icons\/apple-touch-icon.png"\/>/);
    expect(html).toContain('<meta name="theme-color" content="#1f5c4a"/>');
  });
});

it("the cart page stays the shopper's own: private, never kept (the worker keeps no private page either)", async () => {
  const response = await pages(pageRequest("en", "/cart"), shop.services, "en");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
});
