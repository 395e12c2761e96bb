// Logging in without leaving the page (spec §2 login modal, §4 login success and failure): a
// guest on a product page opens the header's "Log in", is refused with the server's message in
// the modal, closes it with Escape (focus back on the link), logs in and lands on the same page
// as the customer. A stored show-login value opens the modal once at the next page's mount. On
// a phone the side menu's login tab answers the same way. axe-core checks the open modal.
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";
import { confirmedCustomer } from "../helpers/customers.ts";
import { findProduct, type Store, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const mailDir = path.join(inject("shopDataDir"), "mail");
const { origin, api } = testShop(port);

const TEXT = {
  en: {
    login: "Log in",
    account: "Account",
    title: "Log in to your account",
    email: "Email",
    password: "Password",
    refused: "The email address or password is incorrect",
    menu: "Menu",
  },
  fi: {
    login: "Kirjaudu",
    account: "Oma tili",
    title: "Kirjaudu asiakastilillesi",
    email: "Sähköposti",
    password: "Salasana",
    refused: "Sähköpostiosoite tai salasana on väärin",
    menu: "Valikko",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function productPage(store: Store, viewport: keyof typeof VIEWPORTS): Promise<{ page: Page; url: string }> {
  const { product } = await findProduct(api, store, 3);
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  const url = `${origin(store)}/p/${product.url_key}`;
  await page.goto(url);
  await waitForHydration(page);
  return { page, url };
}

describe.each([
  ["en", "desktop"],
  ["fi", "mobile"],
] as const)("the login modal in the %s store (%s)", (store, viewport) => {
  const t = TEXT[store];

  it("refuses with the server's message, closes with Escape, and logs in on the same page", async () => {
    const customer = await confirmedCustomer(port, mailDir, store);
    const { page, url } = await productPage(store, viewport);
    const link = page.getByRole("banner").getByRole("link", { name: t.login, exact: true });
    await link.click();
    const modal = page.getByRole("dialog", { name: t.title });
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(page.url()).toBe(url);
    await expect.poll(() => modal.getByLabel(t.email).evaluate((e) => e === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);

    await modal.getByLabel(t.email).fill(customer.email);
    await modal.getByLabel(t.password).fill("Not-the-password1");
    await modal.getByRole("button", { name: t.login, exact: true }).click();
    await expect.poll(() => modal.getByRole("alert").textContent()).toBe(t.refused);
    expect(page.url()).toBe(url);
    await snapshot(page, `login-modal-${store}-${viewport}-refused`);

    await page.keyboard.press("Escape");
    await expect.poll(() => modal.isVisible()).toBe(false);
    await expect.poll(() => link.evaluate((e) => e === document.activeElement)).toBe(true);

    await link.click();
    await modal.getByLabel(t.email).fill(customer.email);
    await modal.getByLabel(t.password).fill(customer.password);
    // Success reloads the whole page (every personal part starts as the customer's).
    const reloaded = page.waitForEvent("load");
    await modal.getByRole("button", { name: t.login, exact: true }).click();
    await reloaded;
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("banner").getByRole("link", { name: t.account, exact: true }).isVisible()).toBe(true);
    expect(page.url()).toBe(url);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.context().close();
  });

  it("opens once at mount when a show-login value is stored", async () => {
    const { page } = await productPage(store, viewport);
    await page.evaluate(() => sessionStorage.setItem("kauppa.showLogin", "1"));
    await page.reload();
    await waitForHydration(page);
    const modal = page.getByRole("dialog", { name: t.title });
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem("kauppa.showLogin"))).toBeNull();
    await page.reload();
    await waitForHydration(page);
    expect(await modal.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe("the side menu's login tab on a phone (fi)", () => {
  it("shows a refusal in the menu and logs in on the same page", async () => {
    const t = TEXT.fi;
    const customer = await confirmedCustomer(port, mailDir, "fi");
    const { page, url } = await productPage("fi", "mobile");
    await page.getByRole("banner").getByRole("button", { name: t.menu, exact: true }).click();
    const menu = page.getByRole("dialog");
    await menu.getByRole("tab", { name: t.login }).click();
    await menu.getByLabel(t.email).fill(customer.email);
    await menu.getByLabel(t.password).fill("Not-the-password1");
    await menu.getByRole("button", { name: t.login, exact: true }).click();
    await expect.poll(() => menu.getByRole("alert").textContent()).toBe(t.refused);
    await menu.getByLabel(t.password).fill(customer.password);
    const reloaded = page.waitForEvent("load");
    await menu.getByRole("button", { name: t.login, exact: true }).click();
    await reloaded;
    await expect.poll(() => page.getByRole("banner").getByRole("link", { name: t.account, exact: true }).isVisible()).toBe(true);
    expect(page.url()).toBe(url);
    await page.context().close();
  });
});
