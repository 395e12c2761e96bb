// The menus' panels come when first opened (decision 0038), in both stores: the page carries no
// subcategory, the first opening fetches the panels once for the visit, a slow fetch shows a
// note (and what arrives moves nothing on the page), a failed one says so while the top-level
// links keep leading to their categories, and opening again retries.
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MenuItem } from "../../lib/catalog-types.ts";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";

const port = inject("shopPort");
type Store = "en" | "fi";
const origin = (store: Store) => `http://${store === "fi" ? "fi." : ""}localhost:${port}`;
const api = async <T>(store: Store, path: string): Promise<T> =>
  (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Store: store } })).json() as Promise<T>;
const PANELS = /\/menu\?v=/;

const TEXT = {
  en: {
    mainMenu: "Main menu",
    toggle: (name: string) => `Show ${name} categories`,
    showAll: (name: string) => `Show all ${name}`,
    menu: "Menu",
    loading: "Loading the categories…",
    failed: "The categories could not be loaded. Try again in a moment.",
  },
  fi: {
    mainMenu: "Päävalikko",
    toggle: (name: string) => `Näytä kategoriat: ${name}`,
    showAll: (name: string) => `Näytä kaikki: ${name}`,
    menu: "Valikko",
    loading: "Ladataan kategorioita…",
    failed: "Kategorioita ei voitu ladata. Yritä hetken kuluttua uudelleen.",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A top-level category with a panel, one of its subcategories, and another top-level category with one. */
async function menuPath(store: Store) {
  const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
  const { menu } = await api<{ menu: MenuItem[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
  const [top, second] = menu.filter((item) => item.top_level_clickable && item.children.length > 0);
  const child = top?.children[0];
  if (!top || !second || !child) throw new Error("the demo menu has too few categories with subcategories");
  return { top, second, child };
}

/** A page whose fetches of the panels are counted, and held or refused as the test says. */
async function open(store: Store, viewport: keyof typeof VIEWPORTS, path = "/") {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const fetches: string[] = [];
  page.on("request", (request) => {
    if (PANELS.test(request.url())) fetches.push(request.url());
  });
  await page.goto(`${origin(store)}${path}`);
  await waitForHydration(page);
  return { page, fetches, errors };
}

/** Holds the panels' answers until released. */
async function holdPanels(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(PANELS, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * The sum of the layout shifts from now on of what the menus could move: the header and the
 * page under it (the campaign banner above the header rotates on its own clock).
 */
async function watchLayoutShifts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const ours = entry.sources.some((source) => source.node?.parentElement?.closest("header, main, footer"));
        if (!entry.hadRecentInput && ours) w.shifts += entry.value;
      }
    }).observe({ type: "layout-shift" });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}

for (const store of ["en", "fi"] as const) {
  const text = TEXT[store];

  describe(`${store} store, desktop mega menu`, () => {
    it("has no panel in the page; the first opening fetches the panels once, slow ones with a note, and moves nothing", async () => {
      const { top, second, child } = await menuPath(store);
      const { page, fetches, errors } = await open(store, "desktop");
      const html = await page.evaluate(() => fetch(location.href).then((response) => response.text()));
      expect(html).toContain(`href="/c/${top.url_path}"`);
      expect(html).not.toContain(`href="/c/${child.url_path}"`);
      const nav = page.getByRole("banner").getByRole("navigation", { name: text.mainMenu });
      const toggle = nav.getByRole("button", { name: text.toggle(top.name) });
      const panel = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
      expect(await panel.getByRole("link").count()).toBe(0);
      expect(fetches).toEqual([]);

      // A resting mouse opens the panel while the panels are held: its category and "Show all" at
      // once, a note in place of the columns; when they come, the columns — and no shift on the page.
      const release = await holdPanels(page);
      const shifts = await watchLayoutShifts(page);
      await nav.getByRole("link", { name: top.name, exact: true }).hover();
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => panel.getByRole("link", { name: text.showAll(top.name) }).isVisible()).toBe(true);
      await expect.poll(() => panel.getByRole("status").getByText(text.loading).isVisible()).toBe(true);
      await snapshot(page, `menu-panels-${store}-desktop-loading`);
      await expectNoAxeViolations(page);
      release();
      await expect.poll(() => panel.getByRole("link", { name: child.name, exact: true }).isVisible()).toBe(true);
      expect(await panel.getByRole("status").count()).toBe(0);
      expect(await shifts()).toBe(0);

      // Another category's panel, and the first again after a new page: no second fetch.
      await nav.getByRole("button", { name: text.toggle(second.name) }).click();
      await expect.poll(() => nav.getByRole("link", { name: second.children[0]?.name ?? "", exact: true }).isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await nav.getByRole("link", { name: second.name, exact: true }).click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(second.name);
      await toggle.focus();
      await page.keyboard.press("ArrowDown");
      await expect
        .poll(() =>
          panel
            .getByRole("link")
            .first()
            .evaluate((a) => a === document.activeElement),
        )
        .toBe(true);
      expect(await panel.getByRole("link", { name: child.name, exact: true }).isVisible()).toBe(true);
      expect(fetches).toHaveLength(1);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it("says so when the panels cannot be fetched, keeps the top-level links working, and retries on the next opening", async () => {
      const { top, child } = await menuPath(store);
      const { page, fetches } = await open(store, "desktop");
      await page.route(PANELS, (route) => route.abort());
      const nav = page.getByRole("banner").getByRole("navigation", { name: text.mainMenu });
      const toggle = nav.getByRole("button", { name: text.toggle(top.name) });
      const panel = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);

      await toggle.click();
      await expect.poll(() => panel.getByText(text.failed).isVisible()).toBe(true);
      expect(await panel.getByRole("link", { name: text.showAll(top.name) }).getAttribute("href")).toBe(`/c/${top.url_path}`);
      await snapshot(page, `menu-panels-${store}-desktop-failed`);
      await expectNoAxeViolations(page);

      // Closed and opened again with the network back: the panels come.
      await page.unroute(PANELS);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
      await toggle.click();
      await expect.poll(() => panel.getByRole("link", { name: child.name, exact: true }).isVisible()).toBe(true);
      expect(fetches.length).toBeGreaterThanOrEqual(2);

      // The top-level link leads to its category page, which links its subcategories.
      await page.keyboard.press("Escape");
      await nav.getByRole("link", { name: top.name, exact: true }).click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(top.name);
      expect(await page.getByRole("main").getByRole("link", { name: child.name, exact: true }).getAttribute("href")).toBe(
        `/c/${child.url_path}`,
      );
      await page.context().close();
    });
  });

  describe(`${store} store, without JavaScript`, () => {
    it("has no subcategory in the header, and leads down the tree by links: a top-level category, its subcategory, theirs", async () => {
      const { top, child } = await menuPath(store);
      const leaf = child.children[0];
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${origin(store)}/`);
      const nav = page.getByRole("banner").getByRole("navigation", { name: text.mainMenu });
      // The header has no subcategory, not even hidden: the category pages lead down instead.
      expect(await page.getByRole("banner").locator(`a[href="/c/${child.url_path}"]`).count()).toBe(0);
      await nav.getByRole("link", { name: top.name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/c/${top.url_path}`);
      await page.getByRole("main").getByRole("link", { name: child.name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/c/${child.url_path}`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(child.name);
      if (leaf) {
        await page.getByRole("main").getByRole("link", { name: leaf.name, exact: true }).click();
        await page.waitForURL((url) => url.pathname === `/c/${leaf.url_path}`);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(leaf.name);
      }
      await context.close();
    });
  });

  describe(`${store} store, mobile side menu`, () => {
    it("draws nothing until opened; a submenu waits for the panels with a note, and says so if they fail", async () => {
      const { top, child } = await menuPath(store);
      const { page, fetches, errors } = await open(store, "mobile");
      const dialog = page.getByRole("dialog", { name: text.menu, includeHidden: true });
      expect(await dialog.getByRole("link", { includeHidden: true }).count()).toBe(0);
      expect(fetches).toEqual([]);

      // Opening fetches the panels; held, the submenu shows its back button, "Show all" and a note.
      const release = await holdPanels(page);
      await page.getByRole("banner").getByRole("button", { name: text.menu, exact: true }).click();
      await dialog.getByRole("button", { name: top.name, exact: true }).click();
      await expect.poll(() => dialog.getByRole("link", { name: text.showAll(top.name) }).isVisible()).toBe(true);
      await expect.poll(() => dialog.getByRole("status").getByText(text.loading).isVisible()).toBe(true);
      await snapshot(page, `menu-panels-${store}-mobile-loading`);
      release();
      await expect.poll(() => dialog.getByRole("link", { name: child.name, exact: true }).isVisible()).toBe(true);
      expect(fetches).toHaveLength(1);
      expect(errors).toEqual([]);
      await page.context().close();

      // Another visit whose fetch fails: the submenu says so; "Show all" still leads to the category.
      const failing = await open(store, "mobile");
      await failing.page.route(PANELS, (route) => route.abort());
      const failingDialog = failing.page.getByRole("dialog", { name: text.menu });
      await failing.page.getByRole("banner").getByRole("button", { name: text.menu, exact: true }).click();
      await failingDialog.getByRole("button", { name: top.name, exact: true }).click();
      await expect.poll(() => failingDialog.getByText(text.failed).isVisible()).toBe(true);
      // The dialog's slide and fades over: axe measures colours as they end, not halfway.
      await expect
        .poll(() => failing.page.evaluate(() => document.querySelector("dialog[open]")?.getAnimations({ subtree: true }).length))
        .toBe(0);
      await snapshot(failing.page, `menu-panels-${store}-mobile-failed`);
      await expectNoAxeViolations(failing.page);
      await failingDialog.getByRole("link", { name: text.showAll(top.name) }).click();
      await expect.poll(() => failing.page.getByRole("heading", { level: 1 }).textContent()).toBe(top.name);
      await failing.page.context().close();
    });
  });
}
