// The account home, the loyalty programme and an order's tracking link in the browser, in both
// stores (the en store on a desktop, the fi store on a phone): a customer logs in with a cart,
// finds the account home greeting them, joins the loyalty programme with one button and sees the
// member number, finds it filled in as the cart's loyalty card number, orders, and — once the
// warehouse reports the parcel — follows the carrier's tracking link from the order's page.
// axe-core checks each page; pictures go to test-results/screens.
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { isMemberNumber } from "../../lib/loyalty.ts";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";
import { addFromProductPage, findProduct, type Store, testShop } from "../helpers/e2e-shop.ts";
import { confirmedCustomer, PASSWORD } from "../helpers/customers.ts";

const port = inject("shopPort");
const mailDir = path.join(inject("shopDataDir"), "mail");
const operatorToken = inject("operatorToken");
const { origin, api } = testShop(port);

const TEXT = {
  en: {
    email: "Email",
    password: "Password",
    login: "Log in",
    add: "Add to cart",
    greeting: "Hello, Ilona!",
    join: "Join the loyalty programme",
    memberNumber: "Member number",
    welcome: "Welcome to the loyalty programme!",
    loyaltyCard: "Loyalty card number",
    track: "Track the parcel at Posti",
    shipped: "Shipped",
    trackingBase: "https://www.posti.fi/en/tracking#/lahetys/",
  },
  fi: {
    email: "Sähköposti",
    password: "Salasana",
    login: "Kirjaudu",
    add: "Lisää ostoskoriin",
    greeting: "Hei, Ilona!",
    join: "Liity kanta-asiakasohjelmaan",
    memberNumber: "Jäsennumero",
    welcome: "Tervetuloa kanta-asiakasohjelmaan!",
    loyaltyCard: "Kanta-asiakaskortin numero",
    track: "Seuraa pakettia: Posti",
    shipped: "Lähetetty",
    trackingBase: "https://www.posti.fi/fi/seuranta#/lahetys/",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const journeys: [Store, keyof typeof VIEWPORTS][] = [
  ["en", "desktop"],
  ["fi", "mobile"],
];

describe.each(journeys)("the account home and the loyalty programme in the %s store (%s)", (store, viewport) => {
  const t = TEXT[store];
  let page: Page;
  beforeAll(async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    page = await context.newPage();
  });
  afterAll(() => page?.context().close());

  it("greets the customer, joins the programme, fills the cart's number in, and tracks the order's parcel", async () => {
    // A registered, confirmed customer, arriving with a cart.
    const { email } = await confirmedCustomer(port, mailDir, store, "Ilona");
    // As a guest, "Add to cart" on a product page; then to log in with that cart.
    const found = await findProduct(api, store, 3, { price: [55, 1000] });
    expect(await addFromProductPage(page, origin(store), found, t.add)).toBe(200);
    await page.goto(`${origin(store)}/account/login`);
    const main = page.locator("main");
    await main.getByLabel(t.email).fill(email);
    await main.getByLabel(t.password).fill(PASSWORD);
    await main.getByRole("button", { name: t.login }).click();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });

    // The account home greets by first name; the loyalty card offers to join.
    await page.goto(`${origin(store)}/account`);
    await page.getByRole("heading", { level: 1, name: t.greeting }).waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page);
    await snapshot(page, `loyalty-${store}-${viewport}-home`);

    await waitForHydration(page);
    await page.getByRole("button", { name: t.join }).click();
    await page.getByText(t.welcome).waitFor({ timeout: 10_000 });
    const number = (await page.locator("[data-member-number]").getAttribute("data-member-number")) ?? "";
    expect(isMemberNumber(number)).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: t.join }).count()).toBe(0);
    await page.locator("#loyalty").scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await snapshot(page, `loyalty-${store}-${viewport}-member`);

    // The cart has the member number as its loyalty card number.
    await page.goto(`${origin(store)}/cart`);
    const field = page.getByTestId("cart-loyalty_card");
    await expect.poll(() => field.textContent(), { timeout: 10_000 }).toContain(number);
    expect(await field.textContent()).toContain(t.loyaltyCard);
    await field.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await snapshot(page, `loyalty-${store}-${viewport}-cart`);

    // The order, and its parcel reported by the warehouse.
    const orderNumber = await page.evaluate(async () => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const address = {
        firstname: "Ilona",
        lastname: "Jäsen",
        street: "Pohjoisesplanadi 3",
        postcode: "00170",
        city: "Helsinki",
        country_code: "FI",
        telephone: "+358401234567",
        email: "ilona@example.com",
      };
      await post("/api/checkout/shippingAddress", { address });
      await post("/api/checkout/shippingMethods", { method_code: "home_delivery" });
      await post("/api/checkout/billingAddress", { same_as_shipping: true });
      await post("/api/checkout/paymentMethod", { code: "invoice" });
      const placed = await post("/api/checkout/placeOrder", {});
      return ((await placed.json()) as { order?: { order_number: string } }).order?.order_number ?? `failed ${placed.status}`;
    });
    expect(orderNumber).toMatch(/^(EN|FI)\d{7}$/);
    const tracking = `JJFI6401${Date.now().toString().slice(-10)}`;
    const reported = await fetch(`http://127.0.0.1:${port}/api/operator/orders/${orderNumber}/shipments`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${operatorToken}` },
      body: JSON.stringify({ carrier: "posti", tracking_number: tracking }),
    });
    expect(reported.status).toBe(201);

    await page.goto(`${origin(store)}/account`);
    await page.getByRole("link", { name: new RegExp(orderNumber) }).click();
    await page.waitForURL((url) => url.pathname === `/account/order/${orderNumber}`, { timeout: 10_000 });
    const track = page.getByRole("link", { name: new RegExp(t.track) });
    await track.waitFor({ timeout: 10_000 });
    expect(await track.getAttribute("href")).toBe(`${t.trackingBase}${tracking}`);
    expect(await track.getAttribute("target")).toBe("_blank");
    expect(await page.locator("main").textContent()).toContain(t.shipped);
    await track.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await snapshot(page, `loyalty-${store}-${viewport}-order-tracking`);
  });
});
