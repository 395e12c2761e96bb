// Searches per client address (issue 36): suggestions, the search API and the search result
// page count under one limit, RATE_LIMIT_SEARCHES_PER_ADDRESS; past it the API answers 429
// too_many_requests with Retry-After and the page its error page with the wait, in the store's
// language. Another address searches on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageRequest } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop({ config: { TRUSTED_PROXY_HOPS: 1, RATE_LIMIT_SEARCHES_PER_ADDRESS: { max: 4, windowSeconds: 60 } } });
  pages = await loadBuiltPages();
});
afterAll(() => shop?.close());

const api = (type: "autocomplete" | "search-page", q: string, address: string) =>
  shop.request(`/api/engagement/queries/${type}?q=${encodeURIComponent(q)}`, { method: "POST", headers: { "x-forwarded-for": address } });

describe("searches from one client address", () => {
  it("are refused past the limit on the API and the page alike, with the wait; another address goes on", async () => {
    const address = "203.0.113.40";
    for (const q of ["j", "ja", "jac"]) expect((await api("autocomplete", q, address)).status).toBe(200);
    expect((await api("search-page", "jacket", address)).status).toBe(200);

    const refused = await api("autocomplete", "jack", address);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { code: string }[])[0]?.code).toBe("too_many_requests");
    expect((await api("search-page", "jacket", address)).status).toBe(429);

    const page = await pages(pageRequest("fi", "/searchresults?search=takki"), shop.services, "fi", address);
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await page.text()).toContain("Liian monta yritystä");

    expect((await api("autocomplete", "jack", "203.0.113.41")).status).toBe(200);
    const other = await pages(pageRequest("en", "/searchresults?search=jacket"), shop.services, "en", "203.0.113.41");
    expect(other.status).toBe(200);
  });
});
