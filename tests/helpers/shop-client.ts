// A JSON client of the shop's API for tests: calls with the Store and cart headers, and
// the steps that take a guest from an empty cart to one ready to be ordered.
import type { Cart } from "../../lib/cart-types.ts";
import type { TestVariant } from "./catalog-rows.ts";
import type { TestShop } from "./test-app.ts";

export type Store = "en" | "fi";

/** A shopper's shipping address the tests order with. */
export const DEMO_ADDRESS = {
  email: "aino.virtanen@example.com",
  firstname: "Aino",
  lastname: "Virtanen",
  street: "Mannerheimintie 1",
  postcode: "00100",
  city: "Helsinki",
  country_code: "FI",
  telephone: "+358 40 123 4567",
};

export interface Reply<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  cart?: string;
  body?: unknown;
  store?: Store;
  headers?: Record<string, string>;
}

export function shopClient(shop: TestShop) {
  async function call<T = { cart: Cart }>(method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cart) headers.cart = options.cart;
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    const response = await shop.request(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      store: options.store,
    });
    return { status: response.status, body: (await response.json()) as T, headers: response.headers };
  }

  async function newCart(store: Store = "en"): Promise<string> {
    const reply = await call<{ cart_id: string }>("POST", "/api/cart/createEmptyCart", { store });
    if (reply.status !== 200) throw new Error(`createEmptyCart: ${reply.status}`);
    return reply.body.cart_id;
  }

  const address = DEMO_ADDRESS;

  /** A cart holding the variants, with address, home delivery, billing as shipping and the payment method. */
  async function readyCart(lines: { variant: TestVariant; quantity: number }[], payment = "card", store: Store = "en") {
    const id = await newCart(store);
    for (const { variant, quantity } of lines) {
      const added = await call("POST", "/api/cart/", {
        cart: id,
        store,
        body: { product: { sku: variant.productSku, quantity, selected_options: [variant.colorUid, variant.sizeUid] } },
      });
      if (added.status !== 200) throw new Error(`add: ${added.status} ${JSON.stringify(added.body)}`);
    }
    const steps: [string, unknown][] = [
      ["/api/checkout/shippingAddress", { address }],
      ["/api/checkout/shippingMethods", { method_code: "home_delivery" }],
      ["/api/checkout/billingAddress", { same_as_shipping: true }],
      ["/api/checkout/paymentMethod", { code: payment }],
    ];
    for (const [path, body] of steps) {
      const reply = await call("POST", path, { cart: id, store, body });
      if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    return id;
  }

  return { call, newCart, readyCart, address };
}
