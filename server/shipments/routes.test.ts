// The operator API for shipments (decision 0020) as the warehouse and the shopper see it: only
// the configured token gets in, a parcel makes the order shipped and mails the tracking link in
// the order's language, a report sent again is the same shipment, and an order that cannot ship
// or does not exist is refused without writing anything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { customerOrder, loggedInCustomer } from "../../tests/helpers/customers.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

const TOKEN = "test-operator-token-0123456789abcdef";
const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let shop: TestShop;
let unconfigured: TestShop;
let variant: TestVariant;

beforeAll(async () => {
  shop = await createTestShop({ mailer, config: { OPERATOR_TOKEN: TOKEN, PUBLIC_URL_FI: "https://kauppa.example.fi" } });
  unconfigured = await createTestShop();
  variant = await configurableVariant(shop.database.pool, 5, 100);
  await setFixedPrice(shop.database.pool, variant.variantId, 6000);
});
afterAll(async () => {
  await shop?.close();
  await unconfigured?.close();
});

const report = (target: TestShop, number: string, body: unknown, token: string | null = TOKEN) =>
  shopClient(target).call<{ shipment: Record<string, string> } & { code: string; message: string }[]>(
    "POST",
    `/api/operator/orders/${number}/shipments`,
    { body, headers: token ? { authorization: `Bearer ${token}` } : {} },
  );

/** The shipment notices mailed to an address (not its order confirmation). */
const notices = (email: string) => sent.filter((m) => m.to === email && /on matkalla|is on its way/.test(m.subject));

const status = async (number: string) =>
  (await shop.database.pool.query("SELECT status FROM orders WHERE order_number = $1", [number])).rows[0]?.status;

describe("the operator API", () => {
  it("records a parcel: the order is shipped and the shopper is mailed the tracking link in their language", async () => {
    const customer = await loggedInCustomer(shop, "fi", "Veikko");
    const number = await customerOrder(shop, customer, variant, "fi");
    expect(await status(number)).toBe("processing");

    const first = await report(shop, number, { carrier: "posti", tracking_number: "jjfi 6401 2345 6789" });
    expect(first.status).toBe(201);
    expect(first.body.shipment).toMatchObject({
      order_number: number,
      shipment_number: `${number}-1`,
      carrier: "posti",
      tracking_number: "JJFI640123456789",
    });
    expect(await status(number)).toBe("shipped");

    await expect.poll(() => notices(customer.email).length, { timeout: 10_000 }).toBe(1);
    const mail = notices(customer.email)[0] as MailMessage;
    expect(mail.subject).toBe(`Tilauksesi ${number} on matkalla`);
    expect(mail.text).toContain("Hei Veikko,");
    expect(mail.text).toContain("https://www.posti.fi/fi/seuranta#/lahetys/JJFI640123456789");
    expect(mail.text).toContain(`https://kauppa.example.fi/account/order/${number}`);
    expect(mail.html).toContain('href="https://www.posti.fi/fi/seuranta#/lahetys/JJFI640123456789"');

    // A second parcel with the other carrier: the next shipment number.
    const second = await report(shop, number, { carrier: "matkahuolto", tracking_number: "MH123456789" });
    expect(second.status).toBe(201);
    expect(second.body.shipment.shipment_number).toBe(`${number}-2`);
  });

  it("answers the same report again with the shipment it has, and sends no second mail", async () => {
    const customer = await loggedInCustomer(shop);
    const number = await customerOrder(shop, customer, variant);
    const body = { carrier: "matkahuolto", tracking_number: "MH 9876 5432 10", shipped_at: "2026-01-05T08:30:00.000Z" };
    const [a, b] = await Promise.all([report(shop, number, body), report(shop, number, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.shipment).toEqual(b.body.shipment);
    expect(a.body.shipment.shipped_at).toBe("2026-01-05T08:30:00.000Z");
    await expect.poll(() => notices(customer.email).length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(notices(customer.email)).toHaveLength(1);
    expect(notices(customer.email)[0]?.subject).toBe(`Your order ${number} is on its way`);
    expect(notices(customer.email)[0]?.text).toContain("https://www.matkahuolto.fi/en/seuranta?parcelNumber=MH9876543210");
  });

  it("lets nobody in without the token, and does not exist when no token is configured", async () => {
    const customer = await loggedInCustomer(shop);
    const number = await customerOrder(shop, customer, variant);
    const body = { carrier: "posti", tracking_number: "JJFI640000000001" };

    const none = await report(shop, number, body, null);
    expect(none.status).toBe(401);
    expect(none.body[0]?.code).toBe("operator_unauthorized");
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await report(shop, number, body, `${TOKEN}x`)).status).toBe(401);
    // A customer's own session is no operator token.
    expect((await report(shop, number, body, customer.token)).status).toBe(401);
    expect(await status(number)).toBe("processing");

    const hidden = await report(unconfigured, number, body, TOKEN);
    expect(hidden.status).toBe(404);
    expect(hidden.body[0]?.code).toBe("not_found");
    expect((await report(unconfigured, number, body, "")).status).toBe(404);
  });

  it("refuses an unknown order, an order that cannot ship and a bad report, writing nothing", async () => {
    const unknown = await report(shop, "EN9999999", { carrier: "posti", tracking_number: "JJFI640000000002" });
    expect(unknown.status).toBe(404);

    const customer = await loggedInCustomer(shop);
    const number = await customerOrder(shop, customer, variant);
    await shop.database.pool.query("UPDATE orders SET status = 'canceled' WHERE order_number = $1", [number]);
    const canceled = await report(shop, number, { carrier: "posti", tracking_number: "JJFI640000000003" });
    expect(canceled.status).toBe(409);
    expect(canceled.body[0]).toMatchObject({
      code: "order_not_shippable",
      message: "This order cannot be shipped: its status is canceled",
    });

    const badNumber = await report(shop, number, { carrier: "posti", tracking_number: "12<3>" });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body[0]).toMatchObject({ field: "tracking_number", message: "A tracking number has 6 to 35 letters and digits" });
    expect((await report(shop, number, { carrier: "dhl", tracking_number: "JJFI640000000004" })).status).toBe(400);
    expect((await report(shop, number, { carrier: "posti", tracking_number: "JJFI640000000005", price: 0 })).status).toBe(400);
    const future = await report(shop, number, {
      carrier: "posti",
      tracking_number: "JJFI640000000006",
      shipped_at: "2999-01-01T00:00:00Z",
    });
    expect(future.status).toBe(400);
    const { rows } = await shop.database.pool.query(
      "SELECT count(*)::int AS n FROM order_shipments s JOIN orders o ON o.id = s.order_id WHERE o.order_number = $1",
      [number],
    );
    expect(rows[0].n).toBe(0);
  });
});
