// Many shoppers at once, on the real PostgreSQL server with real parallel connections: the
// last units of a variant, a coupon with few uses left, carts taking the same variants in
// opposite order, and one cart placed many times at once. Money and stock are never wrong.
// Each test buys its own products, has a timeout sized for a busy two-core machine, and stops
// its rounds when it is over (Vitest aborts the test's signal on a timeout), so that a slow
// test never runs on into the next one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { loggedInCustomer } from "../../tests/helpers/customers.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { newCartId } from "../cart/service.ts";
import type { PlacedOrder } from "./service.ts";

let shop: TestShop;
let client: ReturnType<typeof shopClient>;
beforeAll(async () => {
  shop = await createTestShop({ poolSize: 20 });
  client = shopClient(shop);
});
afterAll(() => shop.close());

const ROUNDS = 20;
/** 20 rounds of 100 orders take about 10 s alone and near 30 s on a busy machine. */
const TIMEOUT = 180_000;

let nextProduct = 0;
/** Variants of products no other test in this file touches. */
async function ownVariants(count: number): Promise<TestVariant[]> {
  const variants: TestVariant[] = [];
  for (let i = 0; i < count; i++) variants.push(await configurableVariant(shop.database.pool, nextProduct++));
  return variants;
}

/** Carts written straight to the database, ready to order (the API's steps are tested elsewhere). */
async function readyCarts(lines: { variantId: number; quantity: number }[][], coupon: string | null = null): Promise<string[]> {
  const ids = lines.map(() => newCartId());
  const address = JSON.stringify(client.address);
  await shop.database.pool.query(
    `INSERT INTO carts (id, store_code, expires_at, shipping_address, shipping_method, payment_method, coupon_code)
     SELECT id, 'en', now() + interval '1 day', $2::jsonb, 'home_delivery', 'card', $3 FROM unnest($1::text[]) AS id`,
    [ids, address, coupon],
  );
  const rows = lines.flatMap((cart, i) => cart.map((l) => ({ cart_id: ids[i], variant_id: l.variantId, quantity: l.quantity })));
  await shop.database.pool.query(
    `INSERT INTO cart_items (cart_id, variant_id, quantity, options, options_hash)
     SELECT cart_id, variant_id, quantity, '{}'::jsonb, 'plain' FROM jsonb_to_recordset($1::jsonb) AS x(cart_id text, variant_id int, quantity int)`,
    [JSON.stringify(rows)],
  );
  return ids;
}

const setStock = (v: TestVariant, stock: number) =>
  shop.database.pool.query("UPDATE variants SET stock = $2 WHERE id = $1", [v.variantId, stock]);
const stockOf = async (v: TestVariant) =>
  (await shop.database.pool.query<{ stock: number }>("SELECT stock FROM variants WHERE id = $1", [v.variantId])).rows[0]?.stock;
const place = (cart: string, headers: Record<string, string> = {}) =>
  client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart, headers });

describe("the last units", () => {
  it("100 shoppers for the last 10: exactly 10 orders, 90 clear 409s, stock 0 — every round", { timeout: TIMEOUT }, async ({ signal }) => {
    const [v] = await ownVariants(1);
    if (!v) throw new Error("no variant");
    for (let round = 0; round < ROUNDS; round++) {
      signal.throwIfAborted();
      await setStock(v, 10);
      const carts = await readyCarts(Array.from({ length: 100 }, () => [{ variantId: v.variantId, quantity: 1 }]));
      const replies = await Promise.all(carts.map((id) => place(id)));
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(90);
      const refused = replies.find((r) => r.status === 409)?.body as unknown as { message: string; code: string }[];
      expect(refused[0]).toMatchObject({ code: "qty", message: "Unfortunately the requested quantity is not available" });
      expect(await stockOf(v)).toBe(0);
    }
  });

  it("with 1 to 3 units per cart, stock left plus units ordered is always the start", { timeout: TIMEOUT }, async ({ signal }) => {
    const [v] = await ownVariants(1);
    if (!v) throw new Error("no variant");
    for (let round = 0; round < ROUNDS; round++) {
      signal.throwIfAborted();
      await setStock(v, 25);
      const quantities = Array.from({ length: 30 }, (_, i) => 1 + ((i * 7 + round) % 3));
      const carts = await readyCarts(quantities.map((quantity) => [{ variantId: v.variantId, quantity }]));
      const replies = await Promise.all(carts.map((id) => place(id)));
      expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const ordered = replies.reduce((sum, r, i) => sum + (r.status === 200 ? (quantities[i] ?? 0) : 0), 0);
      const left = await stockOf(v);
      expect(left).toBeGreaterThanOrEqual(0);
      expect((left ?? 0) + ordered).toBe(25);
    }
  });

  it("carts taking the same two variants in opposite order never deadlock into a 500", { timeout: TIMEOUT }, async () => {
    const [a, b] = await ownVariants(2);
    if (!a || !b) throw new Error("no variants");
    await setStock(a, 1000);
    await setStock(b, 1000);
    const lines = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? [
            { variantId: a.variantId, quantity: 1 },
            { variantId: b.variantId, quantity: 1 },
          ]
        : [
            { variantId: b.variantId, quantity: 1 },
            { variantId: a.variantId, quantity: 1 },
          ],
    );
    const replies = await Promise.all((await readyCarts(lines)).map((id) => place(id)));
    expect(replies.map((r) => r.status)).toEqual(lines.map(() => 200));
    expect(await stockOf(a)).toBe(960);
    expect(await stockOf(b)).toBe(960);
  });
});

describe("codes and retries", () => {
  it("a coupon limited to 5 uses under 50 concurrent orders: exactly 5 get it", { timeout: TIMEOUT }, async () => {
    const [v] = await ownVariants(1);
    if (!v) throw new Error("no variant");
    await setStock(v, 1000);
    await shop.database.pool.query("INSERT INTO coupons (code, kind, value, max_uses) VALUES ('RUSH5', 'percent', 10, 5)");
    const carts = await readyCarts(
      Array.from({ length: 50 }, () => [{ variantId: v.variantId, quantity: 1 }]),
      "RUSH5",
    );
    const replies = await Promise.all(carts.map((id) => place(id)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(45);
    const { rows: ordered } = await shop.database.pool.query("SELECT count(*)::int AS n FROM orders WHERE coupon_code = 'RUSH5'");
    expect(ordered[0].n).toBe(5);
    const { rows } = await shop.database.pool.query("SELECT uses FROM coupons WHERE code = 'RUSH5'");
    expect(rows[0].uses).toBe(5);
  });

  it("20 parallel place-order calls for one cart, with or without one key, give one order named in every reply", {
    timeout: TIMEOUT,
  }, async ({ signal }) => {
    const [v] = await ownVariants(1);
    if (!v) throw new Error("no variant");
    await setStock(v, 1000);
    for (const headers of [{}, { "Idempotency-Key": "double-click" }] as Record<string, string>[]) {
      signal.throwIfAborted();
      const [cart] = await readyCarts([[{ variantId: v.variantId, quantity: 2 }]]);
      if (!cart) throw new Error("no cart");
      const before = await stockOf(v);
      const replies = await Promise.all(Array.from({ length: 20 }, () => place(cart, headers)));
      expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
      expect(new Set(replies.map((r) => r.body.order.order_number)).size).toBe(1);
      expect(await stockOf(v)).toBe((before ?? 0) - 2);
      const { rows } = await shop.database.pool.query("SELECT count(*)::int AS n FROM orders WHERE cart_id = $1", [cart]);
      expect(rows[0].n).toBe(1);
    }
  });
});

describe("one customer's carts", () => {
  /** Carts of one customer holding the same coupon, ready to order (as readyCarts, owned by the customer). */
  async function customerCarts(customerId: number, v: TestVariant, count: number, coupon: string): Promise<string[]> {
    const ids = await readyCarts(
      Array.from({ length: count }, () => [{ variantId: v.variantId, quantity: 1 }]),
      coupon,
    );
    await shop.database.pool.query("UPDATE carts SET customer_id = $2, expires_at = NULL WHERE id = ANY($1)", [ids, customerId]);
    return ids;
  }

  it("ONCE (once per customer) on carts placed at the same moment: exactly one order carries it, every round", {
    timeout: TIMEOUT,
  }, async ({ signal }) => {
    const [v] = await ownVariants(1);
    if (!v) throw new Error("no variant");
    await setStock(v, 10_000);
    const customer = await loggedInCustomer(shop);
    for (let round = 0; round < 12; round++) {
      signal.throwIfAborted();
      await shop.database.pool.query("DELETE FROM coupon_redemptions WHERE customer_id = $1", [customer.id]);
      // Two carts in even rounds, five in odd ones.
      const carts = await customerCarts(customer.id, v, round % 2 === 0 ? 2 : 5, "ONCE");
      const replies = await Promise.all(carts.map((id) => place(id, customer.auth)));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = replies.filter((r) => r.status !== 200);
      for (const r of refused) {
        expect(r.status).toBe(409);
        expect((r.body as unknown as { code: string }[])[0]?.code).toBe("coupon_customer_limit");
      }
      const { rows } = await shop.database.pool.query(
        "SELECT count(*)::int AS n FROM orders WHERE customer_id = $1 AND coupon_code = 'ONCE' AND cart_id = ANY($2)",
        [customer.id, carts],
      );
      expect(rows[0].n).toBe(1);
    }
  });
});
