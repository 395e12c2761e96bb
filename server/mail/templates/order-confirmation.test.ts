// The order confirmation is the shopper's receipt (decision 0009): an order with a coupon, a
// gift card, products at two VAT rates, shipping and invoice payment, mailed in each store's
// language as HTML and text. The snapshots are files a person can open; the text part is read
// back as a shopper would check it: the lines make the products, and products − discount +
// shipping − gift card make the total.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../../tests/helpers/catalog-rows.ts";
import { mailsIn } from "../../../tests/helpers/mail.ts";
import { DEMO_ADDRESS, type Store, shopClient } from "../../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../../tests/helpers/test-app.ts";
import type { PlacedOrder } from "../../checkout/service.ts";
import { createMailer, type MailMessage } from "../mailer.ts";
import { renderOrderConfirmation } from "./order-confirmation.ts";

let shop: TestShop;
let client: ReturnType<typeof shopClient>;
let jacket: TestVariant;
let book: TestVariant;
beforeAll(async () => {
  shop = await createTestShop();
  client = shopClient(shop);
  const db = shop.database.pool;
  jacket = await configurableVariant(db, 7, 100);
  book = await configurableVariant(db, 8, 100);
  await setFixedPrice(db, jacket.variantId, 3990);
  await setFixedPrice(db, book.variantId, 2990);
  // A second VAT rate (the demo data has one for goods): this test's own 14 % class.
  await db.query("INSERT INTO tax_rates (tax_class, rate_bp) VALUES ('reduced_test', 1400)");
  await db.query("UPDATE products SET tax_class = 'reduced_test' WHERE sku = $1", [book.productSku]);
  await db.query("INSERT INTO coupons (code, kind, value) VALUES ('MAIL10', 'percent', 10)");
  await db.query("INSERT INTO gift_cards (code, balance_cents) VALUES ('GIFT-MAIL-EN15', 1500), ('GIFT-MAIL-FI15', 1500)");
});
afterAll(() => shop.close());

/** The order as each store's shopper places it; the fi shopper bills a company with a VAT ID. */
async function placeOrder(store: Store): Promise<PlacedOrder["order"]> {
  const call = async (method: string, route: string, cart: string, body?: unknown) => {
    const reply = await client.call(method, route, { cart, store, body });
    if (reply.status !== 200) throw new Error(`${route}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const cart = await client.newCart(store);
  for (const v of [jacket, book])
    await call("POST", "/api/cart/", cart, { product: { sku: v.productSku, quantity: 1, selected_options: [v.colorUid, v.sizeUid] } });
  await call("POST", `/api/luhta_cart/coupon/${cart}`, cart, { code: "MAIL10" });
  await call("POST", `/api/luhta_cart/giftCard/${cart}`, cart, { code: `GIFT-MAIL-${store.toUpperCase()}15` });
  await call("POST", "/api/checkout/shippingAddress", cart, { address: DEMO_ADDRESS });
  await call("POST", "/api/checkout/shippingMethods", cart, { method_code: "home_delivery" });
  const { email: _email, ...address } = DEMO_ADDRESS;
  await call(
    "POST",
    "/api/checkout/billingAddress",
    cart,
    store === "fi"
      ? { same_as_shipping: false, address: { ...address, company: "Metsäpolku Oy", vat_id: "FI12345678", street: "Hämeenkatu 5" } }
      : { same_as_shipping: true },
  );
  await call("POST", "/api/checkout/paymentMethod", cart, { code: "invoice" });
  const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart, store, body: {} });
  expect(placed.status).toBe(200);
  return placed.body.order;
}

/** The mail of an order as the outbox renders it, with the order's date fixed so the snapshot keeps. */
async function mailOf(orderNumber: string): Promise<MailMessage> {
  const { rows } = await shop.database.pool.query<{ id: number }>(
    "UPDATE orders SET created_at = '2026-03-14T22:30:00Z' WHERE order_number = $1 RETURNING id",
    [orderNumber],
  );
  const mail = await shop.services.checkout.confirmationMail({ orderId: rows[0]?.id }, shop.database.db);
  if (!mail) throw new Error("no mail");
  return mail;
}

const orders: Partial<Record<Store, { order: PlacedOrder["order"]; mail: MailMessage }>> = {};
async function orderAndMail(store: Store) {
  const found = orders[store];
  if (found) return found;
  const order = await placeOrder(store);
  const made = { order, mail: await mailOf(order.order_number) };
  orders[store] = made;
  return made;
}

/** "1 234,56 €" → 123456 cents; "−6,98 €" → −698. */
const cents = (text: string) => {
  const match = /(−?)([\d\u00a0]+),(\d\d)\u00a0€/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const value = Number(match[2]?.replace(/\u00a0/g, "")) * 100 + Number(match[3]);
  return match[1] ? -value : value;
};

/** The amount at the end of the text line that starts with the label. */
function amountOf(text: string, label: string | RegExp): number {
  const line = text.split("\n").find((l) => (typeof label === "string" ? l.startsWith(label) : label.test(l)));
  if (!line) throw new Error(`no line "${label}" in\n${text}`);
  return cents(line);
}

describe("the order confirmation mail", () => {
  it.each(["en", "fi"] as const)("%s: the whole receipt, as HTML and as text (snapshots)", async (store) => {
    const { order, mail } = await orderAndMail(store);
    expect(mail.to).toBe(DEMO_ADDRESS.email);
    expect(mail.subject).toBe(store === "en" ? `Order confirmation ${order.order_number}` : `Tilausvahvistus ${order.order_number}`);
    await expect(mail.text).toMatchFileSnapshot(`__snapshots__/order-confirmation.${store}.txt`);
    await expect(mail.html).toMatchFileSnapshot(`__snapshots__/order-confirmation.${store}.html`);
  });

  it("en: the text part's numbers explain the products, the discount, shipping, the gift card and VAT", async () => {
    const { order, mail } = await orderAndMail("en");
    const text = mail.text;
    // Every line: quantity × unit price = row, and the rows make the products' sum.
    const rows = [...text.matchAll(/^ {2}(\d+) × (\S+\u00a0€) +(\S+\u00a0€)$/gm)];
    expect(rows).toHaveLength(2);
    for (const [, quantity, unit, row] of rows) expect(Number(quantity) * cents(unit ?? "")).toBe(cents(row ?? ""));
    const subtotal = amountOf(text, "Products");
    expect(rows.reduce((sum, [, , , row]) => sum + cents(row ?? ""), 0)).toBe(subtotal);

    const discount = amountOf(text, "Discount (code MAIL10)");
    const shipping = amountOf(text, "Shipping: Home delivery");
    const giftCard = amountOf(text, "Gift card •••• EN15");
    const total = amountOf(text, /^Total /);
    expect([subtotal, discount, shipping, giftCard, total]).toEqual([6980, -698, 790, -1500, 5572]);
    expect(subtotal + discount + shipping + giftCard).toBe(total);
    // The mail says what the order charged.
    expect(total).toBe(Math.round(order.totals.grand_total * 100));

    // VAT per rate adds up to the VAT in total, which is what the order holds.
    const vat255 = amountOf(text, "Including VAT 25.5 %");
    const vat14 = amountOf(text, "Including VAT 14 %");
    expect(vat255 + vat14).toBe(amountOf(text, "VAT in total"));
    expect(vat255 + vat14).toBe(Math.round(order.totals.total_tax * 100));

    // The invoice: what to pay, by when, with which reference.
    expect(amountOf(text, "Amount due")).toBe(total);
    // 22:30 UTC on 14 March is past midnight in Finland: the order is of the 15th.
    expect(text).toContain("Order date: 15.3.2026");
    expect(text).toContain("Due date: 29.3.2026");
    expect(text).toMatch(/^Reference: RF\d\d EN00 0000 \d$/m);
  });

  it("fi: Finnish words, decimal commas, the business discount and country names", async () => {
    const { mail } = await orderAndMail("fi");
    expect(mail.text).toContain("Kiitos tilauksestasi!");
    expect(mail.text).toMatch(/^Sisältää ALV 25,5 % +\S+\u00a0€$/m);
    expect(mail.text).toMatch(/^Sisältää ALV 14 % +\S+\u00a0€$/m);
    expect(mail.text).toContain("Alennus (koodi MAIL10, yritysasiakas 5 %)");
    expect(mail.text).toContain("ALV-tunniste FI12345678");
    // 69,80 − 10 % − 5 % of the rest + 7,90 − 15,00.
    expect(amountOf(mail.text, /^Yhteensä /)).toBe(6980 - 698 - 314 + 790 - 1500);
    expect(mail.text).toContain("  Suomi\n");
    expect(mail.text).not.toMatch(/^ {2}FI$/m);
    expect(mail.html).toContain('<html lang="fi">');
  });

  it("the country is named in the store's language, and nothing a shopper typed reaches the HTML unescaped", async () => {
    const { order, mail } = await orderAndMail("en");
    expect(mail.text).toContain("  Finland\n");
    const store = await shop.services.catalog.store("en");
    if (!store) throw new Error("no store");
    const typed = { ...order, shipping_address: { ...order.shipping_address, street: '<b>Rue & "Co"</b>' } };
    const again = renderOrderConfirmation({ store, view: typed, shopUrl: "http://localhost" });
    expect(again.html).not.toContain("<b>Rue");
    expect(again.html).toContain("&#60;b&#62;Rue &#38; &#34;Co&#34;&#60;/b&#62;");
    expect(again.text).toContain('<b>Rue & "Co"</b>');
  });

  it("goes out as one multipart/alternative message: the text part, then the HTML part", async () => {
    const { mail } = await orderAndMail("fi");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-mailpart-"));
    try {
      await createMailer({ outbox: dir }).send(mail);
      const [eml] = mailsIn(dir);
      expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
      const text = eml?.indexOf("Content-Type: text/plain; charset=utf-8") ?? -1;
      const html = eml?.indexOf("Content-Type: text/html; charset=utf-8") ?? -1;
      expect(text).toBeGreaterThan(0);
      expect(html).toBeGreaterThan(text);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
