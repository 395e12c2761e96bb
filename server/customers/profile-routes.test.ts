// The customer's details and address book as an API client sees them (decision 0018):
// GET/PUT /api/customer/customer/me and /api/customer/addresses, with a bearer token; a guest
// is 401, another customer's address is 404, spec §5's messages for each broken rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dottedDate, today } from "../../lib/validation.ts";
import { configurableVariant, setFixedPrice } from "../../tests/helpers/catalog-rows.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { ADDRESS_BOOK_MAX } from "./addresses.ts";

const PASSWORD = "Kuusi-Metsä9";
const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ mailer });
});
afterAll(() => shop?.close());

type Options = { store?: "en" | "fi"; token?: string };
async function call(method: string, path: string, body?: unknown, { store = "en", token }: Options = {}) {
  const res = await shop.request(path, {
    method,
    store,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: replies of many shapes, each checked by its assertions
  return { status: res.status, body: (await res.json()) as any };
}

let serial = 0;
const newEmail = () => `profiili.${Date.now()}.${++serial}@example.com`;

/** A registered, confirmed (by its mailed key) and logged-in customer. */
async function customer(store: "en" | "fi" = "en") {
  const email = newEmail();
  const registered = await call(
    "POST",
    "/api/customer/customer",
    { firstname: "Aino", lastname: "Asiakas", email, newPassword: PASSWORD, confirmPassword: PASSWORD, captcha: await shop.captcha() },
    { store },
  );
  expect(registered.status).toBe(201);
  await expect.poll(() => sent.some((m) => m.to === email), { timeout: 10_000 }).toBe(true);
  const mail = sent.find((m) => m.to === email) as MailMessage;
  const [, id, key] = /\/account\/confirm\?id=(\d+)&key=([\w-]+)/.exec(mail.text) ?? [];
  expect((await call("POST", "/api/customer/confirmRegistration", { customerId: Number(id), confirmationToken: key })).status).toBe(200);
  const login = await call("POST", "/api/auth/login", { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return { email, token: login.body.token.accessToken as string };
}

const HOME = {
  firstname: "Aino",
  lastname: "Asiakas",
  street: "Aleksanterinkatu 5",
  postcode: "00100",
  city: "Helsinki",
  country_code: "FI",
  telephone: "+358 40 765 4321",
};
const COTTAGE = { ...HOME, street: "Mökkitie 12", postcode: "41800", city: "Korpilahti" };

/** A day `years` years and `days` days before today (in Helsinki), as the form writes it. */
function yearsAgo(years: number, days = 0) {
  const now = today();
  const d = new Date(Date.UTC(now.year - years, now.month - 1, now.day - days));
  return dottedDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

describe("the customer's details", () => {
  it("a guest is told to log in, for every endpoint", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/customer/customer/me"],
      ["PUT", "/api/customer/customer/me", { firstname: "A", lastname: "B", email: "a@example.com" }],
      ["GET", "/api/customer/addresses"],
      ["POST", "/api/customer/addresses", HOME],
      ["PUT", "/api/customer/addresses/1", HOME],
      ["DELETE", "/api/customer/addresses/1"],
    ] as const) {
      const reply = await call(method, path, body, { token: "not-a-session-token-of-anyone-at-all-xxxxxxxx" });
      expect(reply.status, `${method} ${path}`).toBe(401);
      expect(reply.body[0].code).toBe("not_logged_in");
    }
  });

  it("saves names, telephone and birthday; the same details again change nothing and say so", async () => {
    const { email, token } = await customer();
    const me = await call("GET", "/api/customer/customer/me", undefined, { token });
    expect(me.body.customer).toMatchObject({ email, firstname: "Aino", lastname: "Asiakas", telephone: null, birthday: null });

    const details = { firstname: " Aino-Maria ", lastname: "Asiakas", email, telephone: "040 123 4567", birthday: "5.3.1990" };
    const saved = await call("PUT", "/api/customer/customer/me", details, { token });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      changed: true,
      message: "Your details have been saved.",
      customer: { firstname: "Aino-Maria", telephone: "040 123 4567", birthday: "05.03.1990" },
    });
    expect((await call("GET", "/api/auth/user", undefined, { token })).body.user.firstname).toBe("Aino-Maria");

    // Sent again as saved (the birthday as shown): nothing to do.
    const again = await call("PUT", "/api/customer/customer/me", { ...details, birthday: "05.03.1990" }, { token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, message: "No changes have been made" });
    const fi = await call("PUT", "/api/customer/customer/me", details, { token, store: "fi" });
    expect(fi.body).toMatchObject({ changed: false, message: "Muutoksia ei tehty" });

    // Optional ones can be cleared.
    const cleared = await call("PUT", "/api/customer/customer/me", { firstname: "Aino", lastname: "Asiakas", email }, { token });
    expect(cleared.body.customer).toMatchObject({ telephone: null, birthday: null });
  });

  it("refuses a birthday in the wrong format, in the future, under 15 or over 100, with spec §5's messages", async () => {
    const { email, token } = await customer();
    const put = (birthday: string, store: "en" | "fi" = "en") =>
      call("PUT", "/api/customer/customer/me", { firstname: "Aino", lastname: "Asiakas", email, birthday }, { token, store });
    for (const [birthday, rule, message] of [
      ["1990-01-31", "dateFormat", "Please give the date in the format 31.01.2021"],
      ["31.02.1990", "dateFormat", "Please give the date in the format 31.01.2021"],
      [yearsAgo(0, -1), "dateFuture", "Date can't be in the future"],
      [yearsAgo(15, -1), "minAge", "You need to be at least 15 years old"],
      [yearsAgo(101), "maxAge", "Please check the date: the age can be at most 100 years"],
    ] as const) {
      const reply = await put(birthday);
      expect(reply.status, birthday).toBe(400);
      expect(reply.body[0]).toMatchObject({ code: "invalid_input", field: "birthday", params: { rule }, message });
    }
    expect((await put(yearsAgo(15, -1), "fi")).body[0].message).toBe("Sinun on oltava vähintään 15-vuotias");
    // The edges are in: 15 today, 100 today.
    expect((await put(yearsAgo(15))).status).toBe(200);
    expect((await put(yearsAgo(100))).status).toBe(200);

    const unnamed = await call("PUT", "/api/customer/customer/me", { firstname: " ", lastname: "Asiakas", email }, { token });
    expect(unnamed.body[0]).toMatchObject({ field: "firstname", message: "This field is required and cannot be empty" });
    const badPhone = await call(
      "PUT",
      "/api/customer/customer/me",
      { firstname: "A", lastname: "B", email, telephone: "soita" },
      { token },
    );
    expect(badPhone.body[0]).toMatchObject({ field: "telephone", params: { rule: "telephone" } });
  });

  it("changes the email only with the current password, and never to another account's address", async () => {
    const { email, token } = await customer();
    const other = await customer();
    const next = newEmail();
    const put = (body: Record<string, string>) =>
      call("PUT", "/api/customer/customer/me", { firstname: "Aino", lastname: "Asiakas", ...body }, { token });

    const without = await put({ email: next });
    expect(without.status).toBe(400);
    expect(without.body[0]).toMatchObject({ field: "currentPassword", params: { rule: "required" } });
    const wrong = await put({ email: next, currentPassword: "Väärä-Salasana1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body[0]).toMatchObject({ code: "current_password_wrong", field: "currentPassword" });
    const taken = await put({ email: other.email.toUpperCase(), currentPassword: PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body[0]).toMatchObject({
      code: "email_taken",
      field: "email",
      message: "This email address is already tied to an existing account",
    });
    expect((await call("GET", "/api/customer/customer/me", undefined, { token })).body.customer.email).toBe(email);

    const moved = await put({ email: next, currentPassword: PASSWORD });
    expect(moved.status).toBe(200);
    expect(moved.body.customer.email).toBe(next);
    // The new address is the login from now on; the old one is nobody's.
    expect((await call("POST", "/api/auth/login", { email: next, password: PASSWORD })).status).toBe(200);
    expect((await call("POST", "/api/auth/login", { email, password: PASSWORD })).status).toBe(401);
  });
});

describe("the address book", () => {
  it("adds, lists (default first), edits, makes default and removes; the default moves on when it goes", async () => {
    const { token } = await customer();
    expect((await call("GET", "/api/customer/addresses", undefined, { token })).body.addresses).toEqual([]);

    const first = await call("POST", "/api/customer/addresses", { ...HOME, company: " Aino Oy ", vat_id: "fi 1234 5678" }, { token });
    expect(first.status).toBe(201);
    expect(first.body.address).toMatchObject({ ...HOME, company: "Aino Oy", vat_id: "FI12345678", default_shipping: true });
    const second = await call("POST", "/api/customer/addresses", COTTAGE, { token });
    expect(second.body.address).toMatchObject({ street: "Mökkitie 12", default_shipping: false });
    const homeId = first.body.address.id as number;
    const cottageId = second.body.address.id as number;

    const edited = await call(
      "PUT",
      `/api/customer/addresses/${cottageId}`,
      { ...COTTAGE, city: "Jyväskylä", default_shipping: true },
      { token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.address).toMatchObject({ city: "Jyväskylä", default_shipping: true });
    const listed = (await call("GET", "/api/customer/addresses", undefined, { token })).body.addresses;
    expect(listed.map((a: { id: number; default_shipping: boolean }) => [a.id, a.default_shipping])).toEqual([
      [cottageId, true],
      [homeId, false],
    ]);
    // An edit without the company clears it (PUT replaces).
    const plain = await call("PUT", `/api/customer/addresses/${homeId}`, HOME, { token });
    expect(plain.body.address.company).toBeUndefined();

    const removed = await call("DELETE", `/api/customer/addresses/${cottageId}`, undefined, { token });
    expect(removed.status).toBe(200);
    expect(removed.body.addresses).toEqual([expect.objectContaining({ id: homeId, default_shipping: true })]);
  });

  it("refuses what the checkout refuses, with the field named", async () => {
    const { token } = await customer();
    const bad = async (change: Record<string, string>, field: string, rule: string) => {
      const reply = await call("POST", "/api/customer/addresses", { ...HOME, ...change }, { token });
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(reply.body[0]).toMatchObject({ code: "invalid_input", field, params: { rule } });
    };
    await bad({ postcode: "123" }, "postcode", "postcode");
    await bad({ street: "" }, "street", "required");
    await bad({ country_code: "US" }, "country_code", "country");
    await bad({ vat_id: "12345" }, "vat_id", "vatId");
    expect((await call("POST", "/api/customer/addresses", { ...HOME, extra: "x" }, { token })).status).toBe(400);
    expect((await call("GET", "/api/customer/addresses", undefined, { token })).body.addresses).toEqual([]);
  });

  it("another customer's address is not found, and stays as it was", async () => {
    const owner = await customer();
    const stranger = await customer("fi");
    const { body } = await call("POST", "/api/customer/addresses", HOME, { token: owner.token });
    const id = body.address.id as number;
    expect((await call("PUT", `/api/customer/addresses/${id}`, COTTAGE, { token: stranger.token })).status).toBe(404);
    const gone = await call("DELETE", `/api/customer/addresses/${id}`, undefined, { token: stranger.token, store: "fi" });
    expect(gone.status).toBe(404);
    expect(gone.body[0]).toMatchObject({ code: "address_not_found", message: "Osoitetta ei löytynyt" });
    expect((await call("GET", "/api/customer/addresses", undefined, { token: stranger.token })).body.addresses).toEqual([]);
    const mine = (await call("GET", "/api/customer/addresses", undefined, { token: owner.token })).body.addresses;
    expect(mine).toEqual([expect.objectContaining({ id, street: HOME.street })]);
  });

  it(`holds at most ${ADDRESS_BOOK_MAX} addresses`, async () => {
    const { token } = await customer();
    for (let i = 1; i <= ADDRESS_BOOK_MAX; i++)
      expect((await call("POST", "/api/customer/addresses", { ...HOME, street: `Katu ${i}` }, { token })).status).toBe(201);
    const full = await call("POST", "/api/customer/addresses", COTTAGE, { token });
    expect(full.status).toBe(409);
    expect(full.body[0]).toMatchObject({ code: "address_book_full", params: { max: ADDRESS_BOOK_MAX } });
  });
});

describe("checking out with the address book", () => {
  it("a guest cart ordered with a session and a saved address is the customer's order, shipped there", async () => {
    const variant = await configurableVariant(shop.database.pool, 27, 50);
    await setFixedPrice(shop.database.pool, variant.variantId, 6000);
    const { email, token } = await customer();
    const other = await customer();
    const { body: mine } = await call("POST", "/api/customer/addresses", HOME, { token });
    const { body: theirs } = await call("POST", "/api/customer/addresses", COTTAGE, { token: other.token });

    // A guest cart, made and filled without the session.
    const made = await shop.request("/api/cart/createEmptyCart", { method: "POST" });
    const { cart_id } = (await made.json()) as { cart_id: string };
    const cartCall = async (method: string, path: string, body?: unknown, auth = true) => {
      const res = await shop.request(path, {
        method,
        headers: { cart: cart_id, "content-type": "application/json", ...(auth ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: replies of many shapes, each checked by its assertions
      return { status: res.status, body: (await res.json()) as any };
    };
    const add = { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } };
    expect((await cartCall("POST", "/api/cart/", add, false)).status).toBe(200);

    // Only one's own saved address, and only with a session.
    expect((await cartCall("POST", "/api/checkout/shippingAddress", { customer_address_id: mine.address.id }, false)).status).toBe(401);
    const foreign = await cartCall("POST", "/api/checkout/shippingAddress", { customer_address_id: theirs.address.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body[0].code).toBe("address_not_found");
    const shipped = await cartCall("POST", "/api/checkout/shippingAddress", { customer_address_id: mine.address.id });
    expect(shipped.status).toBe(200);
    expect(shipped.body.cart.shipping_addresses[0]).toMatchObject({ ...HOME, email });
    for (const [path, body] of [
      ["/api/checkout/shippingMethods", { method_code: "home_delivery" }],
      ["/api/checkout/billingAddress", { same_as_shipping: true }],
      ["/api/checkout/paymentMethod", { code: "invoice" }],
    ] as const)
      expect((await cartCall("POST", path, body)).status, path).toBe(200);
    const placed = await cartCall("POST", "/api/checkout/placeOrder", {});
    expect(placed.status).toBe(200);

    const store = await shop.services.catalog.store("en");
    if (!store) throw new Error("no en store");
    const me = (await call("GET", "/api/customer/customer/me", undefined, { token })).body.customer.id as number;
    const orders = await shop.services.customerOrders.list({ customerId: me }, store, 1);
    expect(orders.items.map((o) => o.order_number)).toEqual([placed.body.order.order_number]);
  });
});

describe("a cart made while logged in", () => {
  it("is the customer's: its id alone opens nothing, and the order placed with it is in the account", async () => {
    const { token } = await customer();
    const made = await shop.request("/api/cart/createEmptyCart", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    const { cart_id } = (await made.json()) as { cart_id: string };
    const asGuest = await shop.request("/api/cart", { headers: { cart: cart_id } });
    expect(asGuest.status).toBe(404);
    const mine = await shop.request("/api/cart", { headers: { cart: cart_id, authorization: `Bearer ${token}` } });
    expect(mine.status).toBe(200);
  });
});
