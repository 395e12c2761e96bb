// The "For you" sort (spec §4 nosto_personalized, issue 36, decision 0069): two shoppers with
// different histories (what they viewed, put in a cart and searched for) see a category in
// different orders, each with what they showed interest in first; without marketing consent
// nothing about them is used and both get the same order, by popularity. The page sorted for
// a shopper is theirs alone, never cached.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryListing } from "../../lib/catalog-types.ts";
import { COOKIES } from "../../lib/cookies.ts";
import { loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageRequest } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const CONSENT = "consent=necessary,analytics,marketing";
const shopperCookie = (sessionKey: string, consent = CONSENT) => `${consent}; ${COOKIES.sessionKey}=${sessionKey}`;

async function listing(query: string, cookie?: string): Promise<string[]> {
  const response = await shop.request(`/api/catalog/category?path=women&${query}`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return ((await response.json()) as CategoryListing).items.map((i) => i.sku);
}

async function notify(kind: "click" | "add-to-cart", sku: string, sessionKey: string) {
  const query = new URLSearchParams({ productKey: sku, sessionKey });
  const response = await shop.request(`/api/engagement/notifications/${kind}?${query}`, { method: "POST", headers: { cookie: CONSENT } });
  expect(response.status).toBe(204);
}

describe("For you", () => {
  it("orders a category by each shopper's own history, and by popularity alone without consent", async () => {
    const shown = await listing("sort=position&pageSize=48");
    // Two products far down the category's own order, for two shoppers.
    const [likedByA, likedByB] = [shown[30], shown[40]];
    if (!likedByA || !likedByB) throw new Error("a category of at least 41 products");
    const a = `sk-a-${Date.now()}`;
    const b = `sk-b-${Date.now()}`;
    await notify("click", likedByA, a);
    await notify("add-to-cart", likedByA, a);
    await notify("click", likedByB, b);
    await notify("add-to-cart", likedByB, b);

    const forA = await listing("sort=nosto_personalized", shopperCookie(a));
    const forB = await listing("sort=nosto_personalized", shopperCookie(b));
    expect(forA[0]).toBe(likedByA);
    expect(forB[0]).toBe(likedByB);
    expect(forA).not.toEqual(forB);

    // Without marketing consent nothing about either is read: one order for both, by popularity
    // (both products were just noticed by others), then the category's own.
    const plainA = await listing("sort=nosto_personalized", shopperCookie(a, "consent=necessary"));
    const plainB = await listing("sort=nosto_personalized", shopperCookie(b, "consent=necessary"));
    expect(plainA).toEqual(plainB);
    expect(plainA.slice(0, 2).sort()).toEqual([likedByA, likedByB].sort());
  });

  it("counts what a shopper searched for", async () => {
    const shown = await listing("sort=position&pageSize=48");
    const last = shown.at(-1);
    if (!last) throw new Error("no products");
    const details = (await (await shop.request(`/api/catalog/category?path=women&sort=position&pageSize=48`)).json()) as CategoryListing;
    const name = details.items.find((i) => i.sku === last)?.name ?? "";
    const sessionKey = `sk-search-${Date.now()}`;
    // A search remembered for the shopper (with consent), as the search page does.
    const searched = await shop.request(`/api/engagement/queries/search-page?${new URLSearchParams({ q: name, sessionKey })}`, {
      method: "POST",
      headers: { cookie: CONSENT },
    });
    expect(searched.status).toBe(200);
    const forThem = await listing("sort=nosto_personalized", shopperCookie(sessionKey));
    expect(forThem.indexOf(last)).toBeLessThan(shown.indexOf(last));
  });

  it("is a page of the shopper's own, never kept for other guests", async () => {
    const pages = await loadBuiltPages();
    const response = await pages(
      pageRequest("en", "/c/women?sort=nosto_personalized", { cookie: shopperCookie("sk-page") }),
      shop.services,
      "en",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});
