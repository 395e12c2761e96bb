// A logged-in customer's engagement key (spec §7 user voyado_customer_key): random, shown in
// /api/auth/user, and the key the engine files their searches under, so that (with marketing
// consent) what they searched in one browser is among their recent searches in another, and
// nobody else's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedInCustomer } from "../../tests/helpers/customers.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const CONSENT = "consent=necessary,marketing";

async function query(type: string, params: Record<string, string>, auth: Record<string, string>) {
  const response = await shop.request(`/api/engagement/queries/${type}?${new URLSearchParams(params)}`, {
    method: "POST",
    headers: { cookie: CONSENT, ...auth },
  });
  expect(response.status).toBe(200);
  return response.json() as Promise<{ recentSearches?: { q: string }[] }>;
}

describe("a customer's engagement key", () => {
  it("is random, in the user, and carries their recent searches from one browser to another", async () => {
    const aino = await loggedInCustomer(shop, "en", "Aino");
    const user = (await (await shop.request("/api/auth/user", { headers: aino.auth })).json()) as { user: { voyado_customer_key: string } };
    expect(user.user.voyado_customer_key).toMatch(/^[0-9a-f-]{36}$/);

    // Browser A: a search with its own keys.
    await query("search-page", { q: "rain jacket", customerKey: "browser-a-customer", sessionKey: "browser-a-session" }, aino.auth);
    // Browser B, other cookies, the same login: the search is there.
    const there = await query("autocomplete", { q: "", customerKey: "browser-b-customer", sessionKey: "browser-b-session" }, aino.auth);
    expect(there.recentSearches?.map((s) => s.q)).toContain("rain jacket");

    // Another customer, even with browser A's cookie keys, does not see it.
    const eino = await loggedInCustomer(shop, "en", "Eino");
    const theirs = await query("autocomplete", { q: "", customerKey: "browser-a-customer", sessionKey: "browser-c-session" }, eino.auth);
    expect(theirs.recentSearches?.map((s) => s.q) ?? []).not.toContain("rain jacket");
  });
});
