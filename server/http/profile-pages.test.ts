// The customer's details, address book and checkout with a saved address, as a browser without
// JavaScript sends them, against the real production build (decision 0018): plain form posts
// answered with a redirect and a notice, or the form again with each problem at its field in
// the store's language; the address book's choices at checkout; the order in the account at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../lib/cart-types.ts";
import { COOKIES } from "../../lib/cookies.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { pageRequest, type StoreCode } from "../../tests/helpers/page-requests.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

const PASSWORD = "Ruska-Aika73";

const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let shop: TestShop;
let pages: BuiltPages;
let variant: TestVariant;

beforeAll(async () => {
  shop = await createTestShop({ mailer });
  pages = await loadBuiltPages();
  variant = await configurableVariant(shop.database.pool, 23, 50);
  // 60 € a unit: invoice is on offer from 50 €.
  await setFixedPrice(shop.database.pool, variant.variantId, 6000);
});
afterAll(() => shop?.close());

const page = (store: StoreCode, pathname: string, init?: Parameters<typeof pageRequest>[2]) =>
  pages(pageRequest(store, pathname, init), shop.services, store);

const setCookies = (response: Response) =>
  Object.fromEntries(response.headers.getSetCookie().map((c) => (c.split(";")[0] ?? "").split("=") as [string, string]));

let serial = 0;
const newEmail = () => `tiedot.${Date.now()}.${++serial}@example.com`;

/** Registers, confirms by the mailed link and logs in through the pages; answers the session's cookie. */
async function loggedIn(store: StoreCode, cart?: string): Promise<{ email: string; cookie: string }> {
  const email = newEmail();
  const form = {
    firstname: "Aino",
    lastname: "Asiakas",
    email,
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
    captcha: await shop.captcha(),
  };
  expect((await page(store, "/account/register", { form })).status).toBe(302);
  const pattern = /\/account\/confirm\?id=\d+&key=[\w-]+/;
  await expect.poll(() => sent.some((m) => m.to === email && pattern.test(m.text)), { timeout: 10_000 }).toBe(true);
  const link = pattern.exec(sent.find((m) => m.to === email)?.text ?? "")?.[0] as string;
  expect((await page(store, link)).status).toBe(302);
  const login = await page(store, "/account/login", {
    form: { email, password: PASSWORD },
    cookie: cart ? `${COOKIES.cartId}=${cart}` : undefined,
  });
  expect(login.status).toBe(302);
  const cookies = setCookies(login);
  const cartPart = cookies[COOKIES.cartId] ? `; ${COOKIES.cartId}=${cookies[COOKIES.cartId]}` : "";
  return { email, cookie: `${COOKIES.authToken}=${cookies[COOKIES.authToken]}${cartPart}` };
}

const HOME = {
  firstname: "Aino",
  lastname: "Asiakas",
  street: "Hämeenkatu 10",
  postcode: "33100",
  city: "Tampere",
  country_code: "FI",
  telephone: "+358 50 111 2222",
};

describe("the customer's details without JavaScript", () => {
  it("saves the details, says when nothing changed, and words each problem at its field", async () => {
    const { email, cookie } = await loggedIn("en");
    const shown = await page("en", "/account/edit/user-info", { cookie });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toMatch(/private/);
    expect(await shown.text()).toContain(`value="${email}"`);

    const same = { firstname: "Aino", lastname: "Asiakas", email, telephone: "", birthday: "", currentPassword: "" };
    const unchanged = await page("en", "/account/edit/user-info", { form: same, cookie });
    expect(unchanged.status).toBe(302);
    expect(unchanged.headers.get("location")).toBe("/account/edit/user-info?notice=noChanges");
    expect(await (await page("en", "/account/edit/user-info?notice=noChanges", { cookie })).text()).toContain("No changes have been made");

    // Every problem at once, what was typed kept.
    const bad = await page("en", "/account/edit/user-info", {
      form: { ...same, firstname: "", telephone: "+358 40 999 8888", birthday: "31.02.1999" },
      cookie,
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("This field is required and cannot be empty");
    expect(html).toContain("Please give the date in the format 31.01.2021");
    expect(html).toContain('value="+358 40 999 8888"');
    const future = await page("en", "/account/edit/user-info", { form: { ...same, birthday: "01.01.2999" }, cookie });
    expect(await future.text()).toContain("Date can&#x27;t be in the future");

    const saved = await page("en", "/account/edit/user-info", {
      form: { ...same, firstname: "Aino-Liisa", telephone: "040 555 6666", birthday: "24.12.1985" },
      cookie,
    });
    expect(saved.headers.get("location")).toBe("/account/edit/user-info?notice=detailsSaved");
    const after = await (await page("en", "/account/edit/user-info?notice=detailsSaved", { cookie })).text();
    expect(after).toContain("Your details have been saved.");
    expect(after).toContain('value="Aino-Liisa"');
    expect(after).toContain('value="24.12.1985"');
  });

  it("changes the email with the current password only, never to another account's (fi)", async () => {
    const { email, cookie } = await loggedIn("fi");
    const other = await loggedIn("fi");
    const form = (change: Record<string, string>) => ({ firstname: "Aino", lastname: "Asiakas", email, ...change });
    const next = newEmail();

    const without = await page("fi", "/account/edit/user-info", { form: form({ email: next }), cookie });
    expect(without.status).toBe(400);
    expect(await without.text()).toContain("Tämä kenttä on pakollinen");
    const wrong = await page("fi", "/account/edit/user-info", { form: form({ email: next, currentPassword: "Väärä-Sana-12" }), cookie });
    expect(await wrong.text()).toContain("Nykyinen salasana on väärin");
    const taken = await page("fi", "/account/edit/user-info", { form: form({ email: other.email, currentPassword: PASSWORD }), cookie });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Tähän sähköpostiosoitteeseen on jo liitetty tili");
    const young = await page("fi", "/account/edit/user-info", { form: form({ birthday: "01.01.2020" }), cookie });
    expect(await young.text()).toContain("Sinun on oltava vähintään 15-vuotias");

    const moved = await page("fi", "/account/edit/user-info", { form: form({ email: next, currentPassword: PASSWORD }), cookie });
    expect(moved.status).toBe(302);
    const user = await shop.request("/api/auth/user", { headers: { cookie } });
    expect(((await user.json()) as { user: { email: string } }).user.email).toBe(next);
  });

  it("is behind login", async () => {
    const guest = await page("en", "/account/edit/user-info");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/account\/login\?redirect=/);
  });
});

describe("the address book without JavaScript", () => {
  it("adds, refuses with the field named, edits, makes default and removes", async () => {
    const { cookie } = await loggedIn("en");
    const empty = await (await page("en", "/account/edit/address", { cookie })).text();
    expect(empty).toContain("You have no saved addresses yet.");

    const refused = await page("en", "/account/edit/address", { form: { intent: "save", ...HOME, postcode: "331" }, cookie });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Please enter a valid postcode");
    expect(refusedHtml).toContain(`value="${HOME.street}"`);

    const added = await page("en", "/account/edit/address", { form: { intent: "save", ...HOME }, cookie });
    expect(added.headers.get("location")).toBe("/account/edit/address?notice=addressSaved");
    const cottage = { ...HOME, street: "Järvitie 3", postcode: "35800", city: "Mänttä", default_shipping: "on" };
    await page("en", "/account/edit/address", { form: { intent: "save", ...cottage }, cookie });
    const book = await shop.services.addresses.list({ customerId: await customerId(cookie) });
    expect(book.map((a) => [a.street, a.default_shipping])).toEqual([
      ["Järvitie 3", true],
      [HOME.street, false],
    ]);
    const listed = await (await page("en", "/account/edit/address?notice=addressSaved", { cookie })).text();
    expect(listed).toContain("The address has been saved.");
    expect(listed).toContain("Default shipping address");
    expect(listed).toContain("Finland");

    const home = book[1]?.id as number;
    const editing = await (await page("en", `/account/edit/address?edit=${home}`, { cookie })).text();
    expect(editing).toContain("Edit the address");
    expect(editing).toContain(`value="${HOME.street}"`);
    await page("en", "/account/edit/address", {
      form: { intent: "save", id: String(home), ...HOME, city: "Pirkkala", postcode: "33960" },
      cookie,
    });
    const made = await page("en", "/account/edit/address", { form: { intent: "default", id: String(home) }, cookie });
    expect(made.headers.get("location")).toBe("/account/edit/address?notice=defaultAddressSet");
    const removed = await page("en", "/account/edit/address", { form: { intent: "delete", id: String(home) }, cookie });
    expect(removed.headers.get("location")).toBe("/account/edit/address?notice=addressDeleted");
    const left = await shop.services.addresses.list({ customerId: await customerId(cookie) });
    expect(left.map((a) => [a.street, a.default_shipping])).toEqual([["Järvitie 3", true]]);

    // Someone else's address: not found, and left as it was.
    const stranger = await loggedIn("fi");
    const theirs = await page("fi", "/account/edit/address", {
      form: { intent: "delete", id: String(left[0]?.id) },
      cookie: stranger.cookie,
    });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toContain("Osoitetta ei löytynyt");
    expect(await shop.services.addresses.list({ customerId: await customerId(cookie) })).toHaveLength(1);
  });
});

async function storeOf(code: StoreCode) {
  const store = await shop.services.catalog.store(code);
  if (!store) throw new Error(`no store ${code}`);
  return store;
}

async function customerId(cookie: string): Promise<number> {
  const user = await shop.request("/api/auth/user", { headers: { cookie } });
  return ((await user.json()) as { user: { id: number } }).user.id;
}

describe("checkout as a customer without JavaScript", () => {
  it("offers the saved addresses (default chosen), orders with one, and the order is in the account at once", async () => {
    const client = shopClient(shop);
    const guestCart = await client.newCart("fi");
    const add = await client.call("POST", "/api/cart/", {
      cart: guestCart,
      store: "fi",
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    expect(add.status).toBe(200);
    const { email, cookie } = await loggedIn("fi", guestCart);
    const owner = { customerId: await customerId(cookie) };
    const fi = await storeOf("fi");
    await shop.services.addresses.add(owner, fi, { ...HOME, street: "Vanha katu 1" });
    const preferred = await shop.services.addresses.add(owner, fi, HOME, { makeDefault: true });

    const step1 = await page("fi", "/checkout", { cookie });
    expect(step1.status).toBe(200);
    const html = await step1.text();
    expect(html).toContain(`Lähetämme tilausvahvistuksen tilisi osoitteeseen ${email}.`);
    expect(html).toMatch(new RegExp(`id="saved-address-${preferred.id}"[^>]*checked`));
    expect(html).toContain("Uusi osoite");

    // Another customer's address id is not one to ship to.
    const stranger = await loggedIn("fi");
    const foreign = await shop.services.addresses.add({ customerId: await customerId(stranger.cookie) }, fi, {
      ...HOME,
      street: "Vieras tie 9",
    });
    const refused = await page("fi", "/checkout", {
      form: { intent: "shipping", saved_address: String(foreign.id), shipping_method: "home_delivery" },
      cookie,
    });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("Osoitetta ei löytynyt");

    const shipped = await page("fi", "/checkout", {
      form: { intent: "shipping", saved_address: String(preferred.id), shipping_method: "home_delivery" },
      cookie,
    });
    expect(shipped.status).toBe(302);
    const cart = await client.call<{ cart: Cart }>("GET", "/api/cart", { headers: { cookie }, store: "fi" });
    expect(cart.body.cart.shipping_addresses[0]).toMatchObject({ ...HOME, email });

    const step2 = await (await page("fi", "/checkout", { cookie })).text();
    const total = /name="expected_total" value="([\d.]+)"/.exec(step2)?.[1] as string;
    expect(total).toBeTruthy();
    const placed = await page("fi", "/checkout", {
      form: { intent: "place", billing_same: "on", company: "", vat_id: "", payment_method: "invoice", expected_total: total },
      cookie,
    });
    expect(placed.status).toBe(302);
    expect(placed.headers.get("location")).toBe("/checkout/success");
    const orders = await (await page("fi", "/account/orders", { cookie })).text();
    expect(orders).toMatch(/Tilaus FI\d+/);
  });

  it("a new address with 'save to my address book' is saved once; without the box it is not", async () => {
    const client = shopClient(shop);
    const guestCart = await client.newCart("en");
    await client.call("POST", "/api/cart/", {
      cart: guestCart,
      body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
    });
    const { email, cookie } = await loggedIn("en", guestCart);
    const owner = { customerId: await customerId(cookie) };
    // An empty book: the fields, and the box to tick.
    const step1 = await (await page("en", "/checkout", { cookie })).text();
    expect(step1).toContain("Save to my address book");
    expect(step1).not.toContain('name="email"');

    const shipping = { intent: "shipping", ...HOME, shipping_method: "home_delivery" };
    const refused = await page("en", "/checkout", { form: { ...shipping, city: "", save_address: "on" }, cookie });
    expect(refused.status).toBe(400);
    expect(await shop.services.addresses.list(owner)).toEqual([]);

    expect((await page("en", "/checkout", { form: { ...shipping, save_address: "on" }, cookie })).status).toBe(302);
    expect(
      (await page("en", "/checkout?step=shipping", { form: { ...shipping, saved_address: "new", save_address: "on" }, cookie })).status,
    ).toBe(302);
    const book = await shop.services.addresses.list(owner);
    expect(book).toEqual([expect.objectContaining({ ...HOME, default_shipping: true })]);
    const cart = await client.call<{ cart: Cart }>("GET", "/api/cart", { headers: { cookie } });
    expect(cart.body.cart.shipping_addresses[0]?.email).toBe(email);

    // Back at step 1, the address the cart ships to is the saved one, chosen.
    const again = await (await page("en", "/checkout?step=shipping", { cookie })).text();
    expect(again).toMatch(new RegExp(`id="saved-address-${book[0]?.id}"[^>]*checked`));
    await page("en", "/checkout?step=shipping", {
      form: { ...shipping, saved_address: "new", street: "Toinen katu 2" },
      cookie,
    });
    expect(await shop.services.addresses.list(owner)).toHaveLength(1);
  });
});
