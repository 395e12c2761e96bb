// The login the browser shows is the server's (spec §4, issue 36): a session the server ended
// while a page was closed (a logout or password reset elsewhere) is found when the next page
// opens — even a cached guest page — its login cookies cleared and the shopper told once; a
// logout in another tab of the same browser is noticed by the open tab, which leaves the
// account page. Both stores.
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { COOKIES } from "../../lib/cookies.ts";
import { confirmedCustomer, logInBrowser } from "../helpers/customers.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";
import { launchBrowser, VIEWPORTS, waitForHydration, withRegistrationPopupClosed } from "../helpers/browser.ts";

const port = inject("shopPort");
const mailDir = path.join(inject("shopDataDir"), "mail");
const { origin } = testShop(port);

const TEXT = {
  en: {
    login: "Log in",
    account: "Account",
    ended: "Your session has ended: you were logged out automatically.",
    logout: "Log out",
    orders: "My orders",
    menu: "Menu",
    memberNumber: "Member number",
  },
  fi: {
    login: "Kirjaudu",
    account: "Oma tili",
    ended: "Istuntosi päättyi: sinut kirjattiin ulos automaattisesti.",
    logout: "Kirjaudu ulos",
    orders: "Omat tilaukset",
    menu: "Valikko",
    memberNumber: "Jäsennumero",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function loggedInPage(store: Store, viewport: keyof typeof VIEWPORTS = "desktop") {
  const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS[viewport] }));
  const customer = await confirmedCustomer(port, mailDir, store);
  const token = await logInBrowser(context, origin(store), store, customer);
  return { context, token, page: await context.newPage() };
}

const accountLink = (page: import("playwright-core").Page, name: string) =>
  page.getByRole("banner").getByRole("link", { name, exact: true });
/** A menu link of the header: in the row, or under its "More" when the row is full (in the page either way). */
const menuLink = (page: import("playwright-core").Page, name: string) =>
  page
    .getByRole("banner")
    .locator("a")
    .filter({ hasText: new RegExp(`^${name}$`) });

describe.each(["en", "fi"] as const)("the %s store", (store) => {
  const t = TEXT[store];

  it("clears a session the server ended and says so once, on a cached page too", async () => {
    const { context, token, page } = await loggedInPage(store);
    // The start-up's last ask (spec §4 order): the session is ended after it, not during it.
    const startedUp = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/loyalty/membership");
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    await startedUp;
    await expect.poll(() => accountLink(page, t.account).count()).toBe(1);
    // Spec §6: the menu differs by login state (the editors' link for customers).
    await expect.poll(() => menuLink(page, t.orders).count()).toBeGreaterThan(0);

    // Logged out elsewhere (another device, or the token revoked by a password reset).
    const ended = await fetch(`http://127.0.0.1:${port}/api/auth/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status).toBe(200);

    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    await expect.poll(() => page.getByText(t.ended).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => accountLink(page, t.login).count()).toBe(1);
    expect(await menuLink(page, t.orders).count()).toBe(0);
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain(COOKIES.loggedIn);
    expect(names).not.toContain(COOKIES.authToken);

    // Once: the next page is a guest's, without the message.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => accountLink(page, t.login).count()).toBe(1);
    expect(await page.getByText(t.ended).count()).toBe(0);
    await context.close();
  });

  it("notices a logout in another tab: the open account page leaves for the login, its header says Log in", async () => {
    const { context, page } = await loggedInPage(store);
    await page.goto(`${origin(store)}/account`);
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe("/account");

    const other = await context.newPage();
    await other.goto(`${origin(store)}/account`);
    await waitForHydration(other);
    await other.getByRole("button", { name: t.logout }).first().click();
    await other.waitForURL((url) => url.pathname === "/");

    await expect.poll(() => new URL(page.url()).pathname).not.toBe("/account");
    await expect.poll(() => accountLink(page, t.login).count()).toBe(1);
    await context.close();
  });

  it("starts up in the specification's order: the user, then the wishlist, then the membership, whose number the menu shows", async () => {
    const { context, token, page } = await loggedInPage(store, "mobile");
    const joined = await fetch(`http://127.0.0.1:${port}/api/loyalty/join`, {
      method: "POST",
      headers: { Store: store, authorization: `Bearer ${token}` },
    });
    expect(joined.status).toBe(201);
    const { membership } = (await joined.json()) as { membership: { member_number: string } };
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (["/api/auth/user", "/api/wishlist/get", "/api/loyalty/membership"].includes(pathname)) asked.push(pathname);
    });
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(3);
    expect(asked).toEqual(["/api/auth/user", "/api/wishlist/get", "/api/loyalty/membership"]);

    await page.getByRole("button", { name: t.menu, exact: true }).click();
    await page.getByRole("tab", { name: t.account }).click();
    const card = page.getByTestId("member-card");
    await expect.poll(() => card.textContent()).toContain(t.memberNumber);
    const digits = membership.member_number;
    expect((await card.textContent())?.replace(/\s/g, "")).toContain(digits);
    await context.close();
  });

  it("asks a guest for none of them", async () => {
    const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS.desktop }));
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/(auth\/user|wishlist\/get|loyalty\/membership)/.test(request.url())) asked.push(request.url());
    });
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    await page.waitForTimeout(1_000);
    expect(asked).toEqual([]);
    await context.close();
  });
});
