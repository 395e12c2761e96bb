// The newsletter in the browser, in both stores (the en store on a desktop, the fi store on a
// phone): a shopper subscribes in the footer (the ALTCHA widget solves the check when the form
// is sent, a toast says it went), reads the welcome mail the shop wrote, opens its unsubscribe
// link (the page asks first), leaves the list; then a customer turns the newsletter on and off
// in the account. axe-core checks each page.
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";
import { CHUNK_RELOAD_STORAGE_KEY } from "../../app/lib/chunk-reload.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";
import { confirmationLink as confirmationLinkIn } from "../helpers/customers.ts";
import { mailedLink as mailedLinkIn, mailsIn } from "../helpers/mail.ts";

const port = inject("shopPort");
const mailDir = path.join(inject("shopDataDir"), "mail");
const { origin } = testShop(port);
const PASSWORD = "Sininen-Meri7";

const TEXT = {
  en: {
    email: "Email address",
    subscribe: "Subscribe",
    thanks: "Thank you for subscribing to the newsletter.",
    unsubscribe: "Unsubscribe",
    ask: "will be taken off the newsletter list",
    done: "You have unsubscribed from the newsletter.",
    spent: "This unsubscribe link is no longer valid",
    on: "You receive the newsletter.",
    off: "You do not receive the newsletter.",
    turnOn: "Subscribe to the newsletter",
    turnOff: "Unsubscribe from the newsletter",
  },
  fi: {
    email: "Sähköpostiosoite",
    subscribe: "Tilaa",
    thanks: "Kiitos uutiskirjeen tilaamisesta.",
    unsubscribe: "Peru tilaus",
    ask: "poistetaan uutiskirjeen tilaajista",
    done: "Uutiskirjeen tilaus on peruttu.",
    spent: "Tämä peruutuslinkki ei ole enää voimassa",
    on: "Saat uutiskirjeen.",
    off: "Et tilaa uutiskirjettä.",
    turnOn: "Tilaa uutiskirje",
    turnOff: "Peru uutiskirjeen tilaus",
  },
} as const;

const mailedLink = (email: string, pattern: RegExp) => mailedLinkIn(mailDir, email, pattern);
const unsubscribeLink = (email: string) => mailedLink(email, /https?:\/\/[^\s"<>]+\/newsletter\/unsubscribe\?token=[\w-]+/);
const confirmationLink = (email: string) => confirmationLinkIn(mailDir, email);
const headerOf = (email: string, name: string) =>
  mailsIn(mailDir)
    .filter((eml) => eml.includes(email))
    .map((eml) => new RegExp(`^${name}: (.+)$`, "mi").exec(eml.replace(/\r?\n[ \t]+/g, " "))?.[1])
    .find(Boolean);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const journeys: [Store, keyof typeof VIEWPORTS][] = [
  ["en", "desktop"],
  ["fi", "mobile"],
];

describe.each(journeys)("the newsletter in the %s store (%s)", (store, viewport) => {
  const t = TEXT[store];
  let page: Page;
  beforeAll(async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    page = await context.newPage();
  });
  afterAll(() => page?.context().close());

  /** Opens the front page, subscribes in the footer as soon as it has hydrated; the bodies of the form's POSTs, as they are sent. */
  async function subscribeAtOnce(on: Page, email: string): Promise<string[]> {
    const sent: string[] = [];
    on.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/newsletter")) sent.push(request.postData() ?? "");
    });
    await on.goto(`${origin(store)}/`);
    await waitForHydration(on);
    const footer = on.locator("footer");
    await footer.getByLabel(t.email).fill(email);
    await footer.getByRole("button", { name: t.subscribe }).click();
    return sent;
  }

  it("subscribes in the footer, gets the welcome mail and leaves with its link", async () => {
    const email = `uutiset.${store}.${Date.now()}@example.com`;
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    const footer = page.locator("footer");
    await footer.getByLabel(t.email).fill(email);
    await footer.getByRole("button", { name: t.subscribe }).click();
    await page.getByText(t.thanks).waitFor({ timeout: 15_000 });
    await footer.getByLabel(t.email).scrollIntoViewIfNeeded();
    await snapshot(page, `newsletter-${store}-${viewport}-footer-subscribed`);
    await expectNoAxeViolations(page);
    expect(await footer.getByLabel(t.email).inputValue()).toBe("");

    await expect.poll(() => unsubscribeLink(email), { timeout: 15_000 }).not.toBeNull();
    expect(headerOf(email, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(headerOf(email, "List-Unsubscribe")).toMatch(/^<http:\/\/.+\/api\/newsletter\/unsubscribe\?token=[\w-]+>$/);
    const link = new URL(unsubscribeLink(email) as string);
    await page.goto(`${origin(store)}${link.pathname}${link.search}`);
    await page.getByText(t.ask).waitFor();
    await expectNoAxeViolations(page);
    await snapshot(page, `newsletter-${store}-${viewport}-unsubscribe-ask`);
    await page.locator("main").getByRole("button", { name: t.unsubscribe, exact: true }).click();
    await page.getByText(t.done).waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page);
    await snapshot(page, `newsletter-${store}-${viewport}-unsubscribed`);

    await page.goto(`${origin(store)}${link.pathname}${link.search}`);
    await page.getByText(t.spent).waitFor();
  });

  it("sent before the check against bots has arrived, waits for it and goes with its answer", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    const quick = await context.newPage();
    // The widget's script comes late (a slow line): the shopper is quicker.
    let releaseScript = () => {};
    const scriptHeld = new Promise<void>((resolve) => {
      releaseScript = resolve;
    });
    await quick.route(/altcha/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    const sent = await subscribeAtOnce(quick, `ennen.${store}.${Date.now()}@example.com`);
    await sleep(500);
    expect(sent).toEqual([]);
    releaseScript();
    await quick.getByText(t.thanks).waitFor({ timeout: 15_000 });
    expect(sent).toHaveLength(1);
    expect(new URLSearchParams(sent[0]).get("captcha")).toMatch(/\S{20}/);
    await context.close();
  });

  it("sent while the check's script cannot load (after the page's one reload for it), goes as it would without scripts", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    const cut = await context.newPage();
    await cut.route(/altcha/, (route) => route.abort());
    // The page has just reloaded for a missing script: it does not again within the minute.
    await cut.addInitScript((key) => sessionStorage.setItem(key, String(Date.now())), CHUNK_RELOAD_STORAGE_KEY);
    const sent = await subscribeAtOnce(cut, `ilman.${store}.${Date.now()}@example.com`);
    // The server answers it under its strict limit: subscribed, or told when to try again.
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
    expect(new URLSearchParams(sent[0]).get("captcha") ?? "").toBe("");
    await context.close();
  });

  it("a customer turns the newsletter off and on in the account", async () => {
    const email = `tilinuutiset.${store}.${Date.now()}@example.com`;
    await page.goto(`${origin(store)}/account/register`);
    await waitForHydration(page);
    const main = page.locator("main");
    await main.locator('input[name="firstname"]').fill("Aino");
    await main.locator('input[name="lastname"]').fill("Asiakas");
    await main.locator('input[name="email"]').fill(email);
    await main.locator('input[name="newPassword"]').fill(PASSWORD);
    await main.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await main.locator('input[name="is_subscribed"]').check();
    await main.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.search === "?step=done", { timeout: 15_000 });
    await expect.poll(() => confirmationLink(email), { timeout: 15_000 }).not.toBeNull();
    const confirm = new URL(confirmationLink(email) as string);
    await page.goto(`${origin(store)}${confirm.pathname}${confirm.search}`);
    await page.waitForURL((url) => url.pathname === "/account/login");
    await main.locator('input[name="email"]').fill(email);
    await main.locator('input[name="password"]').fill(PASSWORD);
    await main.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
    // Subscribed at registration: the welcome mail came with its link.
    await expect.poll(() => unsubscribeLink(email), { timeout: 15_000 }).not.toBeNull();

    await page.goto(`${origin(store)}/account`);
    await waitForHydration(page);
    await page.getByText(t.on).waitFor();
    await page.getByRole("button", { name: t.turnOff }).click();
    await page.getByText(t.off).waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page);
    await snapshot(page, `newsletter-${store}-${viewport}-account-off`);
    await page.reload();
    await page.getByText(t.off).waitFor();
    await page.getByRole("button", { name: t.turnOn }).click();
    await page.getByText(t.on).waitFor({ timeout: 10_000 });
    await snapshot(page, `newsletter-${store}-${viewport}-account-on`);
  });
});
