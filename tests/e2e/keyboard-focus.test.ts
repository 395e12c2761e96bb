// A keyboard shopper (issue 10, keyboard and focus), in both stores, on a phone and on a
// desktop: after a client-side navigation the new page's heading has the focus, as after a
// page load, so the next Tab goes on from the top of the new page; ticking a filter keeps
// the focus where it is; Escape closes a filter's dropdown and gives the focus back to it.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MenuItem } from "../../lib/catalog-types.ts";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";

const port = inject("shopPort");
type Store = "en" | "fi";
const origin = (store: Store) => `http://${store === "fi" ? "fi." : ""}localhost:${port}`;
const api = async <T>(store: Store, path: string): Promise<T> =>
  (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Store: store } })).json() as Promise<T>;

const TEXT = {
  en: { mainMenu: "Main menu", menu: "Menu", colour: "Colour" },
  fi: { mainMenu: "Päävalikko", menu: "Valikko", colour: "Väri" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(store: Store, viewport: keyof typeof VIEWPORTS, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: VIEWPORTS[viewport] })).newPage();
  await page.goto(`${origin(store)}${path}`);
  await waitForHydration(page);
  return page;
}

/** A top-level category with subcategories. */
async function categories(store: Store) {
  const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
  const { menu } = await api<{ menu: MenuItem[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
  const top = menu.find((item) => item.top_level_clickable && item.children.length > 0);
  const child = top?.children[0];
  if (!top || !child) throw new Error("the demo menu has no category with subcategories");
  return { top, child };
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const mainHeading = (page: Page) => page.getByRole("main").getByRole("heading", { level: 1 });
/** Whether the focused element comes after the page's main heading. */
const focusAfterHeading = (page: Page) =>
  page.evaluate(() => {
    const heading = document.querySelector("main h1");
    const active = document.activeElement;
    if (!heading || !active || active === document.body) return false;
    return (heading.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });

for (const store of ["en", "fi"] as const) {
  const text = TEXT[store];

  describe(`${store} store, desktop`, () => {
    it("a link to a category followed by keyboard: the heading has the focus, the next Tab goes on from it", async () => {
      const { top } = await categories(store);
      const page = await open(store, "desktop", "/");
      // The first load is left to the browser.
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      const link = page.getByRole("navigation", { name: text.mainMenu }).getByRole("link", { name: top.name, exact: true });
      await link.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === `/c/${top.url_path}`);
      const heading = mainHeading(page);
      await expect.poll(() => heading.textContent()).toBe(top.name);
      await expect.poll(() => isFocused(heading)).toBe(true);
      expect(await heading.getAttribute("tabindex")).toBe("-1");
      await page.keyboard.press("Tab");
      expect(await focusAfterHeading(page)).toBe(true);
      await snapshot(page, `focus-${store}-desktop-category`);
      await expectNoAxeViolations(page);
      await page.context().close();
    });

    it("ticking a filter keeps the focus on it; Escape closes the dropdown and returns to its button", async () => {
      const { top } = await categories(store);
      const page = await open(store, "desktop", `/c/${top.url_path}`);
      const summary = page.locator("summary", { hasText: text.colour });
      const dropdown = page.getByRole("group", { name: text.colour });
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => dropdown.isVisible()).toBe(true);
      await page.keyboard.press("Tab");
      const first = dropdown.getByRole("checkbox").first();
      expect(await isFocused(first)).toBe(true);
      await page.keyboard.press("Space");
      await page.waitForURL(/color=/);
      await expect.poll(() => first.isChecked()).toBe(true);
      // Only the query changed and the control is still there: the focus stays with it.
      expect(await isFocused(first)).toBe(true);
      expect(await dropdown.isVisible()).toBe(true);
      await snapshot(page, `focus-${store}-desktop-filter-open`);

      await page.keyboard.press("Escape");
      await expect.poll(() => dropdown.isVisible()).toBe(false);
      await expect.poll(() => isFocused(summary)).toBe(true);
      // And it opens again from its button.
      await page.keyboard.press("Enter");
      await expect.poll(() => dropdown.isVisible()).toBe(true);
      await page.context().close();
    });
  });

  describe(`${store} store, mobile`, () => {
    it("a category chosen in the side menu: the menu closes and the new page's heading has the focus", async () => {
      const { top, child } = await categories(store);
      const page = await open(store, "mobile", "/");
      await page.getByRole("banner").getByRole("button", { name: text.menu, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: text.menu });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole("button", { name: top.name, exact: true }).click();
      const link = dialog.getByRole("link", { name: child.name, exact: true });
      await link.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === `/c/${child.url_path}`);
      await expect.poll(() => dialog.isVisible()).toBe(false);
      const heading = mainHeading(page);
      await expect.poll(() => heading.textContent()).toBe(child.name);
      await expect.poll(() => isFocused(heading)).toBe(true);
      await page.keyboard.press("Tab");
      expect(await focusAfterHeading(page)).toBe(true);
      await snapshot(page, `focus-${store}-mobile-category`);
      await page.context().close();
    });
  });
}
