// Every width from 320 px to a laptop (issue 37, WCAG 1.4.10 Reflow): nothing scrolls sideways
// at 320 px (1280 px at 400 % zoom) on the pages with the shop's header, and at every laptop
// width from 992 px each of the desktop menu's top links is reachable by mouse and keyboard:
// in the row, or under its "More" at the row's end. Both stores.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryListing } from "../../lib/catalog-types.ts";
import { expectNoAxeViolations, launchBrowser, sidewaysScroll, waitForHydration, withConsent } from "../helpers/browser.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const { origin, api } = testShop(port);
const MORE = { en: "More", fi: "Muut" } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(store: Store, width: number, path: string): Promise<Page> {
  const context = await withConsent(await browser.newContext({ viewport: { width, height: 800 } }), origin(store));
  const page = await context.newPage();
  await page.goto(`${origin(store)}${path}`);
  await waitForHydration(page);
  return page;
}

describe.each(["en", "fi"] as const)("the %s store", (store) => {
  it("scrolls nothing sideways at 320 px: front, category, product, cart, search", async () => {
    const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${store === "fi" ? "naiset" : "women"}`);
    const product = listing.items[0]?.url_key;
    for (const path of ["/", `/c/${store === "fi" ? "naiset" : "women"}`, `/p/${product}`, "/cart", "/searchresults?q=parka"]) {
      const page = await open(store, 320, path);
      expect(await sidewaysScroll(page), path).toBe(0);
      // The menu button, the last of the header's row, is wholly on the page.
      const menu = await page
        .getByRole("banner")
        .getByRole("button", { name: store === "fi" ? "Valikko" : "Menu", exact: true })
        .boundingBox();
      expect((menu?.x ?? 0) + (menu?.width ?? 0), path).toBeLessThanOrEqual(320);
      await page.context().close();
    }
  });

  it("reaches every top link of the desktop menu at every laptop width, in the row or under More", async () => {
    // At 1600 px the whole row fits: the names to look for.
    const wide = await open(store, 1600, "/");
    const row = () => wide.getByRole("navigation", { name: store === "fi" ? "Päävalikko" : "Main menu" });
    const names = (await row().locator(":scope > div > ul > li > a, :scope > div > ul > li > span").allTextContents()).map((n) => n.trim());
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect(await wide.getByRole("button", { name: MORE[store], exact: true }).isVisible()).toBe(false);
    await wide.context().close();

    for (const width of [992, 1024, 1200, 1280, 1366, 1440]) {
      const page = await open(store, width, "/");
      const nav = page.getByRole("navigation", { name: store === "fi" ? "Päävalikko" : "Main menu" });
      // The row never scrolls sideways: what does not fit is under More.
      expect(
        await nav
          .locator("ul")
          .first()
          .evaluate((ul) => ul.scrollWidth - ul.clientWidth),
        `${width}`,
      ).toBeLessThanOrEqual(0);
      const inRow = new Set<string>();
      for (const name of names) if (await nav.getByRole("link", { name, exact: true }).first().isVisible()) inRow.add(name);
      const rest = names.filter((name) => !inRow.has(name));
      const more = nav.getByRole("button", { name: MORE[store], exact: true });
      if (rest.length === 0) {
        expect(await more.isVisible(), `${width}`).toBe(false);
      } else {
        // By keyboard: the button opens the popover, its links take the focus, Escape gives it back.
        await more.focus();
        await page.keyboard.press("Enter");
        for (const name of rest) expect(await nav.getByRole("link", { name, exact: true }).isVisible(), `${width} ${name}`).toBe(true);
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(rest[0]);
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");
        await expect.poll(() => more.getAttribute("aria-expanded")).toBe("false");
        expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-expanded"))).toBe("false");
      }
      await page.context().close();
    }
  });

  it("shows the shop in a phone's first screen: a compact consent bar, a one-line campaign strip, the header", async () => {
    // A first visit: no cookie choice yet.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    const strip = page.locator('[data-block="campaignBanners"]').first();
    const line = await strip.locator('[aria-roledescription="slide"]').evaluate((slide) => parseFloat(getComputedStyle(slide).lineHeight));
    const slideText = await strip
      .locator('[aria-roledescription="slide"] p')
      .first()
      .evaluate((p) => p.getBoundingClientRect().height);
    expect(slideText).toBeLessThanOrEqual(line * 1.5);
    const headerFoot = await page.locator("header.site-header").evaluate((header) => header.getBoundingClientRect().bottom);
    expect(headerFoot).toBeLessThan(740 / 2);
    await context.close();
  });

  it("a phone's product page: one photo wide gallery to swipe, the name in the first screen, Add to cart right under the photo", async () => {
    const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${store === "fi" ? "naiset" : "women"}`);
    const context = await withConsent(
      await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }),
      origin(store),
    );
    const page = await context.newPage();
    await page.goto(`${origin(store)}/p/${listing.items[0]?.url_key}`);
    await waitForHydration(page);
    const gallery = page.getByRole("region", { name: store === "fi" ? "Tuotekuvat" : "Product images" });
    const photos = gallery.getByRole("button");
    expect(await photos.count()).toBeGreaterThan(1);
    const first = await photos.first().boundingBox();
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    const add = await page.getByRole("button", { name: store === "fi" ? "Lisää ostoskoriin" : "Add to cart" }).boundingBox();
    if (!first || !heading || !add) throw new Error("the product page lacks its photo, name or button");
    expect(heading.y + heading.height).toBeLessThanOrEqual(740);
    // Under the first photo: the name, the price, colour and size, then the button (not the other photos).
    expect(add.y - (first.y + first.height)).toBeLessThan(450);
    expect(await sidewaysScroll(page)).toBe(0);
    // The second photo comes with a swipe (the row scrolls by a photo), and the counter says so.
    await gallery
      .locator("div")
      .first()
      .evaluate((row) => row.scrollBy({ left: row.clientWidth }));
    await expect.poll(() => gallery.getByText(/^2 \/ \d+$/).isVisible()).toBe(true);
    await context.close();
  });

  it("passes axe's best-practice rules too (every part in a landmark, headings in order) on the front, search and product pages", async () => {
    const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${store === "fi" ? "naiset" : "women"}`);
    for (const path of [
      "/",
      `/searchresults?q=${store === "fi" ? "takki" : "jacket"}`,
      `/searchresults?q=xyzzy`,
      `/p/${listing.items[0]?.url_key}`,
    ]) {
      for (const width of [360, 1440]) {
        const page = await open(store, width, path);
        await page.waitForTimeout(300);
        const results = await new AxeBuilder({ page }).withTags(["best-practice"]).analyze();
        expect(
          results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
          `${path} at ${width}`,
        ).toEqual([]);
        await page.context().close();
      }
    }
  });
});
