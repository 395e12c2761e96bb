// The shop's pictures compared with kept references (issue 37): the first screen of the front,
// category, product, cart and checkout pages and the search panel, in both stores at 320, 360,
// 1280 and 1440 px (tests/helpers/visual.ts). A fresh shop of its own (the demo data, nothing
// another test changed), motion reduced, the cookie choice made; nothing may scroll sideways.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, nextFrames, sidewaysScroll, waitForHydration, withConsent } from "../helpers/browser.ts";
import { addFromProductPage, findProduct, type Store, testShop } from "../helpers/e2e-shop.ts";
import { compareWithReference } from "../helpers/visual.ts";

const port = inject("shopPort");
const { origin, api } = testShop(port);

const WIDTHS = [
  { width: 320, height: 640 },
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

const TEXT = {
  en: { category: "/c/women", add: "Add to cart", search: "Search the shop", typed: "jack", stores: "Availability in our stores" },
  fi: { category: "/c/naiset", add: "Lisää ostoskoriin", search: "Hae kaupasta", typed: "takk", stores: "Saatavuus myymälöissämme" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The page as drawn: hydrated, its fonts and the pictures on the screen loaded, two more frames. */
async function settled(page: Page) {
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete || image.getBoundingClientRect().top > window.innerHeight),
  );
  await nextFrames(page);
}

/** Compares the first screen with its reference and checks that nothing scrolls sideways. */
async function picture(page: Page, name: string, problems: string[]) {
  await settled(page);
  const sideways = await sidewaysScroll(page);
  if (sideways > 0) problems.push(`${name}: scrolls ${sideways} px sideways`);
  const shot = await page.screenshot({ animations: "disabled", caret: "hide" });
  const { problem } = await compareWithReference(name, shot);
  if (problem) problems.push(problem);
}

describe.each(["en", "fi"] as const)("the %s store's pictures", (store: Store) => {
  it.each(WIDTHS)("at $width px: front, category, product, search panel, cart and checkout", async (viewport) => {
    const t = TEXT[store];
    const context = await withConsent(
      await browser.newContext({
        viewport,
        reducedMotion: "reduce",
        isMobile: viewport.width < 768,
        hasTouch: viewport.width < 768,
      }),
      origin(store),
    );
    const page = await context.newPage();
    const name = (what: string) => `${store}-${what}-${viewport.width}`;
    const problems: string[] = [];

    await page.goto(`${origin(store)}/`);
    await picture(page, name("front"), problems);
    await page.getByRole("banner").getByRole("button", { name: t.search }).click();
    await page.getByRole("search").getByRole("combobox").fill(t.typed);
    await expect.poll(() => page.getByRole("listbox").getByRole("option").count()).toBeGreaterThan(0);
    await picture(page, name("search-panel"), problems);

    await page.goto(`${origin(store)}${t.category}`);
    await picture(page, name("category"), problems);

    const product = await findProduct(api, store, 0);
    expect(await addFromProductPage(page, origin(store), product, t.add)).toBe(200);
    await page.goto(`${origin(store)}/p/${product.product.url_key}`);
    // The stores' stock is asked once the page has hydrated.
    await expect.poll(() => page.getByRole("heading", { name: t.stores }).isVisible()).toBe(true);
    await picture(page, name("product"), problems);
    await page.goto(`${origin(store)}/cart`);
    await picture(page, name("cart"), problems);
    await page.goto(`${origin(store)}/checkout`);
    await picture(page, name("checkout"), problems);

    await context.close();
    expect(problems).toEqual([]);
  });
});
