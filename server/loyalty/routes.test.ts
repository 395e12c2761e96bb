// The loyalty programme's API (decision 0020) as a customer's browser or app sees it: the
// membership before and after joining, joining twice, a guest's 401, and the member number
// filled in as the cart's loyalty card number — once, so the member can still clear it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../lib/cart-types.ts";
import { isMemberNumber } from "../../lib/loyalty.ts";
import { configurableVariant, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { customerCart, loggedInCustomer } from "../../tests/helpers/customers.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
let variant: TestVariant;
beforeAll(async () => {
  shop = await createTestShop();
  variant = await configurableVariant(shop.database.pool, 3, 100);
});
afterAll(() => shop?.close());

interface View {
  membership: { member_number: string; joined_at: string; store_code: string } | null;
  benefits: { key: string; text: string }[];
}

describe("the loyalty programme", () => {
  it("shows no membership before joining, the benefits in the store's language, and a number with a check digit after", async () => {
    const client = shopClient(shop);
    const customer = await loggedInCustomer(shop, "fi");
    const before = await client.call<View>("GET", "/api/loyalty/membership", { store: "fi", headers: customer.auth });
    expect(before.status).toBe(200);
    expect(before.body.membership).toBeNull();
    expect(before.body.benefits.map((b) => b.key)).toContain("brandStores");
    expect(before.body.benefits[0]?.text).toMatch(/jäsennumero/i);

    const joined = await client.call<View>("POST", "/api/loyalty/join", { store: "fi", headers: customer.auth });
    expect(joined.status).toBe(201);
    const number = joined.body.membership?.member_number as string;
    expect(isMemberNumber(number)).toBe(true);
    expect(joined.body.membership?.store_code).toBe("fi");

    const after = await client.call<View>("GET", "/api/loyalty/membership", { store: "en", headers: customer.auth });
    expect(after.body.membership?.member_number).toBe(number);
    expect(after.body.benefits.map((b) => b.key)).not.toContain("brandStores");
  });

  it("answers a second join with the same number, and two at once with one membership", async () => {
    const client = shopClient(shop);
    const customer = await loggedInCustomer(shop);
    const [a, b] = await Promise.all([
      client.call<View>("POST", "/api/loyalty/join", { headers: customer.auth }),
      client.call<View>("POST", "/api/loyalty/join", { headers: customer.auth }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.membership?.member_number).toBe(b.body.membership?.member_number);
    const again = await client.call<View>("POST", "/api/loyalty/join", { headers: customer.auth });
    expect(again.status).toBe(200);
    expect(again.body.membership?.member_number).toBe(a.body.membership?.member_number);
    const { rows } = await shop.database.pool.query("SELECT count(*)::int AS n FROM loyalty_members WHERE customer_id = $1", [customer.id]);
    expect(rows[0].n).toBe(1);
  });

  it("gives every member a number of their own", async () => {
    const client = shopClient(shop);
    const numbers = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const customer = await loggedInCustomer(shop);
      numbers.add((await client.call<View>("POST", "/api/loyalty/join", { headers: customer.auth })).body.membership?.member_number ?? "");
    }
    expect(numbers.size).toBe(3);
  });

  it("is not for guests: 401, and nothing written", async () => {
    const client = shopClient(shop);
    const { rows: before } = await shop.database.pool.query("SELECT count(*)::int AS n FROM loyalty_members");
    const joined = await client.call<{ code: string; message: string }[]>("POST", "/api/loyalty/join");
    expect(joined.status).toBe(401);
    expect(joined.body[0]?.code).toBe("not_logged_in");
    expect(joined.body[0]?.message).toMatch(/log in/);
    const unknown = await client.call("GET", "/api/loyalty/membership", { headers: { authorization: "Bearer nobody-knows-this" } });
    expect(unknown.status).toBe(401);
    const { rows: after } = await shop.database.pool.query("SELECT count(*)::int AS n FROM loyalty_members");
    expect(after[0].n).toBe(before[0].n);
  });
});

describe("the cart's loyalty card number", () => {
  it("is filled in from the membership on joining, and stays cleared once the member clears it", async () => {
    const client = shopClient(shop);
    const customer = await loggedInCustomer(shop);
    const cart = await customerCart(shop, customer, variant);
    const first = await client.call("GET", "/api/cart", { cart, headers: customer.auth });
    expect(first.body.cart.loyalty_card_number).toBeNull();

    const joined = await client.call<View>("POST", "/api/loyalty/join", { cart, headers: customer.auth });
    const number = joined.body.membership?.member_number;
    const filled = await client.call("GET", "/api/cart", { cart, headers: customer.auth });
    expect(filled.body.cart.loyalty_card_number).toBe(number);

    const cleared = await client.call("POST", `/api/luhta_cart/loyaltyCardNumber/${cart}`, {
      body: { number: null },
      headers: customer.auth,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.cart.loyalty_card_number).toBeNull();
    // Later writes and a second join leave the member's choice alone.
    await client.call("POST", "/api/cart/update", {
      cart,
      headers: customer.auth,
      body: { cart_item_id: cleared.body.cart.items[0]?.id, quantity: 2 },
    });
    await client.call("POST", "/api/loyalty/join", { cart, headers: customer.auth });
    const later = await client.call<{ cart: Cart }>("GET", "/api/cart", { cart, headers: customer.auth });
    expect(later.body.cart.total_quantity).toBe(2);
    expect(later.body.cart.loyalty_card_number).toBeNull();
  });

  it("is filled in on a member's new cart at its first change, and a guest's cart never gets it", async () => {
    const client = shopClient(shop);
    const customer = await loggedInCustomer(shop);
    const number = (await client.call<View>("POST", "/api/loyalty/join", { headers: customer.auth })).body.membership?.member_number;
    // A new cart claimed at login (the login form's way), and one the member fills while logged in.
    const claimed = await customerCart(shop, customer, variant);
    expect((await client.call("GET", "/api/cart", { cart: claimed, headers: customer.auth })).body.cart.loyalty_card_number).toBe(number);
    const fresh = await client.newCart();
    const added = await client.call("POST", "/api/cart/", {
      cart: fresh,
      headers: customer.auth,
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    expect(added.body.cart.loyalty_card_number).toBe(number);

    const guestCart = await client.newCart();
    const guest = await client.call("POST", "/api/cart/", {
      cart: guestCart,
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    expect(guest.body.cart.loyalty_card_number).toBeNull();
  });
});
