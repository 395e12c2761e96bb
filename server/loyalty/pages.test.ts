// The account home, joining the loyalty programme and an order's tracking link, as a browser
// without JavaScript gets them from the real production build: the home greets the customer by
// first name with their latest orders, details and loyalty card; the card's form joins (once)
// and fills the member number into the cart; after the warehouse reports a parcel, the order
// page shows it with the carrier's tracking link in the store's language — to its owner only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIES } from "../../lib/cookies.ts";
import { groupedMemberNumber, isMemberNumber } from "../../lib/loyalty.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { customerCart, customerOrder, loggedInCustomer, type TestCustomer } from "../../tests/helpers/customers.ts";
import { pageRequest, type StoreCode } from "../../tests/helpers/page-requests.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

const TOKEN = "page-test-operator-token-0123456789";
let shop: TestShop;
let pages: BuiltPages;
let variant: TestVariant;

beforeAll(async () => {
  shop = await createTestShop({ config: { OPERATOR_TOKEN: TOKEN } });
  pages = await loadBuiltPages();
  variant = await configurableVariant(shop.database.pool, 7, 100);
  await setFixedPrice(shop.database.pool, variant.variantId, 6000);
});
afterAll(() => shop?.close());

const page = (store: StoreCode, pathname: string, init?: Parameters<typeof pageRequest>[2]) =>
  pages(pageRequest(store, pathname, init), shop.services, store);
const session = (customer: TestCustomer, cart?: string) =>
  `${COOKIES.authToken}=${customer.token}${cart ? `; ${COOKIES.cartId}=${cart}` : ""}`;
/** Text as a reader sees it: tags and entities out, spaces collapsed. */
const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the account home without JavaScript", () => {
  it("greets by first name and shows the latest three orders, the details with their edit links, and the loyalty card", async () => {
    const customer = await loggedInCustomer(shop, "en", "Helmi");
    const empty = visible(await (await page("en", "/account", { cookie: session(customer) })).text());
    expect(empty).toContain("Hello, Helmi!");
    expect(empty).toContain("You have no orders yet.");

    const numbers: string[] = [];
    for (let i = 0; i < 4; i++) numbers.push(await customerOrder(shop, customer, variant));
    const response = await page("en", "/account", { cookie: session(customer) });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/private/);
    const html = await response.text();
    const text = visible(html);
    // The newest three, newest first; the oldest only through "All orders".
    const shown = [...html.matchAll(/href="\/account\/order\/(\w+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(numbers.slice(1).reverse());
    expect(html).toContain('href="/account/orders"');
    expect(text).toContain(`Helmi Asiakas`);
    expect(text).toContain(customer.email);
    for (const edit of ["/account/edit/user-info", "/account/edit/address", "/account/edit/password"])
      expect(html).toContain(`href="${edit}"`);
    expect(text).toContain("Loyalty programme");
    expect(text).toContain("Join the loyalty programme");
  });

  it("a guest is sent to log in", async () => {
    const response = await page("en", "/account");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/account\/login\?redirect=/);
  });
});

describe("joining the loyalty programme from the account without JavaScript", () => {
  it("joins once, shows the member number and the store's benefits, and fills the number into the cart", async () => {
    const customer = await loggedInCustomer(shop, "fi", "Eero");
    const cart = await customerCart(shop, customer, variant, "fi");
    const before = visible(await (await page("fi", "/account", { cookie: session(customer, cart) })).text());
    expect(before).toContain("Liity kanta-asiakasohjelmaan");
    expect(before).toContain("näytä jäsennumero kassalla myymälöissämme");

    const joined = await page("fi", "/account/loyalty", { form: {}, cookie: session(customer, cart) });
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe("/account?notice=loyaltyJoined");
    const { rows } = await shop.database.pool.query("SELECT member_number FROM loyalty_members WHERE customer_id = $1", [customer.id]);
    const number = rows[0]?.member_number as string;
    expect(isMemberNumber(number)).toBe(true);

    const home = visible(await (await page("fi", "/account?notice=loyaltyJoined", { cookie: session(customer, cart) })).text());
    expect(home).toContain("Tervetuloa kanta-asiakasohjelmaan!");
    expect(home).toContain("Jäsennumero");
    expect(home).toContain(groupedMemberNumber(number));
    expect(home).not.toContain("Liity kanta-asiakasohjelmaan");

    // The cart page shows it filled in.
    const cartPage = await (await page("fi", "/cart", { cookie: session(customer, cart) })).text();
    expect(cartPage).toContain(number);

    // Joining again (a form sent twice) keeps the one membership.
    expect((await page("fi", "/account/loyalty", { form: {}, cookie: session(customer, cart) })).status).toBe(302);
    const again = await shop.database.pool.query("SELECT member_number FROM loyalty_members WHERE customer_id = $1", [customer.id]);
    expect(again.rows).toEqual([{ member_number: number }]);
  });

  it("a guest's join is sent to log in and writes nothing", async () => {
    const { rows: before } = await shop.database.pool.query("SELECT count(*)::int AS n FROM loyalty_members");
    const response = await page("en", "/account/loyalty", { form: {} });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/account\/login/);
    const { rows: after } = await shop.database.pool.query("SELECT count(*)::int AS n FROM loyalty_members");
    expect(after[0].n).toBe(before[0].n);
  });
});

describe("an order's shipments without JavaScript", () => {
  it("shows the parcel with the carrier's tracking link after the warehouse reports it, to its owner only", async () => {
    const customer = await loggedInCustomer(shop, "fi");
    const number = await customerOrder(shop, customer, variant, "fi");
    const before = visible(await (await page("fi", `/account/order/${number}`, { cookie: session(customer) })).text());
    expect(before).toContain("Käsittelyssä");
    expect(before).not.toContain("Lähetykset");

    const reported = await shopClient(shop).call("POST", `/api/operator/orders/${number}/shipments`, {
      body: { carrier: "matkahuolto", tracking_number: "MH 4455 6677 88" },
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reported.status).toBe(201);

    const html = await (await page("fi", `/account/order/${number}`, { cookie: session(customer) })).text();
    const text = visible(html);
    expect(text).toContain("Lähetetty");
    expect(text).toContain(`Lähetys ${number}-1`);
    expect(text).toContain("MH4455667788");
    expect(html).toContain('href="https://www.matkahuolto.fi/seuranta?parcelNumber=MH4455667788"');
    expect(text).toContain("Seuraa pakettia: Matkahuolto");
    const home = visible(await (await page("fi", "/account", { cookie: session(customer) })).text());
    expect(home).toContain("Lähetetty");

    // Another customer: not found.
    const stranger = await loggedInCustomer(shop, "fi");
    expect((await page("fi", `/account/order/${number}`, { cookie: session(stranger) })).status).toBe(404);
  });
});
