// Recommendations as an API client sees them (issue 12): a product's alternatives come from its
// own categories and never include it; what was bought with it comes from real orders; a cart's
// popular additions leave out what the cart holds and follow the shoppers' signals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant, setFixedPrice } from "../../tests/helpers/catalog-rows.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

type Lists = { recommendationLists: { id: string; products: { key: string; link: string; inStock: boolean }[] }[] };
async function recommendations(query: string, store: "en" | "fi" = "en"): Promise<{ status: number; body: Lists }> {
  const response = await shop.request(`/api/engagement/queries/recommendations?${query}`, { method: "POST", store });
  return { status: response.status, body: (await response.json()) as Lists };
}
const list = (body: Lists, id: string) => body.recommendationLists.find((l) => l.id === id)?.products ?? [];

describe("recommendations", () => {
  it("for a product: alternatives from its categories, never itself, in stock, at most eight", async () => {
    const variant = await configurableVariant(shop.database.pool, 41, 20);
    const { status, body } = await recommendations(`productKey=${variant.productSku}`);
    expect(status).toBe(200);
    const alternatives = list(body, "alternatives");
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.length).toBeLessThanOrEqual(8);
    expect(alternatives.map((p) => p.key)).not.toContain(variant.productSku);
    expect(alternatives.every((p) => p.inStock)).toBe(true);
    const { rows } = await shop.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products p JOIN product_categories pc ON pc.product_id = p.id
        WHERE p.sku = ANY($1) AND pc.category_id IN (SELECT category_id FROM product_categories pc2 JOIN products q ON q.id = pc2.product_id WHERE q.sku = $2)`,
      [alternatives.map((p) => p.key), variant.productSku],
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(alternatives.length);
  });

  it("for a product: what was bought with it, from the orders that hold both", async () => {
    const a = await configurableVariant(shop.database.pool, 43, 20);
    const b = await configurableVariant(shop.database.pool, 44, 20);
    expect(list((await recommendations(`productKey=${a.productSku}`)).body, "also-bought").map((p) => p.key)).not.toContain(b.productSku);
    await setFixedPrice(shop.database.pool, a.variantId, 6000);
    const client = shopClient(shop);
    const cart = await client.readyCart(
      [
        { variant: a, quantity: 1 },
        { variant: b, quantity: 1 },
      ],
      "invoice",
    );
    const placed = await client.call("POST", "/api/checkout/placeOrder", { cart });
    expect(placed.status).toBe(200);
    const bought = list((await recommendations(`productKey=${a.productSku}`)).body, "also-bought").map((p) => p.key);
    expect(bought).toContain(b.productSku);
    expect(bought).not.toContain(a.productSku);
  });

  it("for a cart: the popular products it does not hold, the most signalled first", async () => {
    const held = await configurableVariant(shop.database.pool, 45, 20);
    const liked = await configurableVariant(shop.database.pool, 46, 20);
    // Shoppers who consented buy both, the one in the cart and the one to recommend, more than anything else.
    for (const sku of [held.productSku, liked.productSku])
      for (let i = 0; i < 10; i++) {
        const told = await shop.request(`/api/engagement/notifications/purchase?productKey=${sku}`, {
          method: "POST",
          headers: { cookie: "consent=necessary,marketing" },
        });
        expect(told.status).toBe(204);
      }
    const { body } = await recommendations(`cart=${held.productSku}`);
    const popular = list(body, "popular").map((p) => p.key);
    expect(popular[0]).toBe(liked.productSku);
    expect(popular).not.toContain(held.productSku);
  });

  it("counts a purchase named by a variant's sku (as an order line names it) for its product", async () => {
    const variant = await configurableVariant(shop.database.pool, 47, 20);
    const told = await shop.request(`/api/engagement/notifications/purchase?productKey=${variant.variantSku}`, {
      method: "POST",
      headers: { cookie: "consent=necessary,marketing" },
    });
    expect(told.status).toBe(204);
    const { rows } = await shop.database.pool.query<{ score: number }>(
      "SELECT pp.score FROM product_popularity pp JOIN products p ON p.id = pp.product_id WHERE p.sku = $1",
      [variant.productSku],
    );
    expect(rows[0]?.score).toBeGreaterThan(0);
  });

  it("answers an unknown product with no lists, and bad input with 400", async () => {
    expect((await recommendations("productKey=NO-SUCH-PRODUCT")).body.recommendationLists).toEqual([]);
    expect((await recommendations("productKey=bad%20sku")).status).toBe(400);
    expect((await recommendations("cart=a,b%20c")).status).toBe(400);
    expect((await recommendations("productKey=X&limit=100")).status).toBe(400);
  });
});

// The landing-page lists (the CMS block elevateRecommendations): popular and new are everyone's,
// recently viewed is the shopper's own, and only under marketing consent with notify not false.
type LandingList = { status: number; body: Lists };
async function landingPage(query: string, headers: Record<string, string> = {}, store: "en" | "fi" = "en"): Promise<LandingList> {
  const response = await shop.request(`/api/engagement/queries/landing-page?${query}`, { method: "POST", store, headers });
  return { status: response.status, body: (await response.json()) as Lists };
}
const MARKETING = { cookie: "consent=necessary,marketing" };

describe("landing-page lists", () => {
  it("popular: the most signalled product first, in the recommendations' wire shape", async () => {
    const star = await configurableVariant(shop.database.pool, 50, 20);
    for (let i = 0; i < 25; i++) {
      const told = await shop.request(`/api/engagement/notifications/add-to-cart?productKey=${star.productSku}`, {
        method: "POST",
        headers: MARKETING,
      });
      expect(told.status).toBe(204);
    }
    const { status, body } = await landingPage("list=popular&limit=3");
    expect(status).toBe(200);
    expect(body.recommendationLists.map((l) => l.id)).toEqual(["popular"]);
    const products = list(body, "popular");
    expect(products).toHaveLength(3);
    expect(products[0]?.key).toBe(star.productSku);
    expect(products[0]?.link).toMatch(/^\/p\/[a-z0-9-]+$/);
    expect(products.every((p) => p.inStock)).toBe(true);
  });

  it("new: the latest added products first, only in stock", async () => {
    const fresh = await configurableVariant(shop.database.pool, 51, 20);
    const soldOut = await configurableVariant(shop.database.pool, 52, 0);
    // Added later than everything else; the sold-out one later still, so only stock can leave it out.
    await shop.database.pool.query("UPDATE products SET created_at = now() + interval '1 day' WHERE sku = $1", [fresh.productSku]);
    await shop.database.pool.query("UPDATE variants SET stock = 0 WHERE product_id = (SELECT id FROM products WHERE sku = $1)", [
      soldOut.productSku,
    ]);
    await shop.database.pool.query("UPDATE products SET created_at = now() + interval '2 days' WHERE sku = $1", [soldOut.productSku]);
    const { status, body } = await landingPage("list=new", {}, "fi");
    expect(status).toBe(200);
    const products = list(body, "new");
    expect(products.length).toBe(8);
    expect(products[0]?.key).toBe(fresh.productSku);
    expect(products.map((p) => p.key)).not.toContain(soldOut.productSku);
  });

  it("recently-viewed: the shopper's clicks with marketing consent, nothing without it or with notify=false", async () => {
    const seen = await configurableVariant(shop.database.pool, 53, 20);
    const sessionKey = `landing-${Date.now()}`;
    const click = await shop.request(`/api/engagement/notifications/click?productKey=${seen.productSku}&sessionKey=${sessionKey}`, {
      method: "POST",
      headers: MARKETING,
    });
    expect(click.status).toBe(204);
    const mine = await landingPage(`list=recently-viewed&sessionKey=${sessionKey}`, MARKETING);
    expect(mine.status).toBe(200);
    expect(list(mine.body, "recently-viewed").map((p) => p.key)).toEqual([seen.productSku]);
    // The same key, but the consent cookie lacks marketing, or the client says notify=false: an empty list.
    const withoutConsent = await landingPage(`list=recently-viewed&sessionKey=${sessionKey}`, { cookie: "consent=necessary" });
    expect(withoutConsent.body).toEqual({ recommendationLists: [{ id: "recently-viewed", products: [] }] });
    const notNotified = await landingPage(`list=recently-viewed&sessionKey=${sessionKey}&notify=false`, MARKETING);
    expect(notNotified.body).toEqual({ recommendationLists: [{ id: "recently-viewed", products: [] }] });
    // Another shopper's key sees nothing of it.
    const other = await landingPage(`list=recently-viewed&sessionKey=other-${sessionKey}`, MARKETING);
    expect(list(other.body, "recently-viewed")).toEqual([]);
  });

  it("a click without marketing consent is not remembered as viewed", async () => {
    const seen = await configurableVariant(shop.database.pool, 54, 20);
    const sessionKey = `unseen-${Date.now()}`;
    await shop.request(`/api/engagement/notifications/click?productKey=${seen.productSku}&sessionKey=${sessionKey}`, {
      method: "POST",
      headers: { cookie: "consent=necessary" },
    });
    const { rows } = await shop.database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM engagement_signals WHERE session_key = $1",
      [sessionKey],
    );
    expect(rows[0]?.n).toBe(0);
    expect(list((await landingPage(`list=recently-viewed&sessionKey=${sessionKey}`, MARKETING)).body, "recently-viewed")).toEqual([]);
  });

  it("answers an unknown list, a missing list, a bad limit or key with 400 in the store's language", async () => {
    const unknown = await shop.request("/api/engagement/queries/landing-page?list=bestsellers", { method: "POST", store: "fi" });
    expect(unknown.status).toBe(400);
    const [error] = (await unknown.json()) as { code: string; field: string; message: string }[];
    expect(error).toMatchObject({ code: "invalid_input", field: "list" });
    expect(error?.message).toBeTruthy();
    expect((await landingPage("")).status).toBe(400);
    expect((await landingPage("list=new&limit=0")).status).toBe(400);
    expect((await landingPage("list=new&limit=9")).status).toBe(400);
    expect((await landingPage("list=recently-viewed&sessionKey=bad%20key")).status).toBe(400);
    expect((await landingPage("list=new&locale=sv")).status).toBe(400);
  });
});
