// Product cards as the server sent them (issue 16, decision 0061): on a category page and on search
// results, React holds none of the cards' elements (it adopted the grid, it did not hydrate it); on
// the front page, a CMS block's cards each as one element. Yet a card opens its product within the
// shop (with the data layer's select_item in a listing), a guest's heart asks to log in, and the
// hearts keep to the wishlist (a customer's: wishlist.test.ts). Once a listing's data changes
// (another page of it), React draws the grid, and it works the same.
// Both stores; desktop for one, a phone for the other.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryListing } from "../../lib/catalog-types.ts";
import { heldByReact, launchBrowser, openRecorded, sameDocument, VIEWPORTS, withConsent } from "../helpers/browser.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const { origin, api } = testShop(port);

const TEXT = {
  en: { women: "women", search: "jacket", loginTitle: "Log in to your account", notice: "Log in to keep a wishlist", add: "to wishlist" },
  fi: {
    women: "naiset",
    search: "takki",
    loginTitle: "Kirjaudu asiakastilillesi",
    notice: "Kirjaudu sisään, niin voit pitää toivelistaa",
    add: "toivelistalle",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(store: Store, viewport: keyof typeof VIEWPORTS, path: string) {
  const context: BrowserContext = await withConsent(await browser.newContext({ viewport: VIEWPORTS[viewport] }), origin(store));
  const page = await context.newPage();
  const record = await openRecorded(page, `${origin(store)}${path}`);
  return { context, page, ...record };
}

type Pushed = { event?: string; ecommerce?: { item_list_id?: string; items?: { item_id: string; index: number }[] } };
const selectItems = (page: Page) =>
  page.evaluate(
    () =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter((e) => (e as Pushed)?.event === "select_item") as Pushed[],
  );

/** A guest presses the heart of `card`: the login modal opens, saying why; Escape closes it. */
async function guestHeart(page: Page, store: Store, card: Locator) {
  const t = TEXT[store];
  const heart = card.getByRole("button", { name: new RegExp(t.add) });
  expect(await heart.getAttribute("aria-pressed")).toBe("false");
  await heart.click();
  const modal = page.getByRole("dialog", { name: t.loginTitle });
  await modal.getByText(t.notice).waitFor({ timeout: 10_000 });
  await page.keyboard.press("Escape");
  await modal.waitFor({ state: "hidden", timeout: 10_000 });
}

describe.each([
  ["en", "desktop"],
  ["fi", "mobile"],
] as const)("the product grid in the %s store on %s", (store, viewport) => {
  const t = TEXT[store];

  it("of a category is the server's, not hydrated: a card opens its product in place, a guest's heart asks to log in", async () => {
    const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${t.women}`);
    const { page, context, documents, errors } = await open(store, viewport, `/c/${t.women}`);
    try {
      const cards = page.locator("#product-grid > li");
      expect(await cards.count()).toBe(listing.items.length);
      expect(await heldByReact(page, "#product-grid, #product-grid *")).toBe(1); // the grid itself, not what is in it
      await guestHeart(page, store, cards.nth(0));

      // A card's link: select_item with its place in the category's list, the product in this document.
      const third = listing.items[2] as CategoryListing["items"][number];
      await cards.nth(2).locator("a.card-link").click();
      await page.waitForURL((url) => url.pathname === `/p/${third.url_key}`);
      expect(await sameDocument(page)).toBe(true);
      expect(
        (await selectItems(page)).map((e) => [e.ecommerce?.item_list_id, e.ecommerce?.items?.[0]?.item_id, e.ecommerce?.items?.[0]?.index]),
      ).toEqual([[listing.category.uid, third.sku, 2]]);

      // Back on the category: React draws the grid now (the server's is gone), and it works the same.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `/c/${t.women}`);
      await expect.poll(() => heldByReact(page, "#product-grid a.card-link")).toBe(listing.items.length);
      await guestHeart(page, store, cards.nth(1));
      await cards.nth(1).locator("a.card-link").click();
      await page.waitForURL((url) => url.pathname === `/p/${(listing.items[1] as CategoryListing["items"][number]).url_key}`);
      expect((await selectItems(page)).map((e) => e.ecommerce?.items?.[0]?.index)).toEqual([2, 1]);
      expect(documents).toEqual([`/c/${t.women}`]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("of search results is the server's too: a guest's heart asks to log in, a card opens its product", async () => {
    const { page, context, documents, errors } = await open(store, viewport, `/searchresults?search=${t.search}`);
    try {
      const cards = page.locator("#product-grid > li");
      expect(await cards.count()).toBeGreaterThan(1);
      expect(await heldByReact(page, "#product-grid *")).toBe(0);
      await guestHeart(page, store, cards.nth(1));
      const href = (await cards.nth(1).locator("a.card-link").getAttribute("href")) ?? "";
      await cards.nth(1).locator("a.card-link").click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
      expect(await sameDocument(page)).toBe(true);
      expect((await selectItems(page)).map((e) => [e.ecommerce?.item_list_id, e.ecommerce?.items?.[0]?.index])).toEqual([
        ["search_results", 1],
      ]);
      expect(documents).toEqual(["/searchresults"]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("of a CMS block on the front page is the server's, each card one element: its heart asks a guest to log in, it opens its product", async () => {
    const { page, context, documents, errors } = await open(store, viewport, "/");
    try {
      const cards = page.locator("main li.product-card");
      expect(await cards.count()).toBeGreaterThan(1);
      expect(await heldByReact(page, "main li.product-card")).toBe(await cards.count());
      expect(await heldByReact(page, "main li.product-card *")).toBe(0);
      const card = cards.nth(1);
      await card.scrollIntoViewIfNeeded();
      await guestHeart(page, store, card);
      const href = (await card.locator("a.card-link").getAttribute("href")) ?? "";
      await card.locator("a.card-link").click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
      expect(await sameDocument(page)).toBe(true);
      expect(documents).toEqual(["/"]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
