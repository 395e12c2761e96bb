// The shop's links (decision 0060) as a shopper uses them: a product card, a breadcrumb and the
// menu open their page within the page already loaded (no new document), the pointer or the focus
// resting on a card fetches its page's data ahead, the link of the page one is on replaces it in
// the history, and a click with a modifier is the browser's (a new tab). React holds no hooks for
// them; one navigator in the page follows them. Both stores; desktop for one, a phone for the other.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openRecorded, sameDocument, VIEWPORTS, withConsent } from "../helpers/browser.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const { origin } = testShop(port);

const TEXT = {
  en: { women: "/c/women", womenName: "Women", home: "Front page" },
  fi: { women: "/c/naiset", womenName: "Naiset", home: "Etusivu" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Tracked = { page: Page; context: BrowserContext; documents: string[]; data: string[]; errors: string[] };

async function open(store: Store, viewport: keyof typeof VIEWPORTS, path: string, { saveData = false } = {}): Promise<Tracked> {
  const context = await withConsent(await browser.newContext({ viewport: VIEWPORTS[viewport] }), origin(store));
  // The shopper asked to save data (the Network Information API's connection, as a phone reports it).
  if (saveData)
    await context.addInitScript(() =>
      Object.defineProperty(navigator, "connection", {
        value: { saveData: true, effectiveType: "4g", addEventListener() {}, removeEventListener() {} },
      }),
    );
  const page = await context.newPage();
  const data: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".data")) data.push(pathname);
  });
  const { documents, errors } = await openRecorded(page, `${origin(store)}${path}`);
  return { page, context, documents, data, errors };
}

const historyLength = (page: Page) => page.evaluate(() => window.history.length);

describe.each([
  ["en", "desktop"],
  ["fi", "mobile"],
] as const)("the links of the %s store on %s", (store, viewport) => {
  const text = TEXT[store];

  it("open their page within the page loaded, after fetching its data ahead when the shopper is about to follow one", async () => {
    const { page, context, documents, data, errors } = await open(store, viewport, text.women);
    try {
      const card = page.locator(".card-link").first();
      const productPath = new URL((await card.getAttribute("href")) ?? "", origin(store)).pathname;
      expect(productPath).toMatch(/^\/p\//);
      // A phone has no pointer to rest: the focus does the same.
      if (viewport === "desktop") await card.hover();
      else await card.focus();
      await expect.poll(() => data.includes(`${productPath}.data`)).toBe(true);

      const before = await historyLength(page);
      await card.click();
      await page.waitForURL((url) => url.pathname === productPath);
      await expect.poll(() => page.locator("h1").count()).toBe(1);
      expect(await sameDocument(page)).toBe(true);
      expect(await historyLength(page)).toBe(before + 1);

      // The breadcrumb back to the category: a link like any other.
      await page
        .getByRole("navigation", { name: /Breadcrumb|Murupolku/ })
        .getByRole("link", { name: text.womenName })
        .click();
      await page.waitForURL((url) => url.pathname === text.women);
      await expect.poll(async () => (await page.locator("h1").textContent())?.trim()).toBe(text.womenName);
      expect(await sameDocument(page)).toBe(true);

      // The link of the page one is on opens it again in its place, not as a new entry.
      const entries = await historyLength(page);
      await page.locator(`a[href="${text.women}"]`).first().dispatchEvent("click", { button: 0 });
      await page.waitForTimeout(300);
      expect(await historyLength(page)).toBe(entries);
      expect(new URL(page.url()).pathname).toBe(text.women);

      // A click with a modifier is the browser's: a new tab, this page stays.
      const [tab] = await Promise.all([
        context.waitForEvent("page"),
        page
          .locator(".card-link")
          .first()
          .click({ modifiers: ["Control"] }),
      ]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toMatch(/^\/p\//);
      await tab.close();
      expect(new URL(page.url()).pathname).toBe(text.women);

      expect(documents).toEqual([text.women]);
      expect(await sameDocument(page)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("fetch nothing ahead for a shopper who asked to save data, and still open their page", async () => {
    const { page, context, documents, data, errors } = await open(store, viewport, text.women, { saveData: true });
    try {
      const card = page.locator(".card-link").first();
      const productPath = new URL((await card.getAttribute("href")) ?? "", origin(store)).pathname;
      if (viewport === "desktop") await card.hover();
      else await card.focus();
      // Well past the 100 ms a prefetch waits for.
      await page.waitForTimeout(1000);
      expect(data).toEqual([]);
      await card.click();
      await page.waitForURL((url) => url.pathname === productPath);
      expect(data).toEqual([`${productPath}.data`]);
      expect(documents).toEqual([text.women]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("are followed by the keyboard as by the pointer", async () => {
    const { page, context, documents, errors } = await open(store, viewport, text.women);
    try {
      const home = page.getByRole("navigation", { name: /Breadcrumb|Murupolku/ }).getByRole("link", { name: text.home });
      await home.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/");
      expect(await sameDocument(page)).toBe(true);
      expect(documents).toEqual([text.women]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
