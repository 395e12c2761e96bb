// One order, three changes at the same moment (decision 0081): the provider's approval, a
// cancel from customer service and the warehouse's parcel. Each change locks the order and asks
// the transition table, so exactly one outcome wins each race, and stock, refunds and
// shipments always agree with the status the order ends in. Twenty rounds over real parallel
// connections.
import { afterAll, beforeAll, expect, it } from "vitest";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { decideInSandbox } from "../../tests/helpers/payments.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { PlacedOrder } from "../checkout/service.ts";

const ROUNDS = 20;
let shop: TestShop;
let variant: TestVariant;
beforeAll(async () => {
  shop = await createTestShop({ poolSize: 12 });
  variant = await configurableVariant(shop.database.pool, 5, 1000);
  await setFixedPrice(shop.database.pool, variant.variantId, 6000);
});
afterAll(() => shop?.close());

const settled = <T>(p: Promise<T>) =>
  p.then(
    () => "done",
    (error: { code?: string }) => error.code ?? String(error),
  );

it(`approval, cancel and shipment of one order race: one outcome, consistent stock and money (${ROUNDS} rounds)`, {
  timeout: 120_000,
}, async () => {
  const client = shopClient(shop);
  const outcomes = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    const cart = await client.readyCart([{ variant, quantity: 2 }], "card");
    const stockBefore = (await shop.database.pool.query("SELECT stock FROM variants WHERE id = $1", [variant.variantId])).rows[0]
      .stock as number;
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart });
    const number = placed.body.order.order_number;
    const paymentId = decodeURIComponent(placed.body.payment_redirect_url?.split("/")[3]?.split("?")[0] ?? "");
    // Half the rounds the approval has a head start, so both cancel and ship find a paid order to race for.
    if (round % 2 === 1) await decideInSandbox(shop.services, paymentId, true);
    const results = await Promise.all([
      settled(decideInSandbox(shop.services, paymentId, true)),
      settled(shop.services.orders.cancelByOperator(number)),
      settled(shop.services.shipments.ship(number, { carrier: "posti", tracking_number: `JJFI64${String(100000 + round)}` })),
    ]);
    await shop.services.refunder.drain();
    const { rows } = await shop.database.pool.query(
      `SELECT o.status, (SELECT stock FROM variants WHERE id = $2) AS stock,
         (SELECT count(*)::int FROM order_shipments WHERE order_id = o.id) AS shipments,
         (SELECT coalesce(sum(amount_cents), 0)::int FROM refunds WHERE order_id = o.id) AS refunded,
         (SELECT count(*)::int FROM refunds WHERE order_id = o.id) AS refunds,
         (SELECT amount_cents FROM payments WHERE order_id = o.id) AS paid,
         (SELECT array_agg(event ORDER BY id) FROM order_history WHERE order_id = o.id) AS events
       FROM orders o WHERE o.order_number = $1`,
      [number, variant.variantId],
    );
    const state = rows[0];
    outcomes.add(state.status);
    const context = JSON.stringify({ round, results, state });
    expect(["processing", "shipped", "canceled"], context).toContain(state.status);
    expect(state.events[0], context).toBe("placed");
    expect(state.events[1], context).toBe("paid");
    if (state.status === "canceled") {
      // Cancelled after it was paid: its units back, the whole payment refunded once, nothing shipped.
      expect(state.stock, context).toBe(stockBefore);
      expect([state.refunds, state.refunded, state.shipments], context).toEqual([1, state.paid, 0]);
      expect(results[2], context).toMatch(/order_not_shippable|done/);
    } else {
      expect(state.stock, context).toBe(stockBefore - 2);
      expect(state.refunds, context).toBe(0);
      expect(state.shipments, context).toBe(state.status === "shipped" ? 1 : 0);
    }
    // At most one of cancel and ship got through.
    expect(results[1] === "done" && results[2] === "done" && state.status === "canceled", context).toBe(false);
  }
  // Both ends of the race were reached.
  expect(outcomes.has("canceled") || outcomes.has("shipped")).toBe(true);
});
