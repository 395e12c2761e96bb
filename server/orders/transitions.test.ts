// The order's transition table (docs/architecture.md "The order's life"), pair by pair: every
// status × event either leads where the table says, or is refused with a coded error worded in
// both languages; and on a real order in each status, a refused event changes nothing (status,
// stock, gift card, history, mail).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorMessage } from "../../lib/errors/format.ts";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { customerOrder, loggedInCustomer } from "../../tests/helpers/customers.ts";
import { decideInSandbox } from "../../tests/helpers/payments.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { PlacedOrder } from "../checkout/service.ts";
import { isAppError } from "../errors.ts";
import { ORDER_EVENTS, ORDER_STATUSES, type OrderEvent, type OrderStatus, TRANSITIONS, nextStatus } from "./transitions.ts";

describe("the table", () => {
  it("answers every pair: the table's status, or 409 order_transition_refused in en and fi", () => {
    for (const status of ORDER_STATUSES)
      for (const event of ORDER_EVENTS) {
        const allowed = TRANSITIONS[status][event];
        if (allowed) {
          expect(nextStatus(status, event)).toBe(allowed);
          continue;
        }
        let error: unknown;
        try {
          nextStatus(status, event);
        } catch (e) {
          error = e;
        }
        expect(isAppError(error) && error.status === 409 && error.code === "order_transition_refused").toBe(true);
        const detail = { code: "order_transition_refused", params: { status, event } };
        // Every pair is worded, never the fallback of either select.
        expect(errorMessage(detail, "en")).toMatch(/^This order cannot be (paid|marked unpaid|cancelled|shipped) now: it is /);
        expect(errorMessage(detail, "en")).not.toMatch(/changed now|another state/);
        expect(errorMessage(detail, "fi")).toMatch(/^Tilausta ei voi nyt /);
        expect(errorMessage(detail, "fi")).not.toMatch(/muuttaa|toisessa tilassa/);
      }
  });

  it("lets nothing out of a cancelled order, and cancels only what has not shipped", () => {
    expect(Object.keys(TRANSITIONS.canceled)).toEqual([]);
    expect(TRANSITIONS.shipped.cancel).toBeUndefined();
    expect(TRANSITIONS.processing.cancel).toBe("canceled");
  });
});

describe("on real orders", () => {
  let shop: TestShop;
  let variant: TestVariant;
  beforeAll(async () => {
    shop = await createTestShop({ config: { OPERATOR_TOKEN: "transition-test-token-0123456789" } });
    variant = await configurableVariant(shop.database.pool, 3, 100);
    await setFixedPrice(shop.database.pool, variant.variantId, 6000);
  });
  afterAll(() => shop?.close());

  /** An order of the variant in the status. */
  async function orderIn(status: OrderStatus): Promise<number> {
    if (status === "pending_payment") {
      const client = shopClient(shop);
      const cart = await client.readyCart([{ variant, quantity: 1 }], "card");
      const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart });
      return idOf(placed.body.order.order_number);
    }
    const customer = await loggedInCustomer(shop);
    const number = await customerOrder(shop, customer, variant);
    if (status === "shipped") await shop.services.shipments.ship(number, { carrier: "posti", tracking_number: "JJFI6401234567" });
    if (status === "canceled") await shop.services.orders.cancelByOperator(number);
    return idOf(number);
  }
  const idOf = async (number: string) =>
    (await shop.database.pool.query<{ id: number }>("SELECT id FROM orders WHERE order_number = $1", [number])).rows[0]?.id as number;

  /** What a refused change must leave alone. */
  const snapshot = async (orderId: number) =>
    (
      await shop.database.pool.query(
        `SELECT o.status, (SELECT stock FROM variants WHERE id = $2) AS stock,
           (SELECT count(*)::int FROM order_history WHERE order_id = o.id) AS history,
           (SELECT count(*)::int FROM refunds WHERE order_id = o.id) AS refunds,
           (SELECT count(*)::int FROM outbox) AS mails
         FROM orders o WHERE o.id = $1`,
        [orderId, variant.variantId],
      )
    ).rows[0];

  it("refuses each change the table does not name, and changes nothing", async () => {
    for (const status of ORDER_STATUSES) {
      const orderId = await orderIn(status);
      const before = await snapshot(orderId);
      expect(before.status).toBe(status);
      for (const event of ORDER_EVENTS as readonly OrderEvent[]) {
        if (TRANSITIONS[status][event]) continue;
        const refused = await shop.services.db
          .transaction((tx) => shop.services.orders.transition(tx, orderId, event, "operator"))
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(isAppError(refused) ? [refused.status, refused.code, refused.params] : refused).toEqual([
          409,
          "order_transition_refused",
          { status, event },
        ]);
        expect(await snapshot(orderId)).toEqual(before);
      }
    }
  });

  it("writes each allowed change to the history, with who made it", async () => {
    const client = shopClient(shop);
    const cart = await client.readyCart([{ variant, quantity: 1 }], "card");
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart });
    const paymentId = decodeURIComponent(placed.body.payment_redirect_url?.split("/")[3]?.split("?")[0] ?? "");
    await decideInSandbox(shop.services, paymentId, true);
    const number = placed.body.order.order_number;
    await shop.services.shipments.ship(number, { carrier: "posti", tracking_number: "JJFI6401234599" });
    const order = await shop.services.orderDesk.one(number);
    expect(order.history.map((h) => [h.event, h.actor, h.status])).toEqual([
      ["placed", "shopper", "pending_payment"],
      ["paid", "provider", "processing"],
      ["shipped", "operator", "shipped"],
    ]);
    expect(order.history[2]?.details).toEqual({ shipment: `${number}-1` });
  });
});
