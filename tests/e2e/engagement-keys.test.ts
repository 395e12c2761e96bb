// The engagement service's keys in the browser (spec §1, §3, §4, §9), in both stores (the en
// store on a desktop, the fi store on a phone): with marketing consent, an engagement call
// carries the store's market and locale, the touchpoint of the screen and the random keys kept
// in cookies; logging in makes the customer key the customer's own (voyado_customer_key of
// /api/auth/user) until the token ends; logging out forgets both keys, and the next call
// carries new random ones. axe-core checks the page; pictures go to test-results/screens.
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  expectNoAxeViolations,
  launchBrowser,
  snapshot,
  VIEWPORTS,
  waitForHydration,
  withConsent,
  withRegistrationPopupClosed,
} from "../helpers/browser.ts";
import { confirmedCustomer, PASSWORD } from "../helpers/customers.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const mailDir = path.join(inject("shopDataDir"), "mail");
const { origin } = testShop(port);

const TEXT = {
  en: { toggle: "Search the shop", partial: "jack", email: "Email", password: "Password", login: "Log in", logout: "Log out" },
  fi: { toggle: "Hae kaupasta", partial: "takk", email: "Sähköposti", password: "Salasana", login: "Kirjaudu", logout: "Kirjaudu ulos" },
} as const;
const EXPECTED = {
  en: { market: "INT", locale: "en-GB", touchpoint: "desktop" },
  fi: { market: "FI", locale: "fi-FI", touchpoint: "mobile" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Types into the header's search and answers the query string of the autocomplete call it makes. */
async function autocompleteCall(page: Page, store: Store): Promise<URLSearchParams> {
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: TEXT[store].toggle }).click();
  const field = page.getByRole("search").getByRole("combobox");
  const request = page.waitForRequest(
    (r) => {
      const url = new URL(r.url());
      return url.pathname === "/api/engagement/queries/autocomplete" && url.searchParams.get("q") === TEXT[store].partial;
    },
    { timeout: 10_000 },
  );
  await field.fill(TEXT[store].partial);
  return new URL((await request).url()).searchParams;
}

async function keyCookies(context: BrowserContext, store: Store) {
  const cookies = await context.cookies(origin(store));
  const named = (name: string) => cookies.find((c) => c.name === name);
  return {
    customer: named("engagement.customer_key"),
    session: named("engagement.session_key"),
    touchpoint: named("engagement.touchpoint"),
  };
}

describe.each([
  ["en", "desktop"],
  ["fi", "mobile"],
] as const)("the engagement keys in the %s store (%s)", (store, viewport) => {
  const t = TEXT[store];

  it("carries the store's market, locale, touchpoint and keys; the customer's own key when logged in; new keys after logout", async () => {
    const { email } = await confirmedCustomer(port, mailDir, store, "Kaisa");
    const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS[viewport] }));
    await withConsent(context, origin(store), { marketing: true });
    const page = await context.newPage();
    try {
      await page.goto(`${origin(store)}/`);
      const first = await autocompleteCall(page, store);
      expect(Object.fromEntries(first)).toMatchObject({ ...EXPECTED[store], notify: "true" });
      const guestKeys = { customer: first.get("customerKey"), session: first.get("sessionKey") };
      expect(guestKeys.customer).toMatch(/^[0-9a-f-]{36}$/);
      expect(guestKeys.session).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await keyCookies(context, store);
      expect(kept.customer?.value).toBe(guestKeys.customer);
      expect(kept.session?.value).toBe(guestKeys.session);
      // The session key lasts the browser session; the customer key a year (31,536,000,000 ms).
      expect(kept.session?.expires).toBe(-1);
      expect((kept.customer?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(31_536_000_000 - 120_000);
      expect(kept.touchpoint?.value).toBe(EXPECTED[store].touchpoint);

      // Logged in: the customer key is the customer's own, until the token ends.
      await page.goto(`${origin(store)}/account/login`);
      await page.locator("main").getByLabel(t.email).fill(email);
      await page.locator("main").getByLabel(t.password).fill(PASSWORD);
      await page.locator("main").getByRole("button", { name: t.login }).click();
      await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
      const user = await page.evaluate(
        async () => (await (await fetch("/api/auth/user")).json()) as { user: { voyado_customer_key: string } },
      );
      const own = await keyCookies(context, store);
      expect(own.customer?.value).toBe(user.user.voyado_customer_key);
      const tokenCookie = (await context.cookies(origin(store))).find((c) => c.name === "auth._token.local");
      expect(own.customer?.expires).toBeCloseTo(tokenCookie?.expires ?? 0, 0);
      const loggedIn = await autocompleteCall(page, store);
      expect(loggedIn.get("customerKey")).toBe(user.user.voyado_customer_key);

      // Logged out: both keys are new random ones.
      await page.goto(`${origin(store)}/account`);
      // A click while React hydrates the account page can be swallowed (the form does nothing).
      await waitForHydration(page);
      await page.getByRole("button", { name: t.logout }).click();
      await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
      expect(await keyCookies(context, store)).toMatchObject({ customer: undefined, session: undefined });
      const after = await autocompleteCall(page, store);
      expect(Object.fromEntries(after)).toMatchObject({ ...EXPECTED[store], notify: "true" });
      const newKeys = [after.get("customerKey"), after.get("sessionKey")];
      for (const key of newKeys) {
        expect(key).toMatch(/^[0-9a-f-]{36}$/);
        expect([guestKeys.customer, guestKeys.session, user.user.voyado_customer_key]).not.toContain(key);
      }
      await expectNoAxeViolations(page);
      await snapshot(page, `engagement-keys-${store}-${viewport}-after-logout`);
    } finally {
      await context.close();
    }
  });
});
