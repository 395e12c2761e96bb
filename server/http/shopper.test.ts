// The shopper resolved at the edge (server/http/shopper.ts): the token from a Bearer header or
// the auth cookie, a token nobody knows leaving a guest, the cart id and the consent; and, as
// an API client sees it, a customer's cart answering only to that customer's token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../lib/cart-types.ts";
import { COOKIES } from "../../lib/cookies.ts";
import { configurableVariant, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Store } from "../catalog/service.ts";
import type { Authenticate, Customer } from "../identity.ts";
import { resolveShopper } from "./shopper.ts";

const AINO: Customer = { id: 42, email: "aino@example.com", firstname: "Aino", lastname: "Virtanen" };
const OTTO: Customer = { id: 7, email: "otto@example.com", firstname: "Otto", lastname: "Lehtonen" };
const TOKENS: Record<string, Customer> = { "aino-token": AINO, "otto-token": OTTO };

/** A stand-in for the accounts backend: knows two tokens, and records what it was asked. */
function fakeAccounts() {
  const asked: string[] = [];
  const authenticate: Authenticate = async (token) => {
    asked.push(token);
    return TOKENS[token] ?? null;
  };
  return { asked, authenticate };
}

const STORE = { code: "en" } as Store;
const request = (headers: Record<string, string> = {}) => new Request("http://localhost/api/cart", { headers });

describe("resolving the shopper", () => {
  it("names the customer of an Authorization: Bearer token", async () => {
    const { authenticate } = fakeAccounts();
    const shopper = await resolveShopper(request({ authorization: "Bearer aino-token" }), STORE, authenticate);
    expect(shopper.customer).toEqual(AINO);
    expect(shopper.store).toBe(STORE);
  });

  it("names the customer of the auth cookie, with or without the stored 'Bearer ' prefix", async () => {
    const { authenticate } = fakeAccounts();
    const plain = await resolveShopper(request({ cookie: `${COOKIES.authToken}=aino-token` }), STORE, authenticate);
    expect(COOKIES.authToken).toBe("auth._token.local");
    expect(plain.customer).toEqual(AINO);
    const prefixed = await resolveShopper(request({ cookie: `other=1; ${COOKIES.authToken}=Bearer%20otto-token` }), STORE, authenticate);
    expect(prefixed.customer).toEqual(OTTO);
  });

  it("prefers the Bearer header to the cookie (an API client speaks for itself)", async () => {
    const { authenticate } = fakeAccounts();
    const shopper = await resolveShopper(
      request({ authorization: "Bearer otto-token", cookie: `${COOKIES.authToken}=aino-token` }),
      STORE,
      authenticate,
    );
    expect(shopper.customer).toEqual(OTTO);
  });

  it("is a guest without a token, and asks nobody", async () => {
    const { asked, authenticate } = fakeAccounts();
    const shopper = await resolveShopper(request({ cookie: "cart_qty=1" }), STORE, authenticate);
    expect(shopper).toEqual({
      store: STORE,
      customer: null,
      guestCartId: null,
      consent: { preferences: false, analytics: false, marketing: false },
    });
    expect(asked).toEqual([]);
  });

  it("is a guest with a token nobody knows, a malformed header or an absurdly long token", async () => {
    const { asked, authenticate } = fakeAccounts();
    const cases: Record<string, string>[] = [
      { authorization: "Bearer expired-token" },
      { cookie: `${COOKIES.authToken}=revoked` },
      { authorization: "Basic YWlubzpzZWNyZXQ=" },
      { authorization: "Bearer" },
      { authorization: `Bearer ${"x".repeat(600)}` },
    ];
    for (const headers of cases) {
      expect((await resolveShopper(request(headers), STORE, authenticate)).customer).toBeNull();
    }
    // Only real candidates reach the accounts backend.
    expect(asked).toEqual(["expired-token", "revoked"]);
  });

  it("carries the cart id of the cart header, else of the cookie, and the consent choices", async () => {
    const { authenticate } = fakeAccounts();
    const both = await resolveShopper(request({ cart: " header-id ", cookie: "cart_id=cookie-id" }), STORE, authenticate);
    expect(both.guestCartId).toBe("header-id");
    const cookie = await resolveShopper(request({ cookie: "cart_id=cookie-id; consent=necessary,marketing" }), STORE, authenticate);
    expect(cookie.guestCartId).toBe("cookie-id");
    expect(cookie.consent).toEqual({ preferences: false, analytics: false, marketing: true });
  });
});

describe("a customer's cart through the API", () => {
  const accounts = fakeAccounts();
  let shop: TestShop;
  let call: ReturnType<typeof shopClient>["call"];
  let variant: TestVariant;
  let customerCart: string;

  beforeAll(async () => {
    shop = await createTestShop({ authenticate: accounts.authenticate });
    ({ call } = shopClient(shop));
    variant = await configurableVariant(shop.database.pool, 0, 5);
    // A cart with a line, then made Aino's as the accounts backend will (customer carts do not expire).
    customerCart = await shopClient(shop).newCart();
    const added = await call("POST", "/api/cart/", {
      cart: customerCart,
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    expect(added.status).toBe(200);
    await shop.database.pool.query("UPDATE carts SET customer_id = $1, expires_at = NULL WHERE id = $2", [AINO.id, customerCart]);
  });
  afterAll(() => shop?.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it("answers to its customer's token, from the Bearer header or the auth cookie", async () => {
    const byHeader = await call("GET", "/api/cart", { cart: customerCart, headers: bearer("aino-token") });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.cart.total_quantity).toBe(1);
    const response = await shop.request("/api/cart", {
      headers: { cookie: `${COOKIES.cartId}=${customerCart}; ${COOKIES.authToken}=aino-token` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { cart: Cart }).cart.id).toBe(customerCart);
  });

  it("is not found for a guest holding its id, a token nobody knows, or another customer", async () => {
    for (const headers of [{}, bearer("stolen-or-expired"), bearer("otto-token")]) {
      const reply = await call("GET", "/api/cart", { cart: customerCart, headers });
      expect(reply.status).toBe(404);
      expect((reply.body as unknown as { code: string }[])[0]?.code).toBe("cart_not_found");
    }
  });

  it("refuses every write of a guest or another customer, and the cart stays as it was", async () => {
    const line = (await call("GET", "/api/cart", { cart: customerCart, headers: bearer("aino-token") })).body.cart.items[0]?.id;
    const product = { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] };
    for (const headers of [{}, bearer("otto-token")]) {
      expect((await call("POST", "/api/cart/", { cart: customerCart, headers, body: { product } })).status).toBe(404);
      expect(
        (await call("POST", "/api/cart/update", { cart: customerCart, headers, body: { cart_item_id: line, quantity: 3 } })).status,
      ).toBe(404);
      expect((await call("DELETE", `/api/cart/${line}`, { cart: customerCart, headers })).status).toBe(404);
      expect(
        (await call("POST", `/api/luhta_cart/setOrderComment/${customerCart}`, { headers, body: { comment: "mine now" } })).status,
      ).toBe(404);
      expect((await call("POST", "/api/checkout/placeOrder", { cart: customerCart, headers, body: {} })).status).toBe(404);
    }
    const mine = await call("GET", "/api/cart", { cart: customerCart, headers: bearer("aino-token") });
    expect(mine.body.cart.total_quantity).toBe(1);
    expect(mine.body.cart.order_comment ?? null).toBeNull();
  });

  it("lets its customer merge a guest cart into it, but a guest cannot merge it away", async () => {
    const guestCart = await shopClient(shop).newCart();
    const product = { sku: variant.productSku, quantity: 2, selected_options: [variant.colorUid, variant.sizeUid] };
    expect((await call("POST", "/api/cart/", { cart: guestCart, body: { product } })).status).toBe(200);
    const stolen = await call("POST", "/api/luhta_cart/mergeCarts", {
      body: { source_cart_id: customerCart, destination_cart_id: guestCart },
    });
    expect(stolen.status).toBe(404);
    const merged = await call("POST", "/api/luhta_cart/mergeCarts", {
      headers: bearer("aino-token"),
      body: { source_cart_id: guestCart, destination_cart_id: customerCart },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.cart.id).toBe(customerCart);
    expect(merged.body.cart.total_quantity).toBe(3);
  });
});
