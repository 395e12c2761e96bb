// The order charges what the cart showed (docs/decisions/0004): a gift card or coupon used up
// between the shopper's look at the cart and the order, a total that moved, a gift card that
// pays everything, and no queued queries on the order's transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../lib/cart-types.ts";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { mailsIn } from "../../tests/helpers/mail.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { PlacedOrder } from "./service.ts";

// pg warns once per process when a query is queued on a client that is busy (a Promise.all on
// a transaction): listen from the start of the file, so every order below counts.
const pgWarnings: string[] = [];
process.on("warning", (warning) => {
  if (/already executing a query/.test(warning.message)) pgWarnings.push(warning.message);
});

let shop: TestShop;
let client: ReturnType<typeof shopClient>;
let variant: TestVariant;
beforeAll(async () => {
  shop = await createTestShop({ poolSize: 20 });
  client = shopClient(shop);
  variant = await configurableVariant(shop.database.pool, 2, 100_000);
  // 40.00 € a unit: two are 80 € (over the 79 € free-shipping threshold), three 120 €.
  await setFixedPrice(shop.database.pool, variant.variantId, 4000);
});
afterAll(() => shop.close());

type Refusal = { message: string; code: string; field?: string }[];
const first = (body: unknown) => (body as Refusal)[0];
const line = (quantity: number) => [{ variant, quantity }];
const db = () => shop.database.pool;

const newGiftCard = async (code: string, cents: number) =>
  db().query("INSERT INTO gift_cards (code, balance_cents) VALUES ($1, $2)", [code, cents]);
const balance = async (code: string) =>
  (await db().query<{ balance_cents: number }>("SELECT balance_cents FROM gift_cards WHERE code = $1", [code])).rows[0]?.balance_cents;
const ordersOf = async (cartId: string) =>
  (await db().query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE cart_id = $1", [cartId])).rows[0]?.n;
const stock = async () =>
  (await db().query<{ stock: number }>("SELECT stock FROM variants WHERE id = $1", [variant.variantId])).rows[0]?.stock;

async function cartWithGiftCard(quantity: number, code: string) {
  const id = await client.readyCart(line(quantity), "card");
  const applied = await client.call("POST", `/api/luhta_cart/giftCard/${id}`, { body: { code } });
  expect(applied.status).toBe(200);
  return { id, cart: applied.body.cart };
}
const place = (cart: string, body?: Record<string, unknown>) =>
  client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart, body });

describe("a gift card used meanwhile", () => {
  it("used up by another order between the shopper's view and the order: 409, nothing charged, the cart says why", async () => {
    await newGiftCard("SHARED-USEDUP", 7500);
    const mine = await cartWithGiftCard(2, "SHARED-USEDUP");
    expect(mine.cart.prices.grand_total.value).toBe(5); // 80 € − 75 € gift card: what the shopper saw
    const theirs = await cartWithGiftCard(2, "SHARED-USEDUP");
    expect((await place(theirs.id)).status).toBe(200);
    expect(await balance("SHARED-USEDUP")).toBe(0);
    const stockBefore = await stock();

    for (const body of [undefined, { expected_grand_total: 5 }]) {
      const refused = await place(mine.id, body);
      expect(refused.status).toBe(409);
      expect(first(refused.body)?.code).toBe("giftcard_balance");
    }
    expect(await ordersOf(mine.id)).toBe(0);
    expect(await stock()).toBe(stockBefore);
    expect(await balance("SHARED-USEDUP")).toBe(0);

    // The cart shows the card as no longer valid (not silently gone) and cannot be ordered as it is.
    const { cart } = (await client.call("GET", "/api/cart", { cart: mine.id })).body;
    expect(cart.invalid_codes).toEqual([
      { type: "gift_card", code: "SHARED-USEDUP", reason: "giftcard_empty", params: {}, message: "The gift card has no balance left" },
    ]);
    expect(cart.can_place_order).toBe(false);
    expect(cart.prices.grand_total.value).toBe(80);
    // Removed: the order goes through for the full total the shopper now sees.
    await client.call("POST", `/api/luhta_cart/removeGiftCard/${mine.id}`);
    const placed = await place(mine.id, { expected_grand_total: 80 });
    expect(placed.status).toBe(200);
    expect(placed.body.order.totals).toMatchObject({ gift_card: 0, grand_total: 80 });
  });

  it("a balance that dropped: 409 total_changed against the total sent, 409 giftcard_balance without one; confirmed, it goes through", async () => {
    await newGiftCard("SHARED-DROP", 7500);
    const { id, cart } = await cartWithGiftCard(2, "SHARED-DROP");
    expect(cart.prices.grand_total.value).toBe(5);
    // Another order used 45 € of the card meanwhile.
    await db().query("UPDATE gift_cards SET balance_cents = 3000 WHERE code = 'SHARED-DROP'");

    const changed = await place(id, { expected_grand_total: 5 });
    expect(changed.status).toBe(409);
    expect(first(changed.body)).toMatchObject({ code: "total_changed" });
    expect(first(changed.body)?.message).toMatch(/50[.,]00/);
    const silent = await place(id);
    expect(silent.status).toBe(409);
    expect(first(silent.body)?.code).toBe("giftcard_balance");
    expect(await ordersOf(id)).toBe(0);
    expect(await balance("SHARED-DROP")).toBe(3000);
    // The cart is untouched and shows the new total to confirm.
    const { cart: now } = (await client.call("GET", "/api/cart", { cart: id })).body;
    expect(now.prices.grand_total.value).toBe(50);
    expect(now.applied_gift_card?.applied_balance.value).toBe(30);

    const placed = await place(id, { expected_grand_total: 50 });
    expect(placed.status).toBe(200);
    expect(placed.body.order.totals).toMatchObject({ gift_card: 30, grand_total: 50 });
    expect(await balance("SHARED-DROP")).toBe(0);
  });

  it("applying the card again accepts its new balance for a client that sends no total", async () => {
    await newGiftCard("SHARED-REAPPLY", 7500);
    const { id } = await cartWithGiftCard(2, "SHARED-REAPPLY");
    await db().query("UPDATE gift_cards SET balance_cents = 2000 WHERE code = 'SHARED-REAPPLY'");
    expect((await place(id)).status).toBe(409);
    await client.call("POST", `/api/luhta_cart/giftCard/${id}`, { body: { code: "SHARED-REAPPLY" } });
    const placed = await place(id);
    expect(placed.status).toBe(200);
    expect(placed.body.order.totals).toMatchObject({ gift_card: 20, grand_total: 60 });
  });

  it("20 shoppers at once on one gift card, each sending the total it saw: nobody is charged more than that", async () => {
    // 250 € pays two carts of 120 € in full; the third would be left with 10 € of it.
    await newGiftCard("SHARED-RUSH", 25_000);
    const carts = await Promise.all(Array.from({ length: 20 }, () => cartWithGiftCard(3, "SHARED-RUSH")));
    for (const { cart } of carts) expect(cart.prices.grand_total.value).toBe(0);
    const replies = await Promise.all(carts.map(({ id, cart }) => place(id, { expected_grand_total: cart.prices.grand_total.value })));

    const placed = replies.filter((r) => r.status === 200);
    expect(placed).toHaveLength(2);
    for (const reply of placed) expect(reply.body.order.totals).toMatchObject({ grand_total: 0, gift_card: 120 });
    for (const reply of placed) expect(reply.body.order.payment_method).toBe("free");
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect(reply.status).toBe(409);
      expect(["giftcard_balance", "total_changed"]).toContain(first(reply.body)?.code);
    }
    expect(await balance("SHARED-RUSH")).toBe(1000);
    const { rows } = await db().query<{ n: number; charged: number }>(
      "SELECT count(*)::int AS n, COALESCE(sum(grand_total_cents), 0)::int AS charged FROM orders WHERE gift_card_code = 'SHARED-RUSH'",
    );
    expect(rows[0]).toEqual({ n: 2, charged: 0 });
  });
});

describe("a coupon used up meanwhile", () => {
  it("shows as no longer valid, cannot be ordered with, and once removed the order goes through", async () => {
    await db().query("INSERT INTO coupons (code, kind, value, max_uses) VALUES ('LASTONE', 'percent', 10, 1)");
    const mine = await client.readyCart(line(3), "invoice");
    const theirs = await client.readyCart(line(3), "invoice");
    for (const id of [mine, theirs]) {
      const applied = await client.call("POST", `/api/luhta_cart/coupon/${id}`, { body: { code: "lastone" } });
      expect(applied.body.cart.prices.grand_total.value).toBe(108);
    }
    expect((await place(theirs)).status).toBe(200);

    const { cart } = (await client.call("GET", "/api/cart", { cart: mine })).body as { cart: Cart };
    expect(cart.applied_coupons).toEqual([]);
    expect(cart.invalid_codes).toEqual([
      {
        type: "coupon",
        code: "LASTONE",
        reason: "coupon_used_up",
        params: { code: "LASTONE" },
        message: 'The coupon code "LASTONE" has been used up',
      },
    ]);
    expect(cart.can_place_order).toBe(false);
    // Another change to the cart keeps it there, still said to be invalid.
    const comment = await client.call("POST", `/api/luhta_cart/setOrderComment/${mine}`, { body: { comment: "Leave at the door" } });
    expect(comment.body.cart.invalid_codes).toHaveLength(1);

    const refused = await place(mine, { expected_grand_total: cart.prices.grand_total.value });
    expect(refused.status).toBe(409);
    expect(first(refused.body)?.code).toBe("coupon_used_up");
    expect(await ordersOf(mine)).toBe(0);

    const removed = await client.call("POST", `/api/luhta_cart/removeCoupon/${mine}`);
    expect(removed.body.cart.invalid_codes).toEqual([]);
    expect(removed.body.cart.can_place_order).toBe(true);
    const placed = await place(mine, { expected_grand_total: removed.body.cart.prices.grand_total.value });
    expect(placed.status).toBe(200);
    expect(placed.body.order.totals.grand_total).toBe(120);
  });
});

describe("a gift card that pays everything", () => {
  it("places the order with payment 'free', though card was chosen before the card was applied", async () => {
    const { id, cart } = await cartWithGiftCard(1, "GIFT-0500-DEMO");
    expect(cart.prices.grand_total.value).toBe(0);
    expect(cart.selected_payment_method?.code).toBe("free");
    expect(cart.can_place_order).toBe(true);
    const placed = await place(id, { expected_grand_total: 0 });
    expect(placed.status).toBe(200);
    expect(placed.body.order).toMatchObject({ status: "processing", payment_method: "free" });
    expect(placed.body.order.totals).toMatchObject({ gift_card: 47.9, grand_total: 0 });
    expect(placed.body.payment_redirect_url).toBeNull();
    await expect
      .poll(() => mailsIn(shop.services.mailOutbox).some((m) => m.includes(placed.body.order.order_number)), { timeout: 10_000 })
      .toBe(true);
  });

  it("a missing payment method is named as such", async () => {
    const id = await client.readyCart(line(1), "card");
    await db().query("UPDATE carts SET payment_method = NULL WHERE id = $1", [id]);
    const refused = await place(id);
    expect(refused.status).toBe(400);
    expect(first(refused.body)).toMatchObject({ code: "payment_method_missing", field: "payment_method" });
  });
});

describe("the order's transaction", () => {
  it("runs its queries one at a time: pg printed no 'already executing a query' warning during any order of this file", async () => {
    const id = await client.readyCart(line(1), "card");
    expect((await place(id)).status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    expect(pgWarnings).toEqual([]);
  });
});
