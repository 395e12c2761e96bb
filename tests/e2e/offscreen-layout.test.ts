// A first page's parts far below its first screen are laid out as they come near it (decision 0066):
// a listing's later rows, a landing page's later blocks, the footer. A shopper who scrolls down a
// category, opens a product and comes back (or reloads) finds the cards where they left them: from
// the first navigation within the shop, and in a document opened again, the page is laid out whole
// before React Router restores the scroll position.
// Both stores; a phone for one, desktop for the other.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openRecorded, sameDocument, VIEWPORTS, waitForHydration, withConsent } from "../helpers/browser.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const { origin } = testShop(port);
const CATEGORY = { en: "/c/women", fi: "/c/naiset" } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Whether the browser may leave each element's contents unlaid out until it comes near the screen. */
const deferred = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) => elements.map((e) => getComputedStyle(e).contentVisibility === "auto"));

/** The first card whose top is in view (below the sticky header), and where its top is. */
const cardInView = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const cards = [...document.querySelectorAll(".listing-grid > li")];
    const index = cards.findIndex((li) => li.getBoundingClientRect().top >= header);
    const card = cards[index];
    return card ? { index, name: card.querySelector(".card-name")?.textContent, top: Math.round(card.getBoundingClientRect().top) } : null;
  });

describe.each([
  ["en", "mobile"],
  ["fi", "desktop"],
] as const)("a listing's later rows (%s, %s)", (store: Store, viewport) => {
  it("are laid out as the shopper scrolls to them, and are where they were after a product and back, and after a reload", async () => {
    const context = await withConsent(await browser.newContext({ viewport: VIEWPORTS[viewport] }), origin(store));
    const page = await context.newPage();
    const { errors } = await openRecorded(page, `${origin(store)}${CATEGORY[store]}`);

    // The first rows are laid out with the page; from the ninth card on, and the footer, when near the screen.
    const cards = await deferred(page, ".listing-grid > li");
    expect(cards.length).toBeGreaterThan(16);
    expect(cards.slice(0, 8)).toEqual(Array(8).fill(false));
    expect(cards.slice(8)).toEqual(Array(cards.length - 8).fill(true));
    expect(await deferred(page, "footer")).toEqual([true]);

    // A thumb's scroll, a screen at a time, well into the deferred rows.
    for (let i = 0; i < 8; i++) {
      await page.mouse.wheel(0, VIEWPORTS[viewport].height * 0.6);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(300);
    const seen = await cardInView(page);
    expect(seen?.index).toBeGreaterThan(8);
    const y = await page.evaluate(() => scrollY);

    // Open that card's product within the shop, then back: the same card, at the same place.
    await page
      .locator(".listing-grid > li")
      .nth(seen?.index ?? 0)
      .getByRole("link", { name: seen?.name ?? "" })
      .click();
    await page.waitForURL(/\/p\//);
    await page.getByRole("heading", { level: 1, name: seen?.name ?? "" }).waitFor();
    await page.goBack();
    await page.waitForURL(new RegExp(`${CATEGORY[store]}$`));
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(y);
    await expect.poll(() => cardInView(page)).toEqual(seen);
    expect(await sameDocument(page)).toBe(true);
    expect(await deferred(page, ".listing-grid > li")).not.toContain(true);

    // Reloaded there: a document opened again is laid out whole before its position is restored.
    await page.reload();
    await waitForHydration(page);
    // The browser restores a reloaded document's position itself; on a busy machine it has landed
    // 28 and 76 px lower (seen in full runs, never alone). The test is what the shopper sees: the
    // same card where it was, within a quarter of the screen.
    const slack = VIEWPORTS[viewport].height / 4;
    await expect.poll(async () => Math.abs((await page.evaluate(() => scrollY)) - y)).toBeLessThanOrEqual(slack);
    await expect
      .poll(async () => {
        const card = page.locator(".listing-grid > li").nth(seen?.index ?? 0);
        const top = (await card.boundingBox())?.y ?? Number.NaN;
        return { name: await card.locator(".card-name").textContent(), near: Math.abs(top - (seen?.top ?? 0)) <= slack };
      })
      .toEqual({ name: seen?.name, near: true });
    expect(await deferred(page, ".listing-grid > li, footer")).not.toContain(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a landing page", () => {
  it("lays out its heading and first block with the page, and the blocks after it as they come near the screen", async () => {
    const context = await withConsent(await browser.newContext({ viewport: VIEWPORTS.mobile }), origin("en"));
    const page = await context.newPage();
    const { errors } = await openRecorded(page, `${origin("en")}/`);
    const blocks = await deferred(page, ".landing-blocks > *");
    expect(blocks.length).toBeGreaterThan(3);
    expect(blocks.slice(0, 2)).toEqual([false, false]);
    expect(blocks.slice(2)).toEqual(Array(blocks.length - 2).fill(true));
    // The last block, reached by the keyboard's End, is drawn: its text is on the screen.
    await page.keyboard.press("End");
    const last = page.locator(".landing-blocks > *").last();
    await expect.poll(() => last.evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(0);
    await expect.poll(() => last.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
