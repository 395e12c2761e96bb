// The account's entry pages as a browser without JavaScript posts them, against the real
// production build: register → the mailed link confirms → login sets the session's cookies and
// brings the guest cart along → the session reaches the API and the cart → logout ends it, and
// the old cookies reach nothing. Refusals are worded in the store's language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../lib/cart-types.ts";
import { COOKIES } from "../../lib/cookies.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { DEMO_ADDRESS, shopClient } from "../../tests/helpers/shop-client.ts";
import type { PlacedOrder } from "../checkout/service.ts";
import { pageRequest, type StoreCode } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

const PASSWORD = "Kesä-Ilta42";

const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let shop: TestShop;
let pages: BuiltPages;
let variant: TestVariant;

beforeAll(async () => {
  shop = await createTestShop({ mailer });
  pages = await loadBuiltPages();
  variant = await configurableVariant(shop.database.pool, 21, 50);
});
afterAll(() => shop?.close());

const page = (store: StoreCode, pathname: string, init?: Parameters<typeof pageRequest>[2]) =>
  pages(pageRequest(store, pathname, init), shop.services, store);

/** Set-Cookie as name → value ("" for a cookie removed). */
const setCookies = (response: Response) =>
  Object.fromEntries(response.headers.getSetCookie().map((c) => (c.split(";")[0] ?? "").split("=") as [string, string]));

let serial = 0;
const newEmail = () => `sivu.${Date.now()}.${++serial}@example.com`;

/** The link to a page in the newest mail to an address. */
async function mailedLink(email: string, pathname: string): Promise<string> {
  const pattern = new RegExp(`${pathname}\\?id=\\d+&key=[\\w-]+`);
  await expect.poll(() => sent.some((m) => m.to === email && pattern.test(m.text)), { timeout: 10_000 }).toBe(true);
  const mail = sent.filter((m) => m.to === email && pattern.test(m.text)).at(-1) as MailMessage;
  return pattern.exec(mail.text)?.[0] as string;
}
const confirmationLink = (email: string) => mailedLink(email, "/account/confirm");

async function registered(store: StoreCode): Promise<string> {
  const email = newEmail();
  const response = await page(store, "/account/register", {
    // The widget's answer, as a browser with JavaScript sends it (docs/decisions/0019).
    form: {
      firstname: "Aino",
      lastname: "Asiakas",
      email,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
      captcha: await shop.captcha(),
    },
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/account/register?step=done");
  return email;
}

describe("the account's pages without JavaScript", () => {
  it("register, confirm by the mailed link, log in with the guest cart, use the session, log out", async () => {
    const email = await registered("en");
    const done = await page("en", "/account/register?step=done");
    expect(await done.text()).toContain("please confirm your email address");

    // Not before confirming, said clearly.
    const early = await page("en", "/account/login", { form: { email, password: PASSWORD } });
    expect(early.status).toBe(403);
    expect(await early.text()).toMatch(/confirm/i);

    const confirmed = await page("en", await confirmationLink(email));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/account/login?notice=confirmed");
    expect(await (await page("en", "/account/login?notice=confirmed")).text()).toContain("Your email address is confirmed");
    // The link is spent.
    const again = await page("en", await confirmationLink(email));
    expect(again.headers.get("location")).toMatch(/^\/account\/login\?error=confirmation_/);

    // A guest cart with a line, brought to the login.
    const client = shopClient(shop);
    const guestCart = await client.newCart("en");
    const added = await client.call("POST", "/api/cart/", {
      cart: guestCart,
      body: { product: { sku: variant.productSku, quantity: 2, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    expect(added.status).toBe(200);

    const login = await page("en", "/account/login", {
      form: { email, password: PASSWORD, redirect: "/account" },
      cookie: `${COOKIES.cartId}=${guestCart}`,
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/account");
    const cookies = setCookies(login);
    const token = cookies[COOKIES.authToken] as string;
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(cookies[COOKIES.loggedIn]).toBe("1");
    expect(cookies[COOKIES.cartId]).toBe(guestCart);
    expect(login.headers.getSetCookie().find((c) => c.startsWith(`${COOKIES.authToken}=`))).toMatch(/HttpOnly/i);

    // The session reaches the API from the cookie, and the cart is now the customer's alone.
    const session = `${COOKIES.authToken}=${token}; ${COOKIES.cartId}=${guestCart}`;
    const user = await shop.request("/api/auth/user", { headers: { cookie: session } });
    expect(((await user.json()) as { user: { email: string } }).user.email).toBe(email);
    const mine = await client.call<{ cart: Cart }>("GET", "/api/cart", { headers: { cookie: session } });
    expect(mine.body.cart.total_quantity).toBe(2);
    const stranger = await client.call("GET", "/api/cart", { cart: guestCart });
    expect(stranger.status).toBe(404);

    // The account page is private and greets nobody else.
    const account = await page("en", "/account", { cookie: session });
    expect(account.status).toBe(200);
    expect(account.headers.get("cache-control")).toMatch(/private/);

    const logout = await page("en", "/account/logout", { form: {}, cookie: session });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("location")).toBe("/");
    expect(setCookies(logout)[COOKIES.authToken]).toBe("");
    expect(setCookies(logout)[COOKIES.cartId]).toBe("");
    // The old cookies reach nothing: the session is revoked on the server.
    expect((await shop.request("/api/auth/user", { headers: { cookie: session } })).status).toBe(401);
    expect((await client.call("GET", "/api/cart", { headers: { cookie: session } })).status).toBe(404);
  });

  it("a second login merges the new guest cart into the customer's cart", async () => {
    const email = await registered("en");
    await page("en", await confirmationLink(email));
    const client = shopClient(shop);
    const add = async (cart: string, quantity: number) =>
      client.call("POST", "/api/cart/", {
        cart,
        body: { product: { sku: variant.productSku, quantity, selected_options: [variant.colorUid, variant.sizeUid] } },
      });
    const first = await client.newCart("en");
    await add(first, 1);
    const one = setCookies(
      await page("en", "/account/login", { form: { email, password: PASSWORD }, cookie: `${COOKIES.cartId}=${first}` }),
    );
    const second = await client.newCart("en");
    await add(second, 3);
    const two = setCookies(
      await page("en", "/account/login", { form: { email, password: PASSWORD }, cookie: `${COOKIES.cartId}=${second}` }),
    );
    expect(two[COOKIES.cartId]).toBe(first);
    const session = `${COOKIES.authToken}=${two[COOKIES.authToken]}; ${COOKIES.cartId}=${first}`;
    const cart = await client.call<{ cart: Cart }>("GET", "/api/cart", { headers: { cookie: session } });
    expect(cart.body.cart.total_quantity).toBe(4);
    expect(one[COOKIES.authToken]).not.toBe(two[COOKIES.authToken]);
  });

  it("words refusals in the store's language, next to the field, keeping what was typed but never the password", async () => {
    const response = await page("fi", "/account/register", {
      form: {
        firstname: "Aino",
        lastname: "Asiakas",
        email: newEmail(),
        newPassword: "lyhyt",
        confirmPassword: "lyhyt",
        captcha: await shop.captcha(),
      },
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="Aino"');
    expect(html).not.toContain('value="lyhyt"');
    expect(html).toMatch(/aria-invalid="true"/);
    const wrong = await page("fi", "/account/login", { form: { email: newEmail(), password: "Väärä-Sana9" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it("forgot password: the same answer for anyone, the mailed key sets a new password once and ends the old sessions", async () => {
    const email = await registered("fi");
    await page("fi", await confirmationLink(email));
    const before = setCookies(await page("fi", "/account/login", { form: { email, password: PASSWORD } }));
    const oldSession = `${COOKIES.authToken}=${before[COOKIES.authToken]}`;

    const known = await page("fi", "/account/forgot-password", { form: { email } });
    const unknown = await page("fi", "/account/forgot-password", { form: { email: newEmail() } });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    const notice = "Jos tällä sähköpostiosoitteella on tili";
    expect(await known.text()).toContain(notice);
    expect(await unknown.text()).toContain(notice);

    const link = new URL(await mailedLink(email, "/account/reset-password"), "http://fi.localhost");
    const fields = { id: link.searchParams.get("id") ?? "", key: link.searchParams.get("key") ?? "" };
    const mismatch = await page("fi", "/account/reset-password", {
      form: { ...fields, newPassword: "Uusi-Sana-88", confirmPassword: "Uusi-Sana-89" },
    });
    expect(mismatch.status).toBe(400);
    const reset = await page("fi", "/account/reset-password", {
      form: { ...fields, newPassword: "Uusi-Sana-88", confirmPassword: "Uusi-Sana-88" },
    });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/account/login?notice=passwordReset");
    expect((await shop.request("/api/auth/user", { headers: { cookie: oldSession } })).status).toBe(401);
    const reused = await page("fi", "/account/reset-password", {
      form: { ...fields, newPassword: "Toinen-Sana-77", confirmPassword: "Toinen-Sana-77" },
    });
    expect(reused.status).toBe(400);
    expect((await page("fi", "/account/login", { form: { email, password: PASSWORD } })).status).toBe(401);
    expect((await page("fi", "/account/login", { form: { email, password: "Uusi-Sana-88" } })).status).toBe(302);
  });

  it("a customer's order is in their account at once, and nobody else's", async () => {
    const email = await registered("en");
    await page("en", await confirmationLink(email));
    const client = shopClient(shop);
    const guestCart = await client.newCart("en");
    await client.call("POST", "/api/cart/", {
      cart: guestCart,
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    // 60 € a unit: invoice is on offer from 50 €.
    await setFixedPrice(shop.database.pool, variant.variantId, 6000);
    const login = setCookies(
      await page("en", "/account/login", { form: { email, password: PASSWORD }, cookie: `${COOKIES.cartId}=${guestCart}` }),
    );
    const session = `${COOKIES.authToken}=${login[COOKIES.authToken]}; ${COOKIES.cartId}=${login[COOKIES.cartId]}`;
    const steps: [string, unknown][] = [
      ["/api/checkout/shippingAddress", { address: DEMO_ADDRESS }],
      ["/api/checkout/shippingMethods", { method_code: "home_delivery" }],
      ["/api/checkout/billingAddress", { same_as_shipping: true }],
      ["/api/checkout/paymentMethod", { code: "invoice" }],
      [`/api/luhta_cart/finnairPlusNumber/${login[COOKIES.cartId]}`, { number: "AY 123456789" }],
    ];
    for (const [pathname, body] of steps) {
      const reply = await client.call("POST", pathname, { body, headers: { cookie: session } });
      expect(reply.status, `${pathname}: ${JSON.stringify(reply.body)}`).toBe(200);
    }
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { headers: { cookie: session } });
    expect(placed.status).toBe(200);
    const number = placed.body.order.order_number;

    const orders = await page("en", "/account/orders", { cookie: session });
    expect(orders.status).toBe(200);
    expect(orders.headers.get("cache-control")).toMatch(/private/);
    expect(await orders.text()).toContain(`Order ${number}`);
    const detail = await page("en", `/account/order/${number}`, { cookie: session });
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain(DEMO_ADDRESS.street);
    expect(html).toContain("Invoice (14 days)");
    // Spec §3 order display: the billing address and the Finnair Plus number too.
    expect(html).toContain("Billing address");
    expect(html).toMatch(/Finnair Plus number<\/dt><dd[^>]*>[^<]*123456789</);

    // Another customer: not found; a guest: sent to log in.
    const other = await registered("en");
    await page("en", await confirmationLink(other));
    const theirs = setCookies(await page("en", "/account/login", { form: { email: other, password: PASSWORD } }));
    const stranger = `${COOKIES.authToken}=${theirs[COOKIES.authToken]}`;
    expect((await page("en", `/account/order/${number}`, { cookie: stranger })).status).toBe(404);
    expect(await (await page("en", "/account/orders", { cookie: stranger })).text()).not.toContain(number);
    const guest = await page("en", `/account/order/${number}`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/account\/login\?redirect=/);
  });

  it("changes the password given the current one: this session stays, the others end", async () => {
    const email = await registered("fi");
    await page("fi", await confirmationLink(email));
    const logIn = async (password: string) =>
      setCookies(await page("fi", "/account/login", { form: { email, password } }))[COOKIES.authToken];
    const here = `${COOKIES.authToken}=${await logIn(PASSWORD)}`;
    const elsewhere = `${COOKIES.authToken}=${await logIn(PASSWORD)}`;

    const wrong = await page("fi", "/account/edit/password", {
      form: { currentPassword: "Väärä-Sana-1", newPassword: "Uusi-Sana-55", confirmPassword: "Uusi-Sana-55" },
      cookie: here,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Nykyinen salasana on väärin");
    const weak = await page("fi", "/account/edit/password", {
      form: { currentPassword: PASSWORD, newPassword: "salasana", confirmPassword: "salasana" },
      cookie: here,
    });
    expect(weak.status).toBe(400);

    const changed = await page("fi", "/account/edit/password", {
      form: { currentPassword: PASSWORD, newPassword: "Uusi-Sana-55", confirmPassword: "Uusi-Sana-55" },
      cookie: here,
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/account/edit/password?notice=passwordChanged");
    expect((await shop.request("/api/auth/user", { headers: { cookie: here } })).status).toBe(200);
    expect((await shop.request("/api/auth/user", { headers: { cookie: elsewhere } })).status).toBe(401);
    expect(await logIn(PASSWORD)).toBeUndefined();
    expect(await logIn("Uusi-Sana-55")).toMatch(/^[\w-]{20,}$/);
    // Only with a session.
    const guest = await page("fi", "/account/edit/password", {
      form: { currentPassword: PASSWORD, newPassword: "X-y-z-12345", confirmPassword: "X-y-z-12345" },
    });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/account\/login/);
  });
});

describe("the auth callback (spec §2 /login)", () => {
  it("sends a logged-in shopper on to a local destination, a guest to log in first with the destination kept", async () => {
    const guest = await page("en", "/login?redirect=%2Faccount%2Forders");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/account/login?redirect=%2Faccount%2Forders");
    expect((await page("en", "/login")).headers.get("location")).toBe("/account/login");

    const email = await registered("fi");
    await shop.database.pool.query("UPDATE customers SET confirmed_at = now() WHERE email = $1", [email]);
    const store = await shop.services.catalog.store("fi");
    if (!store) throw new Error("no store");
    const customer = await shop.services.customers.login(store, { email, password: PASSWORD }, { address: "203.0.113.80" });
    const cookie = `${COOKIES.authToken}=${customer.accessToken}`;
    const back = await page("fi", "/login?redirect=%2Faccount%2Forders", { cookie });
    expect(back.headers.get("location")).toBe("/account/orders");
    // Another site is never a destination.
    expect((await page("fi", "/login?redirect=https%3A%2F%2Fevil.example%2F", { cookie })).headers.get("location")).toBe("/");
  });
});
