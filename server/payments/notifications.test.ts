// Payment providers' notifications (decision 0037, docs/payments.md): the only way a payment
// is decided. A notification must carry the provider's signature over its exact body, signed
// within the window, for the order's amount and currency; it is applied once per provider
// payment id, and the order follows at once. Anything else is refused and the order stays
// unpaid: the shopper's return to the shop then counts as a cancel. Without a card provider, card payment is not offered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { PlacedOrder } from "../checkout/service.ts";
import { SANDBOX_SIGNATURE_HEADER } from "./sandbox.ts";
import { signBody } from "./signature.ts";

const SECRET = "sandbox-test-secret-0123456789abcdefghij";
const PATH = "/api/payments/sandbox/notifications";

let shop: TestShop;
let client: ReturnType<typeof shopClient>;
let variant: TestVariant;
beforeAll(async () => {
  shop = await createTestShop({ config: { PAYMENTS_SANDBOX_SECRET: SECRET } });
  client = shopClient(shop);
  variant = await configurableVariant(shop.database.pool, 0, 1000);
  // 40.00 € a unit: the notification's amount is checked to the cent.
  await setFixedPrice(shop.database.pool, variant.variantId, 4000);
});
afterAll(() => shop.close());

const first = (body: unknown) => (body as { message: string; code: string }[])[0];

async function cardOrder() {
  const id = await client.readyCart([{ variant, quantity: 1 }], "card");
  const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: id });
  const paymentId = decodeURIComponent(placed.body.payment_redirect_url?.split("/")[3]?.split("?")[0] ?? "");
  expect(paymentId).not.toBe("");
  return { paymentId, orderNumber: placed.body.order.order_number };
}

const body = (paymentId: string, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `sbx_${paymentId}`,
    reference: paymentId,
    amount: { value: 4790, currency: "EUR" },
    outcome: "approved",
    ...overrides,
  });

const send = (text: string, signature?: string) =>
  shop.request(PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(signature === undefined ? {} : { [SANDBOX_SIGNATURE_HEADER]: signature }) },
    body: text,
  });

async function state(paymentId: string) {
  const { rows } = await shop.database.pool.query<{ payment: string; order: string; confirmations: number }>(
    `SELECT p.status AS payment, o.status AS order,
       (SELECT count(*)::int FROM outbox WHERE kind = 'order_confirmation' AND (payload->>'orderId')::int = o.id) AS confirmations
     FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = $1`,
    [paymentId],
  );
  return rows[0];
}

/** The shopper comes back from the provider: only a decided payment pays. */
async function returnFromProvider(paymentId: string) {
  const store = await shop.services.catalog.store("en");
  if (!store) throw new Error("no store");
  return shop.services.checkout.completePayment(store, paymentId);
}

async function expectUnpaid(paymentId: string) {
  expect(await state(paymentId)).toEqual({ payment: "pending", order: "pending_payment", confirmations: 0 });
  expect(await returnFromProvider(paymentId)).toEqual({ paid: false, code: "payment_canceled" });
  expect((await state(paymentId))?.order).toBe("canceled");
}

describe("a provider's notification", () => {
  it("pays the order once, however often it arrives", async () => {
    const { paymentId } = await cardOrder();
    const text = body(paymentId);
    const signature = signBody(SECRET, text, Date.now());
    const applied = await send(text, signature);
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ status: "approved", applied: true });
    // Paid now, whether or not the shopper comes back.
    expect(await state(paymentId)).toEqual({ payment: "approved", order: "processing", confirmations: 1 });
    // The provider retries (it did not see the answer): nothing more happens.
    const again = await send(text, signature);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "approved", applied: false });
    // A later notification for the same provider payment cannot turn it round.
    const declined = body(paymentId, { outcome: "declined" });
    expect(await (await send(declined, signBody(SECRET, declined, Date.now()))).json()).toEqual({ status: "approved", applied: false });

    expect((await returnFromProvider(paymentId)).paid).toBe(true);
    expect((await returnFromProvider(paymentId)).paid).toBe(true);
    expect(await state(paymentId)).toEqual({ payment: "approved", order: "processing", confirmations: 1 });
  });

  it("is refused without a signature, with a forged one, or with one over another body, and the order stays unpaid", async () => {
    const { paymentId } = await cardOrder();
    const text = body(paymentId);
    const declined = body(paymentId, { outcome: "declined" });
    const cases: [string, string | undefined][] = [
      ["unsigned", undefined],
      ["empty", ""],
      ["another key", signBody("another-key-0123456789abcdefghijklmnopq", text, Date.now())],
      ["another body", signBody(SECRET, declined, Date.now())],
      ["not hex", `t=${Math.floor(Date.now() / 1000)},v1=${"z".repeat(64)}`],
    ];
    for (const [name, signature] of cases) {
      const reply = await send(text, signature);
      expect(reply.status, name).toBe(401);
      expect(first(await reply.json()), name).toMatchObject({
        code: "payment_notification_unverified",
        message: "The payment notification could not be verified: its signature is missing, wrong or too old",
      });
    }
    await expectUnpaid(paymentId);
  });

  it("is refused for another amount or currency than the order's, and the order stays unpaid", async () => {
    const { paymentId } = await cardOrder();
    for (const amount of [
      { value: 1, currency: "EUR" },
      { value: 4789, currency: "EUR" },
      { value: 4790, currency: "SEK" },
    ]) {
      const text = body(paymentId, { amount });
      const reply = await send(text, signBody(SECRET, text, Date.now()));
      expect(reply.status, JSON.stringify(amount)).toBe(409);
      expect(first(await reply.json())?.code).toBe("payment_mismatch");
    }
    await expectUnpaid(paymentId);
  });

  it("is refused when replayed after the window, and the order stays unpaid", async () => {
    const { paymentId } = await cardOrder();
    const text = body(paymentId);
    // Captured ten minutes ago (or dated ten minutes ahead): the window is five minutes.
    for (const at of [Date.now() - 10 * 60_000, Date.now() + 10 * 60_000]) {
      const reply = await send(text, signBody(SECRET, text, at));
      expect(reply.status).toBe(401);
    }
    await expectUnpaid(paymentId);
  });

  it("of one payment cannot decide another, and a provider that is not on does not exist", async () => {
    const one = await cardOrder();
    const other = await cardOrder();
    // A signed notification naming the first payment's provider id for the second payment.
    const text = body(other.paymentId, { id: `sbx_${one.paymentId}` });
    const own = body(one.paymentId);
    expect((await send(own, signBody(SECRET, own, Date.now()))).status).toBe(200);
    const reply = await send(text, signBody(SECRET, text, Date.now()));
    expect(reply.status).toBe(409);
    expect((await state(other.paymentId))?.payment).toBe("pending");

    const json = { "Content-Type": "application/json" };
    const unknown = await shop.request("/api/payments/acme/notifications", { method: "POST", headers: json, body: "{}" });
    expect(unknown.status).toBe(404);
    // A NUL is refused at the edge, before any provider is looked up (decision 0033).
    const nul = await shop.request("/api/payments/%00/notifications", { method: "POST", headers: json, body: "{}" });
    expect(nul.status).toBe(400);
    expect((await nul.json())[0].code).toBe("invalid_characters");
  });

  it("declining cancels the order at once, and the shopper's return says the payment failed", async () => {
    const { paymentId } = await cardOrder();
    const text = body(paymentId, { outcome: "declined" });
    expect(await (await send(text, signBody(SECRET, text, Date.now()))).json()).toEqual({ status: "declined", applied: true });
    expect(await state(paymentId)).toEqual({ payment: "declined", order: "canceled", confirmations: 0 });
    expect(await returnFromProvider(paymentId)).toEqual({ paid: false, code: "payment_failed" });
  });

  it("is what the sandbox's page sends: its approval pays through the same check", async () => {
    const { paymentId } = await cardOrder();
    const approve = await shop.request(`/payments/sandbox/${encodeURIComponent(paymentId)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ decision: "approve", return: "/checkout" }).toString(),
    });
    expect(approve.status).toBe(303);
    const { rows } = await shop.database.pool.query("SELECT status, provider_payment_id FROM payments WHERE id = $1", [paymentId]);
    expect(rows[0]).toEqual({ status: "approved", provider_payment_id: `sbx_${paymentId}` });
  });
});

describe("a shop without a card provider", () => {
  let bare: TestShop;
  beforeAll(async () => {
    bare = await createTestShop({ config: { PAYMENT_PROVIDERS: [] } });
  });
  afterAll(() => bare.close());

  it("offers no card payment (invoice still), has no sandbox page and takes no sandbox notification", async () => {
    const own = await configurableVariant(bare.database.pool, 0, 1000);
    await setFixedPrice(bare.database.pool, own.variantId, 4000);
    const bareClient = shopClient(bare);
    const id = await bareClient.readyCart([{ variant: own, quantity: 2 }], "invoice");
    const { cart } = (await bareClient.call("GET", "/api/cart", { cart: id })).body;
    expect(cart.available_payment_methods.map((m: { code: string }) => m.code)).toEqual(["invoice"]);
    const card = await bareClient.call("POST", "/api/checkout/paymentMethod", { cart: id, body: { code: "card" } });
    expect(card.status).toBe(400);
    const placed = await bareClient.call<PlacedOrder>("POST", "/api/checkout/placeOrder", {
      cart: id,
      body: { payment_method: "invoice" },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.order.status).toBe("processing");
    expect(placed.body.payment_redirect_url).toBeNull();

    const json = { "Content-Type": "application/json" };
    expect((await bare.request("/api/payments/sandbox/notifications", { method: "POST", headers: json, body: "{}" })).status).toBe(404);
    expect((await bare.request("/payments/sandbox/anything")).status).toBe(404);
  });
});
