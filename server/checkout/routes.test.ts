// Checkout through the API (spec §4, §5, §7, §8): address, shipping, billing and payment,
// the order placed once however often it is asked for, card payments approved, declined and
// abandoned, invoice limits, business customers, and the confirmation mail in the outbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../lib/cart-types.ts";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { mailsIn } from "../../tests/helpers/mail.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { GUEST } from "../identity.ts";
import type { PlacedOrder } from "./service.ts";

let shop: TestShop;
let client: ReturnType<typeof shopClient>;
let variant: TestVariant;
beforeAll(async () => {
  shop = await createTestShop();
  client = shopClient(shop);
  variant = await configurableVariant(shop.database.pool, 0, 1000);
  // A known price, so totals can be checked to the cent: 40.00 € now.
  await setFixedPrice(shop.database.pool, variant.variantId, 4000);
});
afterAll(() => shop.close());

const first = (body: unknown) => (body as { message: string; code: string; field?: string }[])[0];
const line = (quantity: number) => [{ variant, quantity }];
const billingOf = ({ email: _email, ...address }: Record<string, string>) => address;

describe("checkout steps", () => {
  it("checks the address field by field with the spec's messages", async () => {
    const id = await client.newCart();
    await client.call("POST", "/api/cart/", {
      cart: id,
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    const cases: [Record<string, string>, string, string][] = [
      [{ ...client.address, email: "nope" }, "address.email", "Please provide a valid email address"],
      [{ ...client.address, firstname: "  " }, "address.firstname", "This field is required and cannot be empty"],
      [{ ...client.address, postcode: "123" }, "address.postcode", "Please enter a valid postcode"],
      [{ ...client.address, country_code: "US" }, "address.country_code", "We do not deliver to this country"],
      [{ ...client.address, vat_id: "FI123" }, "address.vat_id", "Enter the VAT ID as a country code and number, e.g. FI12345678"],
    ];
    for (const [address, field, message] of cases) {
      const reply = await client.call("POST", "/api/checkout/shippingAddress", { cart: id, body: { address } });
      expect(reply.status, field).toBe(400);
      expect(first(reply.body)).toMatchObject({ field, message });
    }
    const unknownKey = await client.call("POST", "/api/checkout/shippingAddress", {
      cart: id,
      body: { address: { ...client.address, grand_total: 0 } },
    });
    expect(unknownKey.status).toBe(400);
    expect((await client.call("GET", "/api/cart", { cart: id })).body.cart.shipping_addresses).toEqual([]);
  });

  it("counts a name's length as a person does: 49 letters and an emoji are 50, within the limit", async () => {
    const id = await client.newCart();
    await client.call("POST", "/api/cart/", {
      cart: id,
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    const lastname = `${"Virtanen".repeat(6)}a🌲`;
    expect(lastname.length).toBe(51);
    const saved = await client.call("POST", "/api/checkout/shippingAddress", {
      cart: id,
      body: { address: { ...client.address, lastname } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.cart.shipping_addresses[0]?.lastname).toBe(lastname);
    const over = await client.call("POST", "/api/checkout/shippingAddress", {
      cart: id,
      body: { address: { ...client.address, lastname: `${lastname}x` } },
    });
    expect(over.status).toBe(400);
    expect(first(over.body)).toMatchObject({ field: "address.lastname", message: "Insert at most 50 characters" });
  });

  it("offers shipping methods with prices, free home delivery over the threshold, and payment methods by total", async () => {
    const id = await client.readyCart(line(1), "card");
    const { cart } = (await client.call("GET", "/api/cart", { cart: id })).body;
    const byCode = Object.fromEntries(cart.available_shipping_methods.map((m) => [m.method_code, m]));
    expect(byCode.home_delivery?.amount.value).toBe(7.9);
    expect(byCode.store_pickup?.pickup_stores?.length).toBeGreaterThan(0);
    expect(cart.shipping_addresses[0]?.selected_shipping_method?.method_code).toBe("home_delivery");
    expect(cart.prices.shipping_including_tax.value).toBe(7.9);
    expect(cart.prices.grand_total.value).toBe(47.9);
    // 40 € + 7.90 € is under the 50 € invoice minimum: invoice is refused with a reason.
    expect(cart.available_payment_methods.map((m) => m.code)).toEqual(["card"]);
    const invoice = await client.call("POST", "/api/checkout/paymentMethod", { cart: id, body: { code: "invoice" } });
    expect(invoice.status).toBe(400);
    expect(first(invoice.body)).toMatchObject({
      code: "invoice_minimum",
      params: { minimum: 50 },
      field: "code",
      message: "Invoice is available for orders of at least 50,00\u00a0€",
    });
    // Two items (80 €) pass the free-shipping threshold (79 €) and the invoice minimum.
    const update = await client.call("POST", "/api/cart/update", { cart: id, body: { cart_item_id: cart.items[0]?.id, quantity: 2 } });
    expect(update.body.cart.prices.shipping_including_tax.value).toBe(0);
    expect(update.body.cart.prices.grand_total.value).toBe(80);
    expect(update.body.cart.available_payment_methods.map((m) => m.code)).toEqual(["card", "invoice"]);
  });

  it("words refusals in the fi store in Finnish: the invoice minimum with its amount, an address field", async () => {
    const id = await client.readyCart(line(1), "card", "fi");
    const invoice = await client.call("POST", "/api/checkout/paymentMethod", { cart: id, store: "fi", body: { code: "invoice" } });
    expect(invoice.status).toBe(400);
    expect(first(invoice.body)).toEqual({
      code: "invoice_minimum",
      params: { minimum: 50 },
      field: "code",
      message: "Laskulla voi maksaa tilaukset, joiden summa on vähintään 50,00\u00a0€",
    });
    const address = await client.call("POST", "/api/checkout/shippingAddress", {
      cart: id,
      store: "fi",
      body: { address: { ...client.address, postcode: "123" } },
    });
    expect(address.status).toBe(400);
    expect(first(address.body)).toMatchObject({
      code: "invalid_input",
      field: "address.postcode",
      params: { rule: "postcode" },
      message: "Anna kelvollinen postinumero",
    });
  });

  it("needs a shipping method before payment, and a pickup store for store pickup", async () => {
    const id = await client.newCart();
    await client.call("POST", "/api/cart/", {
      cart: id,
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    const early = await client.call("POST", "/api/checkout/paymentMethod", { cart: id, body: { code: "card" } });
    expect(first(early.body)?.code).toBe("shipping_missing");
    await client.call("POST", "/api/checkout/shippingAddress", { cart: id, body: { address: client.address } });
    const noStore = await client.call("POST", "/api/checkout/shippingMethods", { cart: id, body: { method_code: "store_pickup" } });
    expect(noStore.status).toBe(400);
    const place = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: id });
    expect(place.status).toBe(400);
    expect(first(place.body)?.code).toBe("shipping_method_missing");
  });

  it("checks a shipping or payment method against what the cart offers, and a refused one leaves the cart as it was", async () => {
    const id = await client.readyCart(line(1), "card");
    const cartNow = async () => (await client.call("GET", "/api/cart", { cart: id })).body.cart as Cart;
    const chosen = async () => {
      const cart = await cartNow();
      const address = cart.shipping_addresses[0];
      return [address?.selected_shipping_method?.method_code, address?.pickup_store, cart.selected_payment_method?.code];
    };
    const ship = (body: Record<string, string>) => client.call("POST", "/api/checkout/shippingMethods", { cart: id, body });
    const pay = (code: string) => client.call("POST", "/api/checkout/paymentMethod", { cart: id, body: { code } });
    const store = (await cartNow()).available_shipping_methods.find((m) => m.method_code === "store_pickup")?.pickup_stores?.[0];
    if (!store) throw new Error("no pickup store offered");

    const unknown = await ship({ method_code: "drone" });
    expect(unknown.status).toBe(400);
    expect(first(unknown.body)).toMatchObject({ code: "invalid_input", field: "method_code", params: { rule: "shippingMethod" } });
    // email delivery is only for carts of virtual gift cards
    expect(first((await ship({ method_code: "email_delivery" })).body)).toMatchObject({ params: { rule: "shippingMethod" } });
    const noSuchStore = await ship({ method_code: "store_pickup", pickup_store: "nowhere" });
    expect(first(noSuchStore.body)).toMatchObject({ code: "invalid_input", field: "pickup_store", params: { rule: "chooseOne" } });
    expect(first((await pay("invoice")).body)?.code).toBe("invoice_minimum");
    expect(first((await pay("cash")).body)?.code).toBe("payment_not_available");
    expect(await chosen()).toEqual(["home_delivery", null, "card"]);

    const pickup = await ship({ method_code: "store_pickup", pickup_store: store.code });
    expect(pickup.status).toBe(200);
    expect(pickup.body.cart.shipping_addresses[0]?.pickup_store).toBe(store.code);
    expect(await chosen()).toEqual(["store_pickup", store.code, "card"]);
    // A store named with a method that needs none is not kept.
    const home = await ship({ method_code: "home_delivery", pickup_store: store.code });
    expect(home.status).toBe(200);
    expect(await chosen()).toEqual(["home_delivery", null, "card"]);
  });

  it("prices with tax rates changed wholesale once the change is recorded", async () => {
    const id = await client.readyCart(line(1), "card");
    const vat = async () =>
      (await client.call("GET", "/api/cart", { cart: id })).body.cart.prices.applied_taxes as Cart["prices"]["applied_taxes"];
    const before = await vat();
    const { rows } = await shop.database.pool.query("SELECT rate_bp FROM tax_rates WHERE tax_class = 'standard'");
    const standard = rows[0]?.rate_bp as number;
    try {
      await shop.database.pool.query("UPDATE tax_rates SET rate_bp = $1 WHERE tax_class = 'standard'", [standard + 100]);
      await shop.services.versions.bump("config");
      const after = await vat();
      expect(after.map((t) => t.rate)).toContain((standard + 100) / 100);
      expect(after).not.toEqual(before);
    } finally {
      await shop.database.pool.query("UPDATE tax_rates SET rate_bp = $1 WHERE tax_class = 'standard'", [standard]);
      await shop.services.versions.bump("config");
    }
    expect(await vat()).toEqual(before);
  });

  it("gives a business customer with a valid VAT ID its discount", async () => {
    const id = await client.readyCart(line(2), "invoice");
    const business = await client.call("POST", "/api/checkout/billingAddress", {
      cart: id,
      body: { same_as_shipping: false, address: { ...billingOf(client.address), company: "Metsä Oy", vat_id: "FI 1234 5678" } },
    });
    expect(business.status).toBe(200);
    const cart: Cart = business.body.cart;
    expect(cart.billing_address).toMatchObject({ company: "Metsä Oy", vat_id: "FI12345678" });
    expect(cart.prices.discounts[0]).toMatchObject({ label: "Business customer 5%", amount: { value: 4 } });
    expect(cart.prices.grand_total.value).toBe(76 + 7.9); // 76 € is under the free-shipping threshold
  });
});

describe("placing the order", () => {
  it("places an invoice order once, takes the stock, closes the cart and mails a confirmation", async () => {
    const stock = async () =>
      (await shop.database.pool.query("SELECT stock FROM variants WHERE id = $1", [variant.variantId])).rows[0].stock;
    const before = await stock();
    const id = await client.readyCart(line(2), "invoice");
    await client.call("POST", `/api/luhta_cart/setOrderComment/${id}`, { body: { comment: "Ring twice" } });
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: id });
    expect(placed.status).toBe(200);
    expect(placed.body.order).toMatchObject({ status: "processing", email: client.address.email, payment_method: "invoice" });
    expect(placed.body.order.order_number).toMatch(/^EN\d{7}$/);
    expect(placed.body.order.totals).toMatchObject({ subtotal: 80, shipping: 0, grand_total: 80 });
    expect(placed.body.payment_redirect_url).toBeNull();
    expect(await stock()).toBe(before - 2);
    // Placing again answers the same order; the cart itself is closed.
    const again = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: id });
    expect(again.body.order.order_number).toBe(placed.body.order.order_number);
    expect(await stock()).toBe(before - 2);
    expect((await client.call("GET", "/api/cart", { cart: id })).status).toBe(404);
    // The confirmation is in the mail folder (sent from the outbox right after the commit), addressed to the shopper.
    const mailOf = () => mailsIn(shop.services.mailOutbox).find((m) => m.includes(placed.body.order.order_number));
    await expect.poll(mailOf, { timeout: 10_000 }).toBeDefined();
    const mail = mailOf();
    expect(mail).toContain(`To: ${client.address.email}`);
    expect(mail).toContain("Subject: Order confirmation");
  });

  it("numbers orders per store", async () => {
    const fiCart = await client.readyCart(line(2), "invoice", "fi");
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: fiCart, store: "fi" });
    expect(placed.body.order.order_number).toMatch(/^FI\d{7}$/);
  });

  it("answers 422 when an Idempotency-Key comes back with a different body, and never shows another cart's order", async () => {
    const id = await client.readyCart(line(1), "card");
    const key = "key-123";
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: id, headers: { "Idempotency-Key": key } });
    expect(placed.status).toBe(200);
    const same = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: id, headers: { "Idempotency-Key": key } });
    expect(same.body.order.order_number).toBe(placed.body.order.order_number);
    const empty = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", {
      cart: id,
      headers: { "Idempotency-Key": key },
      body: {},
    });
    expect(empty.body.order.order_number).toBe(placed.body.order.order_number); // {} is the same request as no body
    const changed = await client.call("POST", "/api/checkout/placeOrder", {
      cart: id,
      headers: { "Idempotency-Key": key },
      body: { payment_method: "invoice" },
    });
    expect(changed.status).toBe(422);
    expect(first(changed.body)?.code).toBe("idempotency_mismatch");
    // The same key from another shopper's cart is their own request: it never finds this order.
    const theirs = await client.readyCart(line(1), "card");
    const theirOrder = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", {
      cart: theirs,
      headers: { "Idempotency-Key": key },
    });
    expect(theirOrder.body.order.order_number).not.toBe(placed.body.order.order_number);
  });

  it("refuses tampering: prices in the body, and someone else's cart id", async () => {
    const tampered = await client.call("POST", "/api/checkout/placeOrder", {
      cart: await client.readyCart(line(1), "card"),
      body: { grand_total: 0 },
    });
    expect(tampered.status).toBe(400);
    const guessed = await client.call("POST", "/api/checkout/placeOrder", { cart: "B".repeat(43) });
    expect(guessed.status).toBe(404);
  });
});

describe("card payments through the sandbox provider", () => {
  const paymentStatus = async (paymentId: string) =>
    (await shop.database.pool.query("SELECT status FROM payments WHERE id = $1", [paymentId])).rows[0]?.status;
  async function cardOrder(store: "en" | "fi" = "en") {
    const id = await client.readyCart(line(1), "card", store);
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: id, store });
    const url = placed.body.payment_redirect_url ?? "";
    expect(url).toMatch(/^\/payments\/sandbox\/[A-Za-z0-9_-]+\?return=/);
    const paymentId = decodeURIComponent(url.split("/")[3]?.split("?")[0] ?? "");
    return { id, placed: placed.body, paymentId, url };
  }
  const decide = (url: string, decision: string) =>
    shop.request(url.split("?")[0] ?? "", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ decision, return: "/checkout" }).toString(),
    });

  it("shows the hosted page, and an approved payment completes the order", async () => {
    const { placed, paymentId, url } = await cardOrder();
    expect(placed.order.status).toBe("pending_payment");
    const hosted = await shop.request(url);
    expect(hosted.status).toBe(200);
    expect(await hosted.text()).toContain("Approve payment");
    expect((await decide(url, "approve")).status).toBe(303);
    const store = await shop.services.catalog.store("en");
    if (!store) throw new Error("no store");
    const outcome = await shop.services.checkout.completePayment(store, paymentId);
    expect(outcome.paid).toBe(true);
    if (outcome.paid) expect(outcome.order.status).toBe("processing");
  });

  it("a declined payment cancels the order and gives back the cart, the stock and the gift card", async () => {
    const stock = async () =>
      (await shop.database.pool.query("SELECT stock FROM variants WHERE id = $1", [variant.variantId])).rows[0].stock;
    const balance = async () =>
      (await shop.database.pool.query("SELECT balance_cents FROM gift_cards WHERE code = 'GIFT-0050-DEMO'")).rows[0].balance_cents;
    const before = { stock: await stock(), balance: await balance() };
    const id = await client.readyCart(line(2), "card");
    await client.call("POST", `/api/luhta_cart/giftCard/${id}`, { body: { code: "GIFT-0050-DEMO" } });
    await client.call("POST", "/api/checkout/paymentMethod", { cart: id, body: { code: "card" } });
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: id });
    expect(placed.body.order.totals.gift_card).toBe(50);
    expect(await balance()).toBe(before.balance - 5000);
    expect(await stock()).toBe(before.stock - 2);
    const url = placed.body.payment_redirect_url ?? "";
    await decide(url, "decline");
    const store = await shop.services.catalog.store("en");
    if (!store) throw new Error("no store");
    const outcome = await shop.services.checkout.completePayment(store, decodeURIComponent(url.split("/")[3]?.split("?")[0] ?? ""));
    expect(outcome).toEqual({ paid: false, code: "payment_failed" });
    expect(await stock()).toBe(before.stock);
    expect(await balance()).toBe(before.balance);
    const cart = await client.call("GET", "/api/cart", { cart: id });
    expect(cart.status).toBe(200);
    expect(cart.body.cart.total_quantity).toBe(2);
    // And the retry places a new order.
    const retry = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart: id });
    expect(retry.body.order.order_number).not.toBe(placed.body.order.order_number);
  });

  it("an abandoned payment gives the cart back when the shopper returns to checkout", async () => {
    const { id, paymentId } = await cardOrder();
    const store = await shop.services.catalog.store("en");
    if (!store) throw new Error("no store");
    expect(await shop.services.checkout.reopenAbandoned(store, id, GUEST)).toBe(true);
    expect((await client.call("GET", "/api/cart", { cart: id })).body.cart.total_quantity).toBe(1);
    expect(await paymentStatus(paymentId)).toBe("canceled");
  });

  it("leaving the provider's page without deciding is a cancel, not a failure", async () => {
    const { id, paymentId, url } = await cardOrder();
    const store = await shop.services.catalog.store("en");
    if (!store) throw new Error("no store");
    expect(await shop.services.checkout.completePayment(store, paymentId)).toEqual({ paid: false, code: "payment_canceled" });
    expect(await paymentStatus(paymentId)).toBe("canceled");
    expect((await client.call("GET", "/api/cart", { cart: id })).body.cart.total_quantity).toBe(1);
    // Coming back to the same address again says the same, and the provider's page too.
    expect(await shop.services.checkout.completePayment(store, paymentId)).toEqual({ paid: false, code: "payment_canceled" });
    const hosted = await (await shop.request(url)).text();
    expect(hosted).toContain("This payment has been cancelled.");
    expect(hosted).not.toContain("Approve payment");
  });

  it("the provider's page speaks the order's store language and links the shop's icon", async () => {
    const { url } = await cardOrder("fi");
    const hosted = await shop.request(url);
    expect(hosted.status).toBe(200);
    const html = await hosted.text();
    expect(html).toContain('<html lang="fi">');
    expect(html).toContain("<title>Testimaksu</title>");
    for (const label of ["Hyväksy maksu", "Hylkää maksu", "Peruuta ja palaa kauppaan"]) expect(html).toContain(label);
    expect(html).toMatch(/\d,\d\d\u00a0€/);
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    const english = await (await shop.request((await cardOrder("en")).url)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("Approve payment");
    const unknown = await shop.request("/payments/sandbox/nope", { store: "fi" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("<h1>Maksua ei löytynyt</h1>");
  });
});
