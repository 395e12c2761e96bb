// A customer keeps their details and address book and checks out with a saved address (issue
// 11, decision 0018), in both stores (the en store on a desktop, the fi store on a phone): a
// birthday in the wrong format is said when the field is left, the details are saved and the
// same form again says nothing changed; an address goes into the book as the default; a product
// page's "Add to cart", the checkout with the saved address chosen for them and the account's
// email, and the order in /account/orders at once. axe-core checks each page.
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";
import { addFromProductPage, findProduct, type Store, testShop } from "../helpers/e2e-shop.ts";
import { logInBrowser, confirmedCustomer as registeredAndConfirmed, PASSWORD } from "../helpers/customers.ts";

const port = inject("shopPort");
const mailDir = path.join(inject("shopDataDir"), "mail");
const { origin, api } = testShop(port);

const TEXT = {
  en: {
    email: "Email",
    password: "Password",
    login: "Log in",
    details: "Your details",
    firstname: "First name",
    lastname: "Last name",
    telephone: "Telephone (optional)",
    birthday: "Birthday (optional)",
    badDate: "Please give the date in the format 31.01.2021",
    tooYoung: "You need to be at least 15 years old",
    saveDetails: "Save the details",
    saved: "Your details have been saved.",
    noChanges: "No changes have been made",
    addresses: "Addresses",
    street: "Street address",
    postcode: "Postcode",
    city: "City",
    country: "Country",
    phone: "Telephone",
    saveAddress: "Save the address",
    addressSaved: "The address has been saved.",
    defaultAddress: "Default shipping address",
    add: "Add to cart",
    cart: "Cart, 1 item",
    accountEmail: (email: string) => `We send the order confirmation to ${email}, the address of your account.`,
    home: /^Home delivery/,
    continue: "Continue to payment",
    invoice: /^Invoice \(14 days\)/,
    place: "Place order",
    success: "Thank you for your order!",
    order: (n: string) => `Order ${n}`,
    newAddress: "A new address",
    saveToBook: "Save to my address book",
    bookFull: "Your address book is full: it can hold 20 addresses. Please remove one first.",
  },
  fi: {
    email: "Sähköposti",
    password: "Salasana",
    login: "Kirjaudu",
    details: "Omat tiedot",
    firstname: "Etunimi",
    lastname: "Sukunimi",
    telephone: "Puhelin (valinnainen)",
    birthday: "Syntymäpäivä (valinnainen)",
    badDate: "Anna päivämäärä muodossa 31.01.2021",
    tooYoung: "Sinun on oltava vähintään 15-vuotias",
    saveDetails: "Tallenna tiedot",
    saved: "Tietosi on tallennettu.",
    noChanges: "Muutoksia ei tehty",
    addresses: "Osoitteet",
    street: "Katuosoite",
    postcode: "Postinumero",
    city: "Postitoimipaikka",
    country: "Maa",
    phone: "Puhelin",
    saveAddress: "Tallenna osoite",
    addressSaved: "Osoite on tallennettu.",
    defaultAddress: "Oletustoimitusosoite",
    add: "Lisää ostoskoriin",
    cart: "Ostoskori, 1 tuote",
    accountEmail: (email: string) => `Lähetämme tilausvahvistuksen tilisi osoitteeseen ${email}.`,
    home: /^Kotiinkuljetus/,
    continue: "Jatka maksamaan",
    invoice: /^Lasku \(14 päivää\)/,
    place: "Tee tilaus",
    success: "Kiitos tilauksestasi!",
    order: (n: string) => `Tilaus ${n}`,
    newAddress: "Uusi osoite",
    saveToBook: "Tallenna osoitekirjaani",
    bookFull: "Osoitekirjasi on täynnä: siihen mahtuu 20 osoitetta. Poista ensin jokin osoite.",
  },
} as const;

/** A customer registered and confirmed over the API, ready to log in with PASSWORD. */
async function confirmedCustomer(store: Store): Promise<string> {
  return (await registeredAndConfirmed(port, mailDir, store, "Aino")).email;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const journeys: [Store, keyof typeof VIEWPORTS, number][] = [
  ["en", "desktop", 3],
  ["fi", "mobile", 4],
];

describe.each(journeys)("details, address book and checkout in the %s store (%s)", (store, viewport, skip) => {
  const t = TEXT[store];
  let page: Page;
  beforeAll(async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    page = await context.newPage();
  });
  afterAll(() => page?.context().close());
  const main = () => page.locator("main");
  const shot = (name: string) => snapshot(page, `profile-${store}-${viewport}-${name}`);

  it("edits the details, adds an address, buys with it from a product page and finds the order", async () => {
    const email = await confirmedCustomer(store);
    await page.goto(`${origin(store)}/account/login`);
    await waitForHydration(page);
    await main().getByLabel(t.email).fill(email);
    await main().getByLabel(t.password).fill(PASSWORD);
    await main().getByRole("button", { name: t.login }).click();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });

    // Details: a birthday is checked when the field is left (spec §5), then saved.
    await page.goto(`${origin(store)}/account/edit/user-info`);
    await waitForHydration(page);
    await main().getByLabel(t.birthday).fill("31.02.1990");
    await main().getByLabel(t.birthday).press("Tab");
    await main().getByText(t.badDate).waitFor({ timeout: 5_000 });
    expect(await main().getByLabel(t.birthday).getAttribute("aria-invalid")).toBe("true");
    const young = `01.01.${new Date().getFullYear() - 10}`;
    await main().getByLabel(t.birthday).fill(young);
    await main().getByLabel(t.birthday).press("Tab");
    await main().getByText(t.tooYoung).waitFor({ timeout: 5_000 });
    await expectNoAxeViolations(page);
    await shot("details-refused");

    await main().getByLabel(t.firstname).fill("Aino-Maria");
    await main().getByLabel(t.telephone).fill("040 123 4567");
    await main().getByLabel(t.birthday).fill("15.06.1988");
    await main().getByLabel(t.birthday).press("Tab");
    expect(await main().getByText(t.tooYoung).count()).toBe(0);
    await main().getByRole("button", { name: t.saveDetails }).click();
    await main().getByText(t.saved).waitFor({ timeout: 10_000 });
    expect(await main().getByLabel(t.birthday).inputValue()).toBe("15.06.1988");
    await expectNoAxeViolations(page);
    await shot("details-saved");
    await main().getByRole("button", { name: t.saveDetails }).click();
    await main().getByText(t.noChanges).waitFor({ timeout: 10_000 });

    // The address book: the first address is the default.
    await page.goto(`${origin(store)}/account/edit/address`);
    await waitForHydration(page);
    await main().getByLabel(t.firstname, { exact: true }).fill("Aino-Maria");
    await main().getByLabel(t.lastname, { exact: true }).fill("Asiakas");
    await main().getByLabel(t.street, { exact: true }).fill("Pohjoisesplanadi 11");
    await main().getByLabel(t.postcode, { exact: true }).fill("00170");
    await main().getByLabel(t.city, { exact: true }).fill("Helsinki");
    await main().getByLabel(t.country, { exact: true }).selectOption("FI");
    await main().getByLabel(t.phone, { exact: true }).fill("040 123 4567");
    await main().getByRole("button", { name: t.saveAddress }).click();
    await main().getByText(t.addressSaved).waitFor({ timeout: 10_000 });
    expect(await main().getByText(t.defaultAddress, { exact: true }).isVisible()).toBe(true);
    expect(await main().getByText("Pohjoisesplanadi 11").isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await shot("address-book");

    // A product page's "Add to cart" (invoice needs 50 € or more).
    const found = await findProduct(api, store, skip, { price: [55, 1000] });
    expect(await addFromProductPage(page, origin(store), found, t.add)).toBe(200);
    await expect
      .poll(
        () =>
          page
            .getByRole("banner")
            .getByRole("link", { name: t.cart })
            .or(page.getByRole("banner").getByRole("button", { name: t.cart }))
            .count(),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);

    // Checkout: the saved address is chosen, the confirmation goes to the account's email.
    await page.goto(`${origin(store)}/checkout`);
    await waitForHydration(page);
    await page.getByText(t.accountEmail(email)).waitFor({ timeout: 10_000 });
    const saved = page.getByRole("radio", { name: /Pohjoisesplanadi 11/ });
    expect(await saved.isChecked()).toBe(true);
    // The new address's fields are out of sight while a saved address is chosen.
    expect(await page.getByLabel(t.street, { exact: true }).isVisible()).toBe(false);
    await page.getByRole("radio", { name: t.home }).check();
    await expectNoAxeViolations(page);
    await shot("checkout-saved-address");
    await page.getByRole("button", { name: t.continue }).click();
    await page.getByRole("radio", { name: t.invoice }).waitFor({ timeout: 10_000 });
    await page.getByRole("radio", { name: t.invoice }).check();
    await page.getByRole("button", { name: t.place }).click();
    await page.waitForURL(/\/checkout\/success$/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(t.success);
    const number = ((await page.getByTestId("order-number").textContent()) ?? "").match(/[A-Z]{2}\d{7}/)?.[0] ?? "";
    expect(number).toMatch(store === "fi" ? /^FI\d{7}$/ : /^EN\d{7}$/);
    expect(await page.getByText(email).first().isVisible()).toBe(true);

    // The order is in the account at once.
    await page.goto(`${origin(store)}/account/orders`);
    await main()
      .getByRole("link", { name: t.order(number) })
      .waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page);
    await shot("orders");
  });

  it("says a full address book at the box that saves to it, again each time the box is ticked (spec §5: checked on change)", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    const tab = await context.newPage();
    const email = await confirmedCustomer(store);
    const token = await logInBrowser(context, origin(store), store, { email, password: PASSWORD });
    for (let i = 0; i < 20; i++) {
      const added = await fetch(`http://127.0.0.1:${port}/api/customer/addresses`, {
        method: "POST",
        headers: { Store: store, "Content-Type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          firstname: "Aino",
          lastname: "Asiakas",
          street: `Kauppakatu ${i + 1}`,
          postcode: "00100",
          city: "Helsinki",
          country_code: "FI",
          telephone: "040 123 4567",
        }),
      });
      expect(added.status).toBe(201);
    }
    const found = await findProduct(api, store, skip + 2, { price: [55, 1000] });
    expect(await addFromProductPage(tab, origin(store), found, t.add)).toBe(200);

    await tab.goto(`${origin(store)}/checkout`);
    await waitForHydration(tab);
    await tab.getByRole("radio", { name: t.newAddress }).check();
    const form = tab.locator("main");
    await form.getByLabel(t.firstname, { exact: true }).fill("Aino");
    await form.getByLabel(t.lastname, { exact: true }).fill("Asiakas");
    await form.getByLabel(t.street, { exact: true }).fill("Uusikatu 21");
    await form.getByLabel(t.postcode, { exact: true }).fill("00100");
    await form.getByLabel(t.city, { exact: true }).fill("Helsinki");
    await form.getByLabel(t.phone, { exact: true }).fill("040 765 4321");
    const box = tab.getByRole("checkbox", { name: t.saveToBook });
    await box.check();
    await tab.getByRole("radio", { name: t.home }).check();
    await tab.getByRole("button", { name: t.continue }).click();
    await tab.getByText(t.bookFull).waitFor({ timeout: 10_000 });
    expect(await box.getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(tab);

    // Unticked, the rule is no problem; ticked again, the server's word stands.
    await box.uncheck();
    await expect.poll(() => tab.getByText(t.bookFull).count()).toBe(0);
    expect(await box.getAttribute("aria-invalid")).toBeNull();
    await box.check();
    await expect.poll(() => tab.getByText(t.bookFull).count()).toBe(1);
    await context.close();
  });
});
