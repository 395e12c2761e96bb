// Customers for the tests. In-process (API and page tests): registered through the customer
// service, confirmed as the mailed link would, logged in through the API, and an order of theirs
// placed as the checkout places it. Against the running shop (browser journeys): the links the
// shop mailed, and a customer registered and confirmed over the API as a client would.
import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { COOKIES, sessionExpiryMs } from "../../lib/cookies.ts";
import { expect } from "vitest";
import { solvedCaptcha } from "./captcha.ts";
import type { TestVariant } from "./catalog-rows.ts";
import type { Store as JourneyStore } from "./e2e-shop.ts";
import type { OrderView } from "../../server/orders/order-view.ts";
import { mailedLink } from "./mail.ts";
import { DEMO_ADDRESS, shopClient, type Store } from "./shop-client.ts";
import type { TestShop } from "./test-app.ts";

export const CUSTOMER_PASSWORD = "Kesä-Ilta42";

export interface TestCustomer {
  id: number;
  email: string;
  firstname: string;
  token: string;
  /** The Authorization header of the session. */
  auth: Record<string, string>;
}

let serial = 0;

export async function loggedInCustomer(shop: TestShop, store: Store = "en", firstname = "Aino"): Promise<TestCustomer> {
  const email = `asiakas.${process.pid}.${Date.now()}.${++serial}@example.com`;
  const shopStore = await shop.services.catalog.store(store);
  if (!shopStore) throw new Error(`no store ${store}`);
  const { id } = await shop.services.customers.register(shopStore, {
    firstname,
    lastname: "Asiakas",
    email,
    newPassword: CUSTOMER_PASSWORD,
    confirmPassword: CUSTOMER_PASSWORD,
  });
  await shop.database.pool.query("UPDATE customers SET confirmed_at = now() WHERE id = $1", [id]);
  const response = await shop.request("/api/auth/login", {
    method: "POST",
    store,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: CUSTOMER_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status}`);
  const token = ((await response.json()) as { token: { accessToken: string } }).token.accessToken;
  return { id, email, firstname, token, auth: { authorization: `Bearer ${token}` } };
}

/** The customer's cart, holding one of the variant: a guest cart claimed at login, as the login form does. */
export async function customerCart(shop: TestShop, customer: TestCustomer, variant: TestVariant, store: Store = "en"): Promise<string> {
  const client = shopClient(shop);
  const id = await client.newCart(store);
  const added = await client.call("POST", "/api/cart/", {
    cart: id,
    store,
    body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
  });
  if (added.status !== 200) throw new Error(`add: ${added.status}`);
  await claimCart(shop, customer, id, store);
  return id;
}

/** A guest cart becomes the customer's, as at login. */
export async function claimCart(shop: TestShop, customer: TestCustomer, cart: string, store: Store = "en") {
  const shopStore = await shop.services.catalog.store(store);
  if (!shopStore) throw new Error(`no store ${store}`);
  await shop.services.cart.cartAtLogin(shopStore, cart, customer.id);
}

/** An order of the customer's, paid by invoice (processing at once); its number. The variant must cost at least 50 €. */
export async function customerOrder(shop: TestShop, customer: TestCustomer, variant: TestVariant, store: Store = "en"): Promise<string> {
  return (await orderCustomerCart(shop, customer, await customerCart(shop, customer, variant, store), store)).order_number;
}

/** Orders the customer's cart (worth at least 50 €) by invoice: the order as placeOrder answers it. */
export async function orderCustomerCart(shop: TestShop, customer: TestCustomer, cart: string, store: Store = "en") {
  const client = shopClient(shop);
  const steps: [string, unknown][] = [
    ["/api/checkout/shippingAddress", { address: { ...DEMO_ADDRESS, email: customer.email, firstname: customer.firstname } }],
    ["/api/checkout/shippingMethods", { method_code: "home_delivery" }],
    ["/api/checkout/billingAddress", { same_as_shipping: true }],
    ["/api/checkout/paymentMethod", { code: "invoice" }],
  ];
  for (const [path, body] of steps) {
    const reply = await client.call("POST", path, { cart, store, body, headers: customer.auth });
    if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  const placed = await client.call<{ order: OrderView }>("POST", "/api/checkout/placeOrder", {
    cart,
    store,
    headers: customer.auth,
  });
  if (placed.status !== 200) throw new Error(`placeOrder: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body.order;
}

// ---- against the running shop (browser journeys)

export const PASSWORD = "Sininen-Meri7";

/** The confirmation link of the newest mail to an address, as the shop wrote it (quoted-printable or base64 parts decoded). */
export function confirmationLink(mailDir: string, email: string): string | null {
  return mailedLink(mailDir, email, /https?:\/\/[^\s"<>]+\/account\/confirm\?id=\d+(?:&|&amp;)key=[\w-]+/);
}

/** Registers a new customer of the store over the API and confirms it with the mailed key. */
export async function confirmedCustomer(port: number, mailDir: string, store: JourneyStore, firstname = "Maija") {
  const email = `${store}-${randomUUID().slice(0, 8)}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: "POST",
      headers: { Store: store, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const captcha = await solvedCaptcha((path) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { Store: store } }));
  const registered = await post("/api/customer/customer", {
    captcha,
    firstname,
    lastname: "Meikäläinen",
    email,
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(registered.status).toBe(201);
  await expect.poll(() => confirmationLink(mailDir, email), { timeout: 15_000 }).not.toBeNull();
  const link = new URL(confirmationLink(mailDir, email) as string);
  const confirmed = await post("/api/customer/confirmRegistration", {
    customerId: link.searchParams.get("id"),
    confirmationToken: link.searchParams.get("key"),
  });
  expect(confirmed.status).toBe(200);
  return { email, password: PASSWORD, firstname };
}

/**
 * Logs a browser in as a customer, as the login form would leave it (its cookies), without the
 * form's steps (those are the login journeys' own): the answer's token, to end the session elsewhere.
 */
export async function logInBrowser(
  context: BrowserContext,
  origin: string,
  store: JourneyStore,
  customer: { email: string; password: string },
): Promise<string> {
  // Node does not resolve fi.localhost: the API is asked at the loopback address, naming its store.
  const response = await fetch(`http://127.0.0.1:${new URL(origin).port}/api/auth/login`, {
    method: "POST",
    headers: { Store: store, "Content-Type": "application/json" },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  expect(response.status).toBe(200);
  // The API answers the token; the browser's page login sets these cookies with it (lib/cookies.ts authCookies).
  const { token } = (await response.json()) as { token: { accessToken: string; expiresAt: string } };
  const expiresAt = new Date(token.expiresAt);
  const expires = Math.floor(expiresAt.getTime() / 1000);
  await context.addCookies([
    { name: COOKIES.authToken, value: token.accessToken, url: origin, httpOnly: true, sameSite: "Lax", expires },
    { name: COOKIES.loggedIn, value: "1", url: origin, sameSite: "Lax", expires },
    { name: COOKIES.expires, value: String(sessionExpiryMs(expiresAt)), url: origin, sameSite: "Lax", expires },
  ]);
  return token.accessToken;
}

/** A new cart of the page's session holding one of a variant (its product sku and chosen option uids): the add's status. */
export function addToNewCart(page: Page, sku: string, selected: string[]): Promise<number> {
  return page.evaluate(
    async ({ sku, selected }) => {
      const made = await fetch("/api/cart/createEmptyCart", { method: "POST" });
      const { cart_id } = (await made.json()) as { cart_id: string };
      const add = await fetch("/api/cart/", {
        method: "POST",
        headers: { "content-type": "application/json", cart: cart_id },
        body: JSON.stringify({ product: { sku, quantity: 1, selected_options: selected } }),
      });
      return add.status;
    },
    { sku, selected },
  );
}

/** Orders the page's cart by invoice with its own session (the checkout's steps over the API): the order number. */
export function placeInvoiceOrder(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const post = (path: string, body: unknown) =>
      fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const address = {
      firstname: "Aino",
      lastname: "Asiakas",
      street: "Mannerheimintie 1",
      postcode: "00100",
      city: "Helsinki",
      country_code: "FI",
      telephone: "+358401234567",
      email: "aino@example.com",
    };
    await post("/api/checkout/shippingAddress", { address });
    await post("/api/checkout/shippingMethods", { method_code: "home_delivery" });
    await post("/api/checkout/billingAddress", { same_as_shipping: true });
    await post("/api/checkout/paymentMethod", { code: "invoice" });
    const placed = await post("/api/checkout/placeOrder", {});
    return ((await placed.json()) as { order?: { order_number: string } }).order?.order_number ?? `failed ${placed.status}`;
  });
}
