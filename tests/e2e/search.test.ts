// Searching in the browser, in both stores (the en store on a desktop, the fi store on a phone):
// type part of a word and see suggested phrases (the typed part marked) and products, move with
// the arrow keys and open a product from a suggestion; search with Enter and see the results;
// come back and find the search among the recent ones — only with marketing consent. A word
// that matches nothing says so and offers the nearest name. axe-core checks the open panel.
import type { Browser, Page } from "playwright-core";
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
import { type Store, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const { origin } = testShop(port);

const TEXT = {
  en: {
    toggle: "Search the shop",
    partial: "jack",
    word: "jacket",
    search: "rain jacket",
    results: "Search results for “rain jacket”",
    products: "Products",
    recent: "Recent searches",
    nothing: "qwxzv",
    notFound: "Nothing found for “qwxzv”",
    alternatives: "You might also like",
  },
  fi: {
    toggle: "Hae kaupasta",
    partial: "takk",
    word: "takki",
    search: "sadetakki",
    results: "Hakutulokset: ”sadetakki”",
    products: "Tuotteet",
    recent: "Viimeisimmät haut",
    nothing: "qwxzv",
    notFound: "Haulla ”qwxzv” ei löytynyt mitään",
    alternatives: "Saatat pitää myös näistä",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openPage(store: Store, viewport: keyof typeof VIEWPORTS, marketing: boolean): Promise<Page> {
  const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS[viewport] }));
  await withConsent(context, origin(store), { marketing });
  const page = await context.newPage();
  await page.goto(`${origin(store)}/`);
  await waitForHydration(page);
  return page;
}

async function openSearch(page: Page, store: Store) {
  await page.getByRole("banner").getByRole("button", { name: TEXT[store].toggle }).click();
  const field = page.getByRole("search").getByRole("combobox");
  await expect.poll(() => field.evaluate((e) => e === document.activeElement)).toBe(true);
  return field;
}

describe.each([
  ["en", "desktop"],
  ["fi", "mobile"],
] as const)("search in the %s store (%s)", (store, viewport) => {
  const t = TEXT[store];

  it("suggests as the shopper types, opens a product by keyboard, searches with Enter and remembers the search", async () => {
    const page = await openPage(store, viewport, true);
    const field = await openSearch(page, store);
    await field.fill(t.partial);
    const listbox = page.getByRole("listbox");
    const options = listbox.getByRole("option");
    await expect.poll(() => options.count()).toBeGreaterThan(2);
    // The typed part of a suggested phrase is marked.
    await expect.poll(async () => (await listbox.locator("mark").first().textContent())?.toLowerCase()).toBe(t.partial);
    expect(await field.getAttribute("aria-expanded")).toBe("true");
    await expectNoAxeViolations(page);
    await snapshot(page, `search-${store}-${viewport}-suggestions`);

    // Arrows move through the options; Enter on a product opens it.
    const texts = await options.allTextContents();
    const productIndex = await options.evaluateAll((all) => all.findIndex((o) => o.querySelector("img") !== null));
    expect(productIndex).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= productIndex; i++) await page.keyboard.press("ArrowDown");
    const activeId = await field.getAttribute("aria-activedescendant");
    expect(await options.nth(productIndex).getAttribute("id")).toBe(activeId);
    expect(await options.nth(productIndex).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/p/"));
    expect(texts[productIndex]).toBeTruthy();
    // The product page is shown when its heading has the focus (the URL changes before it renders).
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches("main h1") ?? false)).toBe(true);

    // Enter on the typed text searches.
    const again = await openSearch(page, store);
    await again.fill(t.search);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/searchresults" && url.searchParams.get("search") === t.search);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(t.results);
    await expect.poll(() => page.locator("main").getByRole("listitem").count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await snapshot(page, `search-${store}-${viewport}-results`);

    // Back on the front page, the search is among the recent ones.
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    await openSearch(page, store);
    await expect.poll(() => page.getByRole("listbox").getByRole("option", { name: t.search, exact: true }).count()).toBe(1);
    expect(await page.getByText(t.recent).isVisible()).toBe(true);
    await page.context().close();
  });

  it("shows an engine's answer in spec §3's legacy shape as it shows its own: name, brand, thumbnail, price and link", async () => {
    const page = await openPage(store, viewport, false);
    // The engine answers in the legacy shape (the shop's own engine, asked for it).
    await page.route("**/api/engagement/queries/autocomplete*", async (route) => {
      // Asked at the loopback address (Node does not resolve fi.localhost), naming the store.
      const url = new URL(route.request().url());
      url.searchParams.set("shape", "legacy");
      const answer = await fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, { method: "POST", headers: { Store: store } });
      await route.fulfill({ status: answer.status, contentType: "application/json", body: await answer.text() });
    });
    const field = await openSearch(page, store);
    await field.fill(t.word);
    const product = page
      .getByRole("listbox")
      .getByRole("option")
      .filter({ has: page.locator("img") })
      .first();
    await product.waitFor();
    const shown = (await product.textContent()) ?? "";
    expect(shown).toMatch(/\d,\d\d\s€/);
    expect(await product.locator("img").getAttribute("src")).toMatch(/w=100&h=140/);
    await product.click();
    await page.waitForURL((url) => url.pathname.startsWith("/p/"));
    await page.context().close();
  });

  it("keeps spec §9's timings: the field takes the focus 150 ms after the bar opens, suggestions come 200 ms after typing stops", async () => {
    const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS[viewport] }));
    await withConsent(context, origin(store), { marketing: false });
    const page = await context.newPage();
    await page.clock.install();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/queries/autocomplete")) asked.push(new URL(request.url()).searchParams.get("q") ?? "");
    });
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    // The bar's code first (as pointing at the toggle fetches it), then the page's time stands still.
    await page.getByRole("banner").getByRole("button", { name: t.toggle }).hover();
    await page.waitForLoadState("networkidle");
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole("banner").getByRole("button", { name: t.toggle }).click();
    const field = page.getByRole("search").getByRole("combobox");
    await field.waitFor();
    const focused = () => field.evaluate((e) => e === document.activeElement);
    await page.clock.runFor(100);
    expect(await focused()).toBe(false);
    await page.clock.runFor(60);
    await expect.poll(focused).toBe(true);
    // The first suggestions (recent ones) come at once; then one request for the whole word typed,
    // once the typing pauses (spec §9: 200 ms), not one per key.
    await expect.poll(() => asked.length).toBe(1);
    await field.pressSequentially(t.partial);
    await page.clock.runFor(250);
    await expect.poll(() => asked).toEqual(["", t.partial]);
    await page.clock.runFor(1000);
    expect(asked).toEqual(["", t.partial]);
    await context.close();
  });

  it("remembers nothing without marketing consent", async () => {
    const page = await openPage(store, viewport, false);
    const field = await openSearch(page, store);
    await field.fill(t.word);
    await expect.poll(() => page.getByRole("listbox").getByRole("option").count()).toBeGreaterThan(0);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/searchresults");
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    await openSearch(page, store);
    // Give the empty query's answer time to arrive: still no recent searches.
    await page.waitForTimeout(1000);
    expect(await page.getByText(t.recent).count()).toBe(0);
    expect(await page.getByRole("listbox").getByRole("option", { name: t.word, exact: true }).count()).toBe(0);
    expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: "engagement.customer_key" }));
    await page.context().close();
  });

  it("says when nothing matches, in the panel and on the results page", async () => {
    const page = await openPage(store, viewport, false);
    const field = await openSearch(page, store);
    await field.fill(t.nothing);
    await expect.poll(() => page.getByRole("status").filter({ hasText: t.notFound }).count()).toBe(1);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/searchresults");
    await expect.poll(() => page.locator("main").getByText(t.notFound).isVisible()).toBe(true);
    await page.context().close();
  });

  it("recommends alternatives under a product, and a click opens one", async () => {
    const page = await openPage(store, viewport, false);
    const { api } = testShop(port);
    const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
    const { menu } = await api<{ menu: { url_path: string }[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
    const listing = await api<{ items: { url_key: string }[] }>(
      store,
      `/api/catalog/category?path=${encodeURIComponent(menu[0]?.url_path ?? "")}`,
    );
    const productPath = `/p/${listing.items[1]?.url_key}`;
    await page.goto(`${origin(store)}${productPath}`);
    await waitForHydration(page);
    const section = page.getByRole("region", { name: t.alternatives });
    await section.waitFor({ timeout: 10_000 });
    const links = section.getByRole("link");
    const count = await links.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(8);
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await snapshot(page, `search-${store}-${viewport}-recommendations`);
    const target = await links.first().getAttribute("href");
    expect(target).not.toBe(productPath);
    await links.first().click();
    await page.waitForURL((url) => url.pathname === target);
    await page.context().close();
  });
});
