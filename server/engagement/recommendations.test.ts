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
