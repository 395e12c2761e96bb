// The footer as the server sent it (issue 16, decision 0057): its link columns and legal row (and
// the desktop's top bar) are not hydrated (React holds none of their links), yet a click on one of them opens the page
// within the shop, as any link of the shop does, and a click with a modifier is the browser's.
// After a page without a footer (checkout), React draws the footer again and it works the same.
// Both stores; desktop for one, a phone for the other.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { heldByReact, launchBrowser, openRecorded, sameDocument, VIEWPORTS, withConsent } from "../helpers/browser.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const { origin } = testShop(port);

const TEXT = {
  en: { women: "/c/women", delivery: "Delivery", deliveryPath: "/content/delivery", privacyPath: "/content/privacy", back: "Back to cart" },
  fi: {
    women: "/c/naiset",
    delivery: "Toimitus",
    deliveryPath: "/content/toimitus",
    privacyPath: "/content/tietosuojaseloste",
    back: "Takaisin ostoskoriin",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Tracked = { page: Page; context: BrowserContext; documents: string[]; errors: string[] };

async function open(store: Store, viewport: keyof typeof VIEWPORTS, path: string): Promise<Tracked> {
  const context = await withConsent(await browser.newContext({ viewport: VIEWPORTS[viewport] }), origin(store));
  const page = await context.newPage();
  const { documents, errors } = await openRecorded(page, `${origin(store)}${path}`);
  return { page, context, documents, errors };
}

describe.each([
  ["en", "desktop"],
  ["fi", "mobile"],
] as const)("the footer in the %s store on %s", (store, viewport) => {
  const text = TEXT[store];

  it("is the server's HTML, not hydrated, and its links open pages within the shop", async () => {
    const { page, context, documents, errors } = await open(store, viewport, text.women);
    try {
      expect(await page.locator("#footer-columns a, #footer-bottom a").count()).toBeGreaterThan(10);
      expect(await heldByReact(page, "#footer-columns a, #footer-bottom a")).toBe(0);
      // So is the desktop's top bar above the header (its store locator and company links).
      expect(await page.locator("#top-bar a").count()).toBe(2);
      expect(await heldByReact(page, "#top-bar a")).toBe(0);
      // The newsletter form between them is React's, as the rest of the page.
      expect(await heldByReact(page, 'footer input[type="email"]')).toBe(1);

      // A click with a modifier is the browser's: a new tab, this page stays.
      const delivery = page.locator("footer").getByRole("link", { name: text.delivery, exact: true });
      const [tab] = await Promise.all([context.waitForEvent("page"), delivery.click({ modifiers: ["Control"] })]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(text.deliveryPath);
      await tab.close();
      expect(new URL(page.url()).pathname).toBe(text.women);

      // A plain click: the page opens in this document, as React Router's links do.
      await delivery.click();
      await page.waitForURL(`**${text.deliveryPath}`);
      await expect.poll(() => page.locator("main h1").first().isVisible()).toBe(true);
      expect(await sameDocument(page)).toBe(true);
      await page.goBack();
      await page.waitForURL(`**${text.women}`);
      expect(await sameDocument(page)).toBe(true);
      expect(documents).toEqual([text.women]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("is drawn by React after a page without it, and its links still open pages within the shop", async () => {
    const { page, context, documents, errors } = await open(store, viewport, "/checkout");
    try {
      expect(await page.locator("footer").count()).toBe(0);
      await page.getByRole("link", { name: text.back }).click();
      await page.waitForURL("**/cart");
      const privacy = page.locator(`#footer-bottom a[href="${text.privacyPath}"]`);
      await privacy.waitFor();
      expect(await heldByReact(page, "#footer-columns a, #footer-bottom a")).toBeGreaterThan(10);
      await privacy.click();
      await page.waitForURL(`**${text.privacyPath}`);
      await expect.poll(() => page.locator("main h1").first().isVisible()).toBe(true);
      expect(await sameDocument(page)).toBe(true);
      expect(documents).toEqual(["/checkout"]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
