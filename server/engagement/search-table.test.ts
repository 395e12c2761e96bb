// What shoppers type, and what each must find first (issue 37, decision 0076): Finnish compounds
// (the last part is the product type: talvi+parka, tunturi+housut), spelling variants
// (parkka/parka), everyday words (hanskat, lenkkarit, trainers), several words, unisex for men
// and women, and "did you mean" a corrected query — a word or phrase that finds something, never
// a product's name. Over the demo catalogue, through the search page's API, in both stores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { WireSearchPage } from "./wire.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

async function search(store: "en" | "fi", q: string) {
  const response = await shop.request(`/api/engagement/queries/search-page?${new URLSearchParams({ q, pageSize: "5" })}`, {
    method: "POST",
    store,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as WireSearchPage;
}

/** [query, what the first product's name must match, the least number found]. */
const FINDS: Record<"en" | "fi", [string, RegExp, number][]> = {
  fi: [
    ["parkka", /talviparka/i, 10],
    ["talviparkka", /talviparka/i, 10],
    ["talviparka", /talviparka/i, 10],
    ["kevyt parkka", /kevyt talviparka/i, 2],
    ["kevyt parka", /kevyt talviparka/i, 2],
    ["tunturihousut", /housut/i, 10],
    ["retkihousut", /retkeilyhousut/i, 3],
    ["housut", /housut/i, 10],
    ["takki", /takki/i, 20],
    ["takit", /takki/i, 20],
    ["sadetakki", /sadetakki/i, 10],
    ["sade takki", /sadetakki/i, 10],
    ["kuoritakki", /kuoritakki/i, 3],
    ["kengät", /kengät/i, 5],
    ["kenkä", /kengät/i, 5],
    ["miesten kengät", /vaelluskengät, unisex/i, 5],
    ["kumpparit", /kumisaappaat/i, 5],
    ["myssy", /pipo/i, 5],
    ["lasten pipo", /pipo, lasten/i, 3],
    ["neule", /villapaita/i, 3],
    ["hanskat", /lapaset|käsineet/i, 10],
    ["sukat", /villasukat/i, 3],
    ["liivi", /toppaliivi/i, 10],
    ["lenkkarit", /tennarit/i, 5],
    ["viltti", /villahuopa/i, 3],
    ["kynttilä", /tuoksukynttilä/i, 3],
    ["naisten takki", /takki, naisten/i, 5],
    ["sadetkaki", /sadetakki/i, 5],
    ["hupparri", /huppari/i, 5],
  ],
  en: [
    ["parka", /winter parka/i, 10],
    ["winter parka", /winter parka/i, 10],
    ["rain jacket", /rain jacket/i, 10],
    ["raincoat", /rain jacket/i, 10],
    ["jumper", /sweater/i, 3],
    ["trainers", /sneakers/i, 5],
    ["pants", /trousers/i, 10],
    ["hiking trousers", /hiking trousers/i, 3],
    ["wellies", /rubber boots/i, 5],
    ["men's boots", /boots/i, 5],
    ["hat", /beanie|cap/i, 10],
    ["gilet", /vest/i, 10],
    ["wool socks", /wool socks/i, 3],
    ["gift card", /gift card/i, 2],
    ["beanei", /beanie/i, 10],
    ["sneekers", /sneakers/i, 5],
  ],
};

/** [query, the "did you mean" it must offer] for queries that find nothing. */
const CORRECTS: [store: "en" | "fi", query: string, suggestion: string][] = [
  ["fi", "kevyt parkkx", "kevyt parka"],
  ["fi", "tunturihosut", "tunturihousut"],
  ["en", "jakcet", "jacket"],
  ["en", "rian jacket", "rain jacket"],
  ["en", "wool sokcs", "wool socks"],
];

describe("what a shopper types finds what they mean", () => {
  for (const store of ["fi", "en"] as const) {
    it.each(FINDS[store])(`${store}: "%s" finds %s first`, async (query, first, least) => {
      const page = await search(store, query);
      expect(page.items[0]?.name ?? "", query).toMatch(first);
      expect(page.total_count).toBeGreaterThanOrEqual(least);
      expect(page.didYouMean).toBeNull();
    });
  }

  it.each(CORRECTS)("%s: nothing for %j, and did you mean %j, which finds something", async (store, query, suggestion) => {
    const page = await search(store, query);
    expect(page.total_count).toBe(0);
    expect(page.didYouMean).toBe(suggestion);
    expect((await search(store, suggestion)).total_count).toBeGreaterThan(0);
  });

  it("suggests nothing when no word is near anything the shop sells", async () => {
    const page = await search("fi", "xyzzy qwrtp");
    expect(page).toMatchObject({ total_count: 0, didYouMean: null });
  });
});
