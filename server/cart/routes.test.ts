// The cart API as a client sees it (spec §7, §8): guest carts by cookie or `cart` header,
// adding configured products and gift cards, quantities within stock, codes, extras, and
// every kind of bad input answered with a 4xx that leaves the cart as it was.
import type { ProductDetails } from "../../lib/catalog-types.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../lib/cart-types.ts";
import { configurableVariant, giftCardProduct, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
let variant: TestVariant;
beforeAll(async () => {
  shop = await createTestShop();
  variant = await configurableVariant(shop.database.pool, 0, 5);
});
afterAll(() => shop.close());

let call: ReturnType<typeof shopClient>["call"];
let newCart: ReturnType<typeof shopClient>["newCart"];
beforeAll(() => {
  ({ call, newCart } = shopClient(shop));
});

const configured = (quantity = 1, v: TestVariant = variant) => ({
  sku: v.productSku,
  quantity,
  selected_options: [v.colorUid, v.sizeUid],
});

const firstMessage = (body: unknown) => (body as { message: string; code: string; field?: string }[])[0];

describe("guest carts", () => {
  it("creates an unguessable cart id and gives the browser cookies for it as long as its store keeps the cart (spec §9: 7 days, 30 days)", async () => {
    for (const [store, seconds] of [
      ["en", 604_800],
      ["fi", 2_592_000],
    ] as const) {
      const made = await call<{ cart_id: string }>("POST", "/api/cart/createEmptyCart", { store });
      expect(made.headers.getSetCookie().find((c) => c.startsWith("cart_id="))).toMatch(new RegExp(`Max-Age=${seconds};`));
      const { rows } = await shop.database.pool.query<{ left: number }>(
        "SELECT extract(epoch FROM expires_at - now())::int AS left FROM carts WHERE id = $1",
        [made.body.cart_id],
      );
      expect(Math.abs((rows[0]?.left ?? 0) - seconds)).toBeLessThan(120);
    }
    const reply = await call<{ cart_id: string }>("POST", "/api/cart/createEmptyCart");
    expect(reply.body.cart_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const idCookie = reply.headers.getSetCookie().find((c) => c.startsWith("cart_id="));
    expect(idCookie).toContain(`cart_id=${reply.body.cart_id}`);
    expect(idCookie).toMatch(/HttpOnly/);
    expect(idCookie).toMatch(/Path=\//);
    expect(reply.headers.getSetCookie().find((c) => c.startsWith("cart_qty="))).toMatch(/^cart_qty=0;/);
    const another = await newCart();
    expect(another).not.toBe(reply.body.cart_id);
  });

  it("reads the cart from the cookie as well as the cart header", async () => {
    const id = await newCart();
    const response = await shop.request("/api/cart", { headers: { cookie: `cart_id=${id}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { cart: Cart; customerCart: Cart | null };
    expect(body.cart).toMatchObject({ id, total_quantity: 0, items: [] });
    expect(body.customerCart).toBeNull();
  });

  it("answers 404 for no cart, an unknown id or another store's cart, and removes the cookie", async () => {
    const none = await call("GET", "/api/cart");
    expect(none.status).toBe(404);
    const unknown = await call("GET", "/api/cart", { cart: "A".repeat(43) });
    expect(unknown.status).toBe(404);
    expect(firstMessage(unknown.body)?.message).toBe("The cart could not be found");
    const enCart = await newCart("en");
    const elsewhere = await call("GET", "/api/cart", { cart: enCart, store: "fi" });
    expect(elsewhere.status).toBe(404);
    const failed = await shop.request("/api/cart", { headers: { cookie: "cart_id=nonsense" } });
    expect(failed.status).toBe(404);
    expect(failed.headers.getSetCookie().find((c) => c.startsWith("cart_id="))).toMatch(/Max-Age=0/);
  });
});

describe("expired guest carts", () => {
  it("are deleted with their lines by the sweep, in batches; live carts stay", async () => {
    const count = async (ids: string[]) =>
      (await shop.database.pool.query("SELECT count(*)::int AS n FROM carts WHERE id = ANY($1)", [ids])).rows[0].n;
    const old = [await newCart(), await newCart(), await newCart()];
    const live = await newCart();
    await call("POST", "/api/cart/", { cart: old[0], body: { product: configured(1) } });
    await shop.database.pool.query("UPDATE carts SET expires_at = now() - interval '1 minute' WHERE id = ANY($1)", [old]);
    // Expired carts answer 404 before the sweep has run, too.
    expect((await call("GET", "/api/cart", { cart: old[0] })).status).toBe(404);
    expect(await shop.services.cart.deleteExpiredCarts(2)).toBeGreaterThanOrEqual(3);
    expect(await count(old)).toBe(0);
    expect((await shop.database.pool.query("SELECT count(*)::int AS n FROM cart_items WHERE cart_id = $1", [old[0]])).rows[0].n).toBe(0);
    expect(await count([live])).toBe(1);
    expect((await call("GET", "/api/cart", { cart: live })).status).toBe(200);
  });
});

describe("adding products", () => {
  it("adds a configured product with its colour and size, and raises the quantity when added again", async () => {
    const id = await newCart();
    const first = await call("POST", "/api/cart/", { cart: id, body: { product: configured(1) } });
    expect(first.status).toBe(200);
    expect(first.body.cart.total_quantity).toBe(1);
    const item = first.body.cart.items[0];
    expect(item).toMatchObject({ __typename: "ConfigurableCartItem", quantity: 1, configured_variant: { sku: variant.variantSku } });
    expect(item?.configurable_options.map((o) => o.value_uid)).toEqual([variant.colorUid, variant.sizeUid]);
    expect(item?.configurable_options.map((o) => o.option_label)).toEqual(["Colour", "Size"]);
    // Spec §3: the configured variant's own price range, as its product page shows that variant.
    const details = await call<{ product: ProductDetails }>("GET", `/api/catalog/productdetails/${item?.product.url_key}`);
    const shown = details.body.product.variants.find((v) => v.product.sku === variant.variantSku)?.product.price_range;
    expect(item?.configured_variant?.price_range).toEqual(shown);
    expect(item?.configured_variant?.price_range.minimum_price.final_price.value).toBe(item?.prices.price_including_tax.value);
    const again = await call("POST", "/api/cart/", { cart: id, body: { product: configured(2) } });
    expect(again.body.cart.items).toHaveLength(1);
    const line = again.body.cart.items[0];
    expect(line?.quantity).toBe(3);
    expect(line?.prices.row_total_including_tax.value).toBeCloseTo((line?.prices.price_including_tax.value ?? 0) * 3, 2);
    expect(again.body.cart.prices.grand_total.value).toBe(line?.prices.row_total_including_tax.value);
    // VAT 25.5 % is contained in the price.
    const total = again.body.cart.prices.grand_total.value;
    expect(again.body.cart.prices.total_tax.value).toBeCloseTo((total * 25.5) / 125.5, 1);
  });

  it("speaks the store's language in option labels", async () => {
    const id = await newCart("fi");
    const reply = await call("POST", "/api/cart/", { cart: id, store: "fi", body: { product: configured(1) } });
    expect(reply.body.cart.items[0]?.configurable_options.map((o) => o.option_label)).toEqual(["Väri", "Koko"]);
  });

  it("refuses a product with options missing, an unknown sku and a quantity over the stock with the spec's messages", async () => {
    const id = await newCart();
    const missing = await call("POST", "/api/cart/", {
      cart: id,
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid] } },
    });
    expect(missing.status).toBe(400);
    expect(firstMessage(missing.body)).toMatchObject({ code: "allOptions", message: "Please choose all options for product" });
    const unknown = await call("POST", "/api/cart/", { cart: id, body: { product: { sku: "NO-SUCH-SKU", quantity: 1 } } });
    expect(unknown.status).toBe(404);
    expect(firstMessage(unknown.body)).toMatchObject({ code: "sku", message: "Could not find the chosen product" });
    const tooMany = await call("POST", "/api/cart/", { cart: id, body: { product: configured(6) } });
    expect(tooMany.status).toBe(400);
    expect(firstMessage(tooMany.body)).toMatchObject({
      code: "qty",
      message: "Unfortunately the requested quantity is not available",
    });
    const cart = await call("GET", "/api/cart", { cart: id });
    expect(cart.body.cart.items).toEqual([]);
  });

  it("answers refusals in the fi store in Finnish, with the code and params a client can word itself", async () => {
    const id = await newCart("fi");
    const tooMany = await call("POST", "/api/cart/", { cart: id, store: "fi", body: { product: configured(6) } });
    expect(tooMany.status).toBe(400);
    expect(firstMessage(tooMany.body)).toMatchObject({ code: "qty", message: "Valitettavasti pyydettyä määrää ei ole saatavilla" });
    const coupon = await call("POST", `/api/luhta_cart/coupon/${id}`, { store: "fi", body: { code: "nope" } });
    expect(coupon.status).toBe(404);
    expect(firstMessage(coupon.body)).toEqual({
      code: "coupon_not_found",
      params: { code: "NOPE" },
      field: "code",
      message: 'Alennuskoodi "NOPE" ei ole voimassa',
    });
    // Input the schema refuses (zod at the edge) is invalid_input with the field, worded in Finnish too.
    const badQuantity = await call("POST", "/api/cart/update", { cart: id, store: "fi", body: { cart_item_id: 1 } });
    expect(badQuantity.status).toBe(400);
    expect(firstMessage(badQuantity.body)).toMatchObject({
      code: "invalid_input",
      field: "quantity",
      params: { rule: "required" },
      message: "Tämä kenttä on pakollinen",
    });
    const finnair = await call("POST", `/api/luhta_cart/finnairPlusNumber/${id}`, { store: "fi", body: { number: "12" } });
    expect(firstMessage(finnair.body)).toMatchObject({
      code: "invalid_input",
      field: "number",
      message: "Finnair Plus -numerossa on 9 numeroa",
    });
    // The same refusal in the en store, and for a fi host that names the en store in the Store header.
    const en = await call("POST", `/api/luhta_cart/coupon/${id}`, { store: "fi", headers: { Store: "en" }, body: { code: "nope" } });
    expect(firstMessage(en.body)).toMatchObject({ code: "cart_not_found", message: "The cart could not be found" });
  });

  it("answers 400 to bad quantities and client-sent prices, and the cart stays as it was", async () => {
    const id = await newCart();
    await call("POST", "/api/cart/", { cart: id, body: { product: configured(1) } });
    const bad: unknown[] = [
      { product: { ...configured(1), quantity: 0 } },
      { product: { ...configured(1), quantity: -1 } },
      { product: { ...configured(1), quantity: 1.5 } },
      { product: { ...configured(1), quantity: 1e9 } },
      { product: { ...configured(1), quantity: "2" } },
      { product: { ...configured(1), price: 0.01 } },
      { product: configured(1), grand_total: 0 },
      {},
    ];
    for (const body of bad) {
      const reply = await call("POST", "/api/cart/", { cart: id, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(firstMessage(reply.body)?.message).toBeTruthy();
    }
    const notJson = await shop.request("/api/cart/", {
      method: "POST",
      headers: { cart: id, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    const cart = await call("GET", "/api/cart", { cart: id });
    expect(cart.body.cart.total_quantity).toBe(1);
  });

  it("adds a gift card at its chosen amount, with its texts checked", async () => {
    const card = await giftCardProduct(shop.database.pool);
    const id = await newCart();
    const giftCard = {
      amount_uid: card.amountUid,
      sender_name: "Aino",
      sender_email: "aino@example.com",
      recipient_name: "Eero",
      recipient_email: "eero@example.com",
      message: "Hyvää joulua",
    };
    const badEmail = await call("POST", "/api/cart/", {
      cart: id,
      body: { product: { sku: card.sku, quantity: 1, gift_card: { ...giftCard, recipient_email: "eero@" } } },
    });
    expect(badEmail.status).toBe(400);
    expect(firstMessage(badEmail.body)).toMatchObject({
      message: "Please provide a valid email address",
      field: "product.gift_card.recipient_email",
    });
    const noCard = await call("POST", "/api/cart/", { cart: id, body: { product: { sku: card.sku, quantity: 1 } } });
    expect(firstMessage(noCard.body)?.code).toBe("allOptions");
    const ok = await call("POST", "/api/cart/", { cart: id, body: { product: { sku: card.sku, quantity: 1, gift_card: giftCard } } });
    expect(ok.status).toBe(200);
    const item = ok.body.cart.items[0];
    expect(item).toMatchObject({ __typename: "GiftCardCartItem", recipient_name: "Eero", message: "Hyvää joulua" });
    expect(item?.prices.price_including_tax.value).toBe(card.amountCents / 100);
    expect(ok.body.cart.is_virtual).toBe(!card.physical);
  });

  it("adds several products at once, or none of them when one is refused", async () => {
    const id = await newCart();
    const other = await configurableVariant(shop.database.pool, 1, 3);
    const refused = await call("POST", "/api/luhta_cart/addProductsToCart", {
      cart: id,
      body: { cartItems: [configured(1), configured(9, other)] },
    });
    expect(refused.status).toBe(400);
    expect((await call("GET", "/api/cart", { cart: id })).body.cart.items).toEqual([]);
    const both = await call("POST", "/api/luhta_cart/addProductsToCart", {
      cart: id,
      body: { cartItems: [configured(1), configured(2, other)] },
    });
    expect(both.status).toBe(200);
    expect(both.body.cart.total_quantity).toBe(3);
  });
});

describe("changing the cart", () => {
  it("updates a quantity within stock and removes a line", async () => {
    const id = await newCart();
    const added = await call("POST", "/api/cart/", { cart: id, body: { product: configured(1) } });
    const itemId = added.body.cart.items[0]?.id;
    const updated = await call("POST", "/api/cart/update", { cart: id, body: { cart_item_id: itemId, quantity: 4 } });
    expect(updated.body.cart.total_quantity).toBe(4);
    const over = await call("POST", "/api/cart/update", { cart: id, body: { cart_item_id: itemId, quantity: 6 } });
    expect(over.status).toBe(400);
    expect(firstMessage(over.body)?.code).toBe("qty");
    const zero = await call("POST", "/api/cart/update", { cart: id, body: { cart_item_id: itemId, quantity: 0 } });
    expect(zero.status).toBe(400);
    const unknownItem = await call("POST", "/api/cart/update", { cart: id, body: { cart_item_id: 99_999_999, quantity: 1 } });
    expect(unknownItem.status).toBe(404);
    expect((await call("GET", "/api/cart", { cart: id })).body.cart.total_quantity).toBe(4);
    const removed = await call("DELETE", `/api/cart/${itemId}`, { cart: id });
    expect(removed.status).toBe(200);
    expect(removed.body.cart.items).toEqual([]);
  });

  it("refuses a change made on a line another window changed or removed since (409) and keeps the other window's change", async () => {
    const id = await newCart();
    const added = await call("POST", "/api/cart/", { cart: id, body: { product: configured(1) } });
    const line = added.body.cart.items[0];
    expect(line?.version).toBe(1);
    expect(line?.max_quantity).toBe(5);
    // Window A raises the quantity on version 1: the line is now version 2.
    const first = await call("POST", "/api/cart/update", { cart: id, body: { cart_item_id: line?.id, quantity: 2, version: 1 } });
    expect(first.status).toBe(200);
    expect(first.body.cart.items[0]?.version).toBe(2);
    // Window B still shows version 1: its change and its removal are refused.
    const stale = await call("POST", "/api/cart/update", { cart: id, body: { cart_item_id: line?.id, quantity: 3, version: 1 } });
    expect(stale.status).toBe(409);
    expect(firstMessage(stale.body)).toMatchObject({ code: "cart_changed_elsewhere", message: expect.stringContaining("another window") });
    const staleRemove = await call("DELETE", `/api/cart/${line?.id}?version=1`, { cart: id });
    expect(staleRemove.status).toBe(409);
    expect((await call("GET", "/api/cart", { cart: id })).body.cart.items[0]).toMatchObject({ quantity: 2, version: 2 });
    // With the fresh version the change goes through; a removed line is stale too for a page that still shows it.
    const fresh = await call("DELETE", `/api/cart/${line?.id}?version=2`, { cart: id });
    expect(fresh.status).toBe(200);
    const gone = await call("POST", "/api/cart/update", { cart: id, body: { cart_item_id: line?.id, quantity: 1, version: 2 } });
    expect(gone.status).toBe(409);
    const bad = await call("DELETE", `/api/cart/${line?.id}?version=x`, { cart: id });
    expect(bad.status).toBe(400);
  });

  it("applies changes without a version as before (spec §7 clients)", async () => {
    const id = await newCart();
    const itemId = (await call("POST", "/api/cart/", { cart: id, body: { product: configured(1) } })).body.cart.items[0]?.id;
    await call("POST", "/api/cart/update", { cart: id, body: { cart_item_id: itemId, quantity: 2 } });
    const again = await call("POST", "/api/cart/update", { cart: id, body: { cart_item_id: itemId, quantity: 3 } });
    expect(again.status).toBe(200);
    expect(again.body.cart.items[0]).toMatchObject({ quantity: 3, version: 3 });
  });

  it("never touches a line of another cart", async () => {
    const mine = await newCart();
    const theirs = await newCart();
    const theirItem = (await call("POST", "/api/cart/", { cart: theirs, body: { product: configured(1) } })).body.cart.items[0]?.id;
    const reply = await call("DELETE", `/api/cart/${theirItem}`, { cart: mine });
    expect(reply.status).toBe(404);
    expect((await call("GET", "/api/cart", { cart: theirs })).body.cart.total_quantity).toBe(1);
  });

  it("keeps the browser's badge cookie in step with the quantity", async () => {
    const id = await newCart();
    const response = await shop.request("/api/cart/", {
      method: "POST",
      headers: { cookie: `cart_id=${id}`, "Content-Type": "application/json" },
      body: JSON.stringify({ product: configured(2) }),
    });
    expect(response.headers.getSetCookie().find((c) => c.startsWith("cart_qty="))).toMatch(/^cart_qty=2;/);
  });
});

describe("codes and extras", () => {
  it("applies a percentage coupon to the rows and the total, and removes it", async () => {
    const id = await newCart();
    await call("POST", "/api/cart/", { cart: id, body: { product: configured(2) } });
    const applied = await call("POST", `/api/luhta_cart/coupon/${id}`, { body: { code: "welcome10" } });
    expect(applied.status).toBe(200);
    const { prices, applied_coupons, items } = applied.body.cart;
    expect(applied_coupons).toEqual([{ code: "WELCOME10" }]);
    const subtotal = prices.subtotal_including_tax.value;
    const discount = prices.discounts[0]?.amount.value ?? 0;
    expect(discount).toBeCloseTo(Math.round(subtotal * 10) / 100, 2);
    expect(prices.grand_total.value).toBeCloseTo(subtotal - discount, 2);
    expect(items[0]?.prices.total_item_discount.value).toBe(discount);
    const removed = await call("POST", `/api/luhta_cart/removeCoupon/${id}`);
    expect(removed.body.cart.applied_coupons).toEqual([]);
    expect(removed.body.cart.prices.grand_total.value).toBe(subtotal);
  });

  it("says why a coupon does not apply", async () => {
    const id = await newCart();
    await call("POST", "/api/cart/", { cart: id, body: { product: configured(1) } });
    const unknown = await call("POST", `/api/luhta_cart/coupon/${id}`, { body: { code: "NOPE" } });
    expect(unknown.status).toBe(404);
    expect(firstMessage(unknown.body)?.message).toBe('The coupon code "NOPE" is not valid');
    const expired = await call("POST", `/api/luhta_cart/coupon/${id}`, { body: { code: "SUMMER25" } });
    expect(expired.status).toBe(400);
    expect(firstMessage(expired.body)?.code).toBe("coupon_expired");
    await shop.database.pool.query("UPDATE coupons SET min_subtotal_cents = 10000000 WHERE code = 'SAVE20'");
    const minimum = await call("POST", `/api/luhta_cart/coupon/${id}`, { body: { code: "SAVE20" } });
    expect(minimum.status).toBe(400);
    // The minimum is a parameter (euros) the cart page words itself; the message has it formatted.
    expect(firstMessage(minimum.body)).toMatchObject({
      code: "coupon_min_subtotal",
      params: { code: "SAVE20", minimum: 100_000 },
      message: 'The coupon code "SAVE20" needs products worth at least 100\u00a0000,00\u00a0€ in the cart',
    });
    expect((await call("GET", "/api/cart", { cart: id })).body.cart.applied_coupons).toEqual([]);
    // The same refusal in the fi store: the same params, the text and the amount as a Finnish shopper reads them.
    const fi = await newCart("fi");
    await call("POST", "/api/cart/", { cart: fi, store: "fi", body: { product: configured(1) } });
    const fiMinimum = await call("POST", `/api/luhta_cart/coupon/${fi}`, { store: "fi", body: { code: "save20" } });
    expect(fiMinimum.status).toBe(400);
    expect(firstMessage(fiMinimum.body)).toMatchObject({
      code: "coupon_min_subtotal",
      params: { code: "SAVE20", minimum: 100_000 },
      message: 'Alennuskoodin "SAVE20" käyttö edellyttää, että ostoskorissa on tuotteita vähintään 100\u00a0000,00\u00a0€ arvosta',
    });
  });

  it("lets a gift card pay part of the total, never more than its balance", async () => {
    const id = await newCart();
    await call("POST", "/api/cart/", { cart: id, body: { product: configured(1) } });
    const applied = await call("POST", `/api/luhta_cart/giftCard/${id}`, { body: { code: "gift-0050-demo" } });
    expect(applied.status).toBe(200);
    const { prices, applied_gift_card } = applied.body.cart;
    const subtotal = prices.subtotal_including_tax.value;
    const paid = Math.min(50, subtotal);
    expect(applied_gift_card).toMatchObject({ code: "GIFT-0050-DEMO", current_balance: { value: 50 }, applied_balance: { value: paid } });
    expect(prices.grand_total.value).toBeCloseTo(subtotal - paid, 2);
    const unknown = await call("POST", `/api/luhta_cart/giftCard/${id}`, { body: { code: "NOT-A-CARD" } });
    expect(unknown.status).toBe(404);
  });

  it("keeps the order comment and the Finnair Plus and loyalty numbers, and checks them", async () => {
    const id = await newCart();
    const comment = await call("POST", `/api/luhta_cart/setOrderComment/${id}`, { body: { comment: "  Leave at the door  " } });
    expect(comment.body.cart.order_comment).toBe("Leave at the door");
    const tooLong = await call("POST", `/api/luhta_cart/setOrderComment/${id}`, { body: { comment: "x".repeat(501) } });
    expect(tooLong.status).toBe(400);
    const finnair = await call("POST", `/api/luhta_cart/finnairPlusNumber/${id}`, { body: { number: "AY 123 456 789" } });
    expect(finnair.body.cart.finnair_plus_number).toBe("123456789");
    const badFinnair = await call("POST", `/api/luhta_cart/finnairPlusNumber/${id}`, { body: { number: "12" } });
    expect(badFinnair.status).toBe(400);
    const removed = await call("POST", `/api/luhta_cart/removeFinnairPlusNumber/${id}`);
    expect(removed.body.cart.finnair_plus_number).toBeNull();
    const loyalty = await call("POST", `/api/luhta_cart/loyaltyCardNumber/${id}`, { body: { number: "1234 5678" } });
    expect(loyalty.body.cart.loyalty_card_number).toBe("12345678");
    expect(comment.body.cart.order_comment).toBe("Leave at the door");
  });

  it("merges a guest cart into another cart and deletes the guest cart", async () => {
    const guest = await newCart();
    const destination = await newCart();
    await call("POST", "/api/cart/", { cart: guest, body: { product: configured(2) } });
    await call("POST", "/api/cart/", { cart: destination, body: { product: configured(1) } });
    await call("POST", `/api/luhta_cart/coupon/${guest}`, { body: { code: "WELCOME10" } });
    const merged = await call("POST", "/api/luhta_cart/mergeCarts", {
      body: { source_cart_id: guest, destination_cart_id: destination },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.cart.total_quantity).toBe(3);
    expect(merged.body.cart.applied_coupons).toEqual([{ code: "WELCOME10" }]);
    expect((await call("GET", "/api/cart", { cart: guest })).status).toBe(404);
  });
});

describe("cross-site requests", () => {
  it("refuses a form posted from another site", async () => {
    const response = await shop.request("/api/cart/createEmptyCart", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    expect(response.status).toBe(403);
  });
});
