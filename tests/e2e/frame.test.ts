// The frame's data sent once (decision 0053), as a shopper's browser meets it, in both stores:
// the first page fetches the frame before it hydrates, every later page of the visit (loaded
// whole or by a link) has it from the browser, and a page whose frame cannot be fetched stays
// the server's page, which works as it does without JavaScript.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";

const port = inject("shopPort");
type Store = "en" | "fi";
const origin = (store: Store) => `http://${store === "fi" ? "fi." : ""}localhost:${port}`;
const FRAME = /\/frame\?v=/;

const PAGES = {
  en: { category: "/c/women", link: "Men", linked: "/c/men", heading: "Men" },
  fi: { category: "/c/naiset", link: "Miehet", linked: "/c/miehet", heading: "Miehet" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** How each ask for the frame was answered: by the server, or by the browser's own cache. */
async function frameAnswers(page: Page): Promise<("server" | "browser")[]> {
  const answers: ("server" | "browser")[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const fromMemory = new Set<string>();
  cdp.on("Network.requestServedFromCache", ({ requestId }) => fromMemory.add(requestId));
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    if (FRAME.test(response.url)) answers.push(response.fromDiskCache || fromMemory.has(requestId) ? "browser" : "server");
  });
  return answers;
}

describe.each(["en", "fi"] as const)("the %s store's frame", (store) => {
  it("is fetched once, by the first page before it hydrates; later pages have it from the browser", async () => {
    // No service worker: what is measured is the browser's own cache, as on a shopper's first visit.
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, serviceWorkers: "block" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    const answers = await frameAnswers(page);

    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    expect(answers).toEqual(["server"]);

    // A whole page load: the same frame, from the browser's cache.
    await page.goto(`${origin(store)}${PAGES[store].category}`);
    await waitForHydration(page);
    expect(answers).toEqual(["server", "browser"]);

    // A link: the frame stays, nothing is asked.
    await page
      .getByRole("navigation", { name: store === "en" ? "Main menu" : "Päävalikko" })
      .getByRole("link", { name: PAGES[store].link, exact: true })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(PAGES[store].linked);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(PAGES[store].heading);
    expect(answers).toEqual(["server", "browser"]);
    // The frame the pages hydrated with is the one they were rendered with: no mismatch reported.
    expect(errors).toEqual([]);
    await context.close();
  });

  it("not to be had leaves the server's page as it is: its links still lead on", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, serviceWorkers: "block" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.route(FRAME, (route) => route.abort("internetdisconnected"));
    // The page's scripts run and say so in the console; without the frame they do not hydrate it.
    const warned = page.waitForEvent("console", (m) => m.type() === "warning" && m.text().includes("frame could not be loaded"));
    await page.goto(`${origin(store)}${PAGES[store].category}`);
    await warned;
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(errors).toEqual([]);
    // A plain link, as without JavaScript: the next page is the server's whole page.
    const next = page.waitForEvent("request", (r) => r.isNavigationRequest());
    await page.getByRole("link", { name: PAGES[store].link, exact: true }).first().click();
    expect(new URL((await next).url()).pathname).toBe(PAGES[store].linked);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(PAGES[store].heading);
    await context.close();
  });
});
