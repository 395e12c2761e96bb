// A guest's order lookup (decision 0081): the order's number, email and postcode open it, in its
// own store only; every miss is the same answer whatever was wrong; lookups are limited per client
// address; the pass opens that one order, for a while, and lets the guest cancel it before it
// ships. (The pages, with the pass in an HttpOnly cookie: server/http/order-lookup-pages.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { DEMO_ADDRESS, shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { PlacedOrder } from "../checkout/service.ts";
import type { OrderView } from "./order-view.ts";

let shop: TestShop;
let variant: TestVariant;
let clockMs = Date.now();
beforeAll(async () => {
  shop = await createTestShop({
    clock: () => clockMs,
    config: { TRUSTED_PROXY_HOPS: 1, RATE_LIMIT_ORDER_LOOKUPS_PER_ADDRESS: { max: 4, windowSeconds: 600 } },
  });
  variant = await configurableVariant(shop.database.pool, 6, 100);
  await setFixedPrice(shop.database.pool, variant.variantId, 6000);
});
afterAll(() => shop?.close());

let address = 0;
const from = () => `203.0.113.${++address}`;
const lookup = (body: unknown, client = from(), store: "en" | "fi" = "en") =>
  shopClient(shop).call<{ order: OrderView; pass: string } & { code: string; message: string }[]>("POST", "/api/order-lookup", {
    body,
    store,
    headers: { "x-forwarded-for": client },
  });

/** A guest's invoice order in the store: its number. */
async function guestOrder(store: "en" | "fi" = "en") {
  const client = shopClient(shop);
  const cart = await client.readyCart([{ variant, quantity: 1 }], "invoice", store);
  return (await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart, store })).body.order.order_number;
}

describe("the lookup", () => {
  it("opens the order with its number, email and postcode, written as a person might", async () => {
    const number = await guestOrder();
    const found = await lookup({
      order_number: ` ${number.toLowerCase()} `,
      email: DEMO_ADDRESS.email.toUpperCase(),
      postcode: ` ${DEMO_ADDRESS.postcode} `,
    });
    expect(found.status).toBe(200);
    expect(found.body.order).toMatchObject({ order_number: number, status: "processing", can_cancel: true });
    expect(found.body.pass).toMatch(/^\d+\.\d+\.[\w-]+$/);
  });

  it("answers every miss the same, whatever was wrong, and tells nothing of other stores' orders", async () => {
    const number = await guestOrder();
    const right = { order_number: number, email: DEMO_ADDRESS.email, postcode: DEMO_ADDRESS.postcode };
    const misses = [
      await lookup({ ...right, email: "someone.else@example.com" }),
      await lookup({ ...right, postcode: "99999" }),
      await lookup({ ...right, order_number: "EN9999999" }),
      await lookup(right, from(), "fi"),
    ];
    for (const miss of misses.slice(0, 3)) expect([miss.status, miss.body]).toEqual([404, misses[0]?.body]);
    expect(misses[0]?.body[0]).toMatchObject({ code: "order_lookup_failed", message: expect.stringContaining("We found no order") });
    // In the other store, the same answer as for a number that does not exist at all.
    const nowhere = await lookup({ ...right, order_number: "FI9999999" }, from(), "fi");
    expect([misses[3]?.status, misses[3]?.body]).toEqual([404, nowhere.body]);
    expect(nowhere.body[0]?.message).toContain("Näillä tiedoilla ei löytynyt tilausta");
  });

  it("counts lookups per client address, found or not", async () => {
    const client = from();
    const body = { order_number: "EN0000000", email: "x@example.com", postcode: "00100" };
    for (let i = 0; i < 4; i++) expect((await lookup(body, client)).status).toBe(404);
    const refused = await lookup(body, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await lookup(body)).status).toBe(404);
  });

  it("refuses a malformed body with the field at fault", async () => {
    const bad = await lookup({ order_number: "EN1", email: "x@example.com" });
    expect(bad.status).toBe(400);
    expect((await lookup({ order_number: "EN1", email: "x@example.com", postcode: "1", extra: 1 })).status).toBe(400);
  });
});

describe("the pass", () => {
  const cancel = (order_number: string, pass: string) =>
    shopClient(shop).call<{ order: OrderView } & { code: string }[]>("POST", "/api/order-lookup/cancel", { body: { order_number, pass } });

  it("lets the guest cancel that order, and no other; a forged or expired pass opens nothing", async () => {
    const [mine, theirs] = [await guestOrder(), await guestOrder()];
    const { pass } = (await lookup({ order_number: mine, email: DEMO_ADDRESS.email, postcode: DEMO_ADDRESS.postcode })).body;

    expect((await cancel(theirs, pass)).status).toBe(404);
    const [id, expires, mac] = pass.split(".");
    expect((await cancel(mine, `${id}.${Number(expires) + 3600}.${mac}`)).status).toBe(404);

    const canceled = await cancel(mine, pass);
    expect(canceled.status).toBe(200);
    expect(canceled.body.order.status).toBe("canceled");
    expect(canceled.body.order.history.at(-1)).toMatchObject({ event: "canceled", actor: "shopper" });
    expect((await cancel(mine, pass)).body[0]?.code).toBe("order_transition_refused");

    // An hour later the pass has expired.
    const later = await guestOrder();
    const second = (await lookup({ order_number: later, email: DEMO_ADDRESS.email, postcode: DEMO_ADDRESS.postcode })).body.pass;
    clockMs += 3601 * 1000;
    try {
      expect((await cancel(later, second)).status).toBe(404);
    } finally {
      clockMs -= 3601 * 1000;
    }
  });
});
