// Cancelling an order before it ships (decision 0081), as the customer and customer service see
// it: everything the order took comes back (stock, the coupon's use, the gift card's balance), a
// paid order is refunded to its payment through the provider exactly once, the shopper is
// mailed in the store's language, and the order's timeline says who did what. An order that
// shipped, is cancelled already, or is someone else's is refused and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { customerCart, customerOrder, loggedInCustomer, type TestCustomer } from "../../tests/helpers/customers.ts";
import { decideInSandbox } from "../../tests/helpers/payments.ts";
import { DEMO_ADDRESS, type Store, shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { PlacedOrder } from "../checkout/service.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import type { OrderView } from "./order-view.ts";

const TOKEN = "cancel-test-operator-token-0123456789";
const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let shop: TestShop;
let variant: TestVariant;
const pool = () => shop.database.pool;

beforeAll(async () => {
  shop = await createTestShop({ mailer, config: { OPERATOR_TOKEN: TOKEN, PUBLIC_URL_FI: "https://kauppa.example.fi" } });
  variant = await configurableVariant(pool(), 4, 50);
  await setFixedPrice(pool(), variant.variantId, 6000);
});
afterAll(() => shop?.close());

const client = () => shopClient(shop);
const stock = async () => (await pool().query("SELECT stock FROM variants WHERE id = $1", [variant.variantId])).rows[0]?.stock as number;
const balance = async (code: string) =>
  (await pool().query("SELECT balance_cents FROM gift_cards WHERE code = $1", [code])).rows[0]?.balance_cents as number;
const couponUses = async (code: string) => (await pool().query("SELECT uses FROM coupons WHERE code = $1", [code])).rows[0]?.uses as number;
const mailsTo = (email: string, subject: RegExp) => sent.filter((m) => m.to === email && subject.test(m.subject));
const first = (body: unknown) => (body as { code: string; message: string }[])[0];

const cancelOwn = (customer: TestCustomer, number: string, store: Store = "en") =>
  client().call<{ order: OrderView }>("POST", `/api/customer/orders/${number}/cancel`, { store, headers: customer.auth });
const operator = <T>(method: string, path: string, body?: unknown) =>
  client().call<T>(method, path, { body, headers: { authorization: `Bearer ${TOKEN}` } });

/** A customer's card order with a coupon and a gift card, paid in the sandbox: its number and payment id. */
async function paidCardOrder(customer: TestCustomer, coupon: string, giftCard: string, store: Store = "en") {
  const cart = await customerCart(shop, customer, variant, store);
  const steps: [string, unknown][] = [
    ["/api/checkout/shippingAddress", { address: { ...DEMO_ADDRESS, email: customer.email, firstname: customer.firstname } }],
    ["/api/checkout/shippingMethods", { method_code: "home_delivery" }],
    ["/api/checkout/billingAddress", { same_as_shipping: true }],
    ["/api/checkout/paymentMethod", { code: "card" }],
    [`/api/luhta_cart/coupon/${cart}`, { code: coupon }],
    [`/api/luhta_cart/giftCard/${cart}`, { code: giftCard }],
  ];
  for (const [path, body] of steps) {
    const reply = await client().call("POST", path, { cart, store, body, headers: customer.auth });
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
  }
  const placed = await client().call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart, store, headers: customer.auth });
  expect(placed.status).toBe(200);
  const paymentId = decodeURIComponent(placed.body.payment_redirect_url?.split("/")[3]?.split("?")[0] ?? "");
  await decideInSandbox(shop.services, paymentId, true);
  return { number: placed.body.order.order_number, paymentId, order: placed.body.order };
}

describe("a customer cancels", () => {
  it("an invoice order: stock comes back, the timeline says so, the mail says no invoice follows", async () => {
    const customer = await loggedInCustomer(shop, "fi", "Kaisa");
    const before = await stock();
    const number = await customerOrder(shop, customer, variant, "fi");
    expect(await stock()).toBe(before - 1);

    const canceled = await cancelOwn(customer, number, "fi");
    expect(canceled.status).toBe(200);
    expect(canceled.body.order).toMatchObject({ status: "canceled", can_cancel: false, refunds: [] });
    expect(canceled.body.order.history.map((h) => [h.event, h.actor])).toEqual([
      ["placed", "shopper"],
      ["canceled", "shopper"],
    ]);
    expect(await stock()).toBe(before);

    await expect.poll(() => mailsTo(customer.email, /peruttu/).length, { timeout: 10_000 }).toBe(1);
    const mail = mailsTo(customer.email, /peruttu/)[0] as MailMessage;
    expect(mail.subject).toBe(`Tilauksesi ${number} on peruttu`);
    expect(mail.text).toContain("Hei Kaisa,");
    expect(mail.text).toContain("Tästä tilauksesta ei laskuteta.");
    expect(mail.text).toContain(`https://kauppa.example.fi/account/order/${number}`);

    // Again: refused in the shopper's language, and nothing changes.
    const again = await cancelOwn(customer, number, "fi");
    expect(again.status).toBe(409);
    expect(first(again.body)).toMatchObject({
      code: "order_transition_refused",
      message: "Tilausta ei voi nyt perua: se on peruttu.",
    });
    expect(await stock()).toBe(before);
  });

  it("a paid card order: the coupon's use and the gift card come back, the payment is refunded once through the provider", async () => {
    await pool().query("INSERT INTO coupons (code, kind, value, max_uses) VALUES ('CANCEL10', 'percent', 10, 10)");
    await pool().query("INSERT INTO gift_cards (code, balance_cents) VALUES ('GIFT-CANCEL-1', 2000)");
    const customer = await loggedInCustomer(shop, "en", "Eero");
    const before = await stock();
    const { number, paymentId, order } = await paidCardOrder(customer, "CANCEL10", "GIFT-CANCEL-1");
    expect(order.totals.gift_card).toBe(20);
    expect(await couponUses("CANCEL10")).toBe(1);
    expect(await balance("GIFT-CANCEL-1")).toBe(0);
    const paid = (await pool().query("SELECT amount_cents FROM payments WHERE id = $1", [paymentId])).rows[0]?.amount_cents as number;

    const canceled = await cancelOwn(customer, number);
    expect(canceled.status).toBe(200);
    expect(await stock()).toBe(before);
    expect(await couponUses("CANCEL10")).toBe(0);
    expect(await balance("GIFT-CANCEL-1")).toBe(2000);

    // The provider is asked after the commit; its answer is recorded once, however often asked.
    await expect.poll(async () => (await shop.services.orderDesk.one(number)).refunds[0]?.status, { timeout: 10_000 }).toBe("succeeded");
    // As if the process died after the provider's answer and before its commit: the refund is asked again.
    await pool().query(
      `WITH o AS (SELECT id FROM orders WHERE order_number = $1),
            h AS (DELETE FROM order_history WHERE event = 'refunded' AND order_id = (SELECT id FROM o))
       UPDATE refunds SET status = 'pending' WHERE order_id = (SELECT id FROM o)`,
      [number],
    );
    await shop.services.refunder.drain();
    const view = await shop.services.orderDesk.one(number);
    expect(view.refunds).toMatchObject([{ amount: paid / 100, gift_card: 20, status: "succeeded" }]);
    expect(view.history.map((h) => [h.event, h.actor])).toEqual([
      ["placed", "shopper"],
      ["paid", "provider"],
      ["canceled", "shopper"],
      ["refunded", "provider"],
    ]);
    const ledger = await pool().query("SELECT amount_cents FROM sandbox_refunds WHERE provider_payment_id = $1", [`sbx_${paymentId}`]);
    expect(ledger.rows).toEqual([{ amount_cents: paid }]);
    // The sandbox's own page lists it.
    const page = await (await shop.request(`/payments/sandbox/${paymentId}`)).text();
    expect(page).toContain("Refunds");

    await expect.poll(() => mailsTo(customer.email, /has been cancelled/).length, { timeout: 10_000 }).toBe(1);
    const mail = mailsTo(customer.email, /has been cancelled/)[0] as MailMessage;
    expect(mail.text).toContain("Your order");
    expect(mail.text).toMatch(new RegExp(`Refund to your payment method: ${(paid / 100).toFixed(2).replace(".", ",")}\\s€`));
    expect(mail.text).toMatch(/Back on your gift card •••• EL-1: 20,00\s€/);
  });

  it("refuses a shipped order, someone else's order and a guest, and changes nothing", async () => {
    const customer = await loggedInCustomer(shop);
    const stranger = await loggedInCustomer(shop);
    const number = await customerOrder(shop, customer, variant);
    const before = await stock();

    const notMine = await cancelOwn(stranger, number);
    expect(notMine.status).toBe(404);
    const guest = await client().call("POST", `/api/customer/orders/${number}/cancel`);
    expect(guest.status).toBe(401);

    await shop.services.shipments.ship(number, { carrier: "posti", tracking_number: "JJFI6401230001" });
    const shipped = await cancelOwn(customer, number);
    expect(shipped.status).toBe(409);
    expect(first(shipped.body)).toMatchObject({
      code: "order_transition_refused",
      message: "This order cannot be cancelled now: it is already shipped.",
    });
    expect(await stock()).toBe(before);
    expect((await shop.services.orderDesk.one(number)).status).toBe("shipped");
  });
});

describe("customer service", () => {
  it("finds orders by email, number and status a page at a time, reads one whole, and cancels it with a note", async () => {
    const customer = await loggedInCustomer(shop);
    const numbers = [
      await customerOrder(shop, customer, variant),
      await customerOrder(shop, customer, variant),
      await customerOrder(shop, customer, variant),
    ];
    type Page = { items: { order_number: string; status: string }[]; next_cursor: string | null };
    const page1 = await operator<Page>("GET", `/api/operator/orders?email=${encodeURIComponent(customer.email.toUpperCase())}&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.items.map((o) => o.order_number)).toEqual([numbers[2], numbers[1]]);
    expect(page1.body.next_cursor).not.toBeNull();
    const page2 = await operator<Page>(
      "GET",
      `/api/operator/orders?email=${encodeURIComponent(customer.email)}&limit=2&cursor=${page1.body.next_cursor}`,
    );
    expect(page2.body).toEqual({ items: [expect.objectContaining({ order_number: numbers[0] })], next_cursor: null });
    const byNumber = await operator<Page>("GET", `/api/operator/orders?number=${numbers[1]?.toLowerCase()}`);
    expect(byNumber.body.items.map((o) => o.order_number)).toEqual([numbers[1]]);

    const canceled = await operator<{ order: { status: string; history: { event: string; actor: string; details: object }[] } }>(
      "POST",
      `/api/operator/orders/${numbers[0]}/cancel`,
      { note: "Asked by phone" },
    );
    expect(canceled.status).toBe(200);
    expect(canceled.body.order.status).toBe("canceled");
    expect(canceled.body.order.history.at(-1)).toMatchObject({ event: "canceled", actor: "operator", details: { note: "Asked by phone" } });
    const canceledOnes = await operator<Page>("GET", `/api/operator/orders?email=${encodeURIComponent(customer.email)}&status=canceled`);
    expect(canceledOnes.body.items.map((o) => o.order_number)).toEqual([numbers[0]]);
    await expect.poll(() => mailsTo(customer.email, /has been cancelled/).length, { timeout: 10_000 }).toBe(1);
    expect(mailsTo(customer.email, /has been cancelled/)[0]?.text).toContain("Our customer service has cancelled your order");
  });

  it("is refused without the token, and bad filters are 400", async () => {
    expect((await client().call("GET", "/api/operator/orders")).status).toBe(401);
    expect((await client().call("POST", "/api/operator/orders/EN0000001/cancel")).status).toBe(401);
    expect((await operator("GET", "/api/operator/orders?status=lost")).status).toBe(400);
    expect((await operator("GET", "/api/operator/orders?from=yesterday")).status).toBe(400);
    expect((await operator("GET", "/api/operator/orders?cursor=-3")).status).toBe(400);
    expect((await operator("GET", "/api/operator/orders/XX404")).status).toBe(404);
    expect((await operator("POST", "/api/operator/orders/XX404/cancel", { note: 3 })).status).toBe(400);
  });
});
