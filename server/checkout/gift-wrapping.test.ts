// Gift wrapping (spec §3 order display): a line the shopper chose "Gift wrapped" for is priced
// with the wrapping, and the placed order shows which lines are wrapped and what it cost, in the
// API's answer and on the customer's order page; a line with standard packaging is not wrapped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIES } from "../../lib/cookies.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { giftWrapProduct, type TestGiftWrap } from "../../tests/helpers/catalog-rows.ts";
import { claimCart, loggedInCustomer, orderCustomerCart } from "../../tests/helpers/customers.ts";
import { pageRequest } from "../../tests/helpers/page-requests.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
let pages: BuiltPages;
let wrap: TestGiftWrap;
beforeAll(async () => {
  shop = await createTestShop();
  pages = await loadBuiltPages();
  wrap = await giftWrapProduct(shop.database.pool);
});
afterAll(() => shop?.close());

describe("gift wrapping", () => {
  it("is shown on the order with the wrapped lines and its price, in the API and on the order page", async () => {
    const client = shopClient(shop);
    const customer = await loggedInCustomer(shop, "fi");
    const cart = await client.newCart("fi");
    const add = (quantity: number, value: string) =>
      client.call("POST", "/api/cart/", {
        cart,
        store: "fi",
        body: { product: { sku: wrap.productSku, quantity, custom_options: { [wrap.optionUid]: value } } },
      });
    const wrapped = await add(2, wrap.wrapUid);
    expect(wrapped.status).toBe(200);
    const line = wrapped.body.cart.items[0];
    expect(line?.customizable_options[0]?.values[0]).toMatchObject({ label: "Lahjapaketoitu", gift_wrap: true });
    const plain = await add(1, wrap.plainUid);
    expect(plain.body.cart.items.find((i) => i.quantity === 1)?.customizable_options[0]?.values[0]?.gift_wrap).toBeUndefined();
    // Enough for the invoice's minimum, whatever the home product costs.
    await add(10, wrap.plainUid);
    await claimCart(shop, customer, cart, "fi");

    const order = await orderCustomerCart(shop, customer, cart, "fi");
    expect(order.gift_wrapping?.items).toEqual([{ name: expect.any(String), quantity: 2 }]);
    expect(order.gift_wrapping?.price).toBe((2 * wrap.wrapCents) / 100);

    const html = await (
      await pages(
        pageRequest("fi", `/account/order/${order.order_number}`, { cookie: `${COOKIES.authToken}=${customer.token}` }),
        shop.services,
        "fi",
      )
    ).text();
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toMatch(/Lahjapaketointi .+ × 2 7,80 €/);
  });

  it("is absent from an order where nothing is wrapped", async () => {
    const client = shopClient(shop);
    const customer = await loggedInCustomer(shop);
    const cart = await client.newCart();
    const added = await client.call("POST", "/api/cart/", {
      cart,
      body: { product: { sku: wrap.productSku, quantity: 12, custom_options: { [wrap.optionUid]: wrap.plainUid } } },
    });
    expect(added.status).toBe(200);
    await claimCart(shop, customer, cart);
    expect((await orderCustomerCart(shop, customer, cart)).gift_wrapping).toBeNull();
  });
});
