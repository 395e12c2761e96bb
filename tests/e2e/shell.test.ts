// The page frame (issue: storefront shell), in both stores, on a phone and on a desktop: the
// desktop mega menu and the mobile side menu lead to a category, the language switcher
// lands on the same page in the other store, the footer's find-us links carry the store's
// suffix. axe-core checks the pages with the menus open.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MenuItem } from "../../lib/catalog-types.ts";
import { languageSwitchHref } from "../../lib/language-switch.ts";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";

const port = inject("shopPort");
type Store = "en" | "fi";
const origin = (store: Store) => `http://${store === "fi" ? "fi." : ""}localhost:${port}`;
const other = (store: Store): Store => (store === "en" ? "fi" : "en");
const api = async <T>(store: Store, path: string): Promise<T> =>
  (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Store: store } })).json() as Promise<T>;

const TEXT = {
  en: {
    mainMenu: "Main menu",
    toggle: (name: string) => `Show ${name} categories`,
    showAll: (name: string) => `Show all ${name}`,
    menu: "Menu",
    close: "Close menu",
    back: "Back to the menu",
    logIn: "Log in",
    email: "Email",
    password: "Password",
    language: "Language: English",
    languageName: "English",
    findUs: "Find us",
    privacy: "Privacy notice",
  },
  fi: {
    mainMenu: "Päävalikko",
    toggle: (name: string) => `Näytä kategoriat: ${name}`,
    showAll: (name: string) => `Näytä kaikki: ${name}`,
    menu: "Valikko",
    close: "Sulje valikko",
    back: "Takaisin valikkoon",
    logIn: "Kirjaudu",
    email: "Sähköposti",
    password: "Salasana",
    language: "Kieli: Suomi",
    languageName: "Suomi",
    findUs: "Löydä meidät",
    privacy: "Tietosuojaseloste",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type ShellPage = Page & { errors: string[] };

async function open(store: Store, viewport: keyof typeof VIEWPORTS, path: string): Promise<ShellPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page = (await context.newPage()) as ShellPage;
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource.*404/.test(m.text())) page.errors.push(m.text());
  });
  await page.goto(`${origin(store)}${path}`);
  await waitForHydration(page);
  return page;
}

/** The store's menu, and in it a top-level category with subcategories that have their own. */
async function menuPath(store: Store) {
  const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
  const { menu } = await api<{ menu: MenuItem[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
  const top = menu.find((item) => item.top_level_clickable && item.children.some((child) => child.children.length > 0));
  const child = top?.children.find((c) => c.children.length > 0);
  const leaf = child?.children[0];
  if (!top || !child || !leaf) throw new Error("the demo menu has no three-level branch");
  return { menu, top, child, leaf };
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

for (const store of ["en", "fi"] as const) {
  const text = TEXT[store];

  describe(`${store} store, desktop`, () => {
    it("opens the mega menu by keyboard and by hover, and follows a link to a category", async () => {
      const { top, child, leaf } = await menuPath(store);
      const page = await open(store, "desktop", "/");
      const nav = page.getByRole("banner").getByRole("navigation", { name: text.mainMenu });
      const toggle = nav.getByRole("button", { name: text.toggle(top.name) });
      const panel = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await panel.isVisible()).toBe(false);

      // Keyboard: Enter opens, Escape closes and gives focus back to the button.
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => panel.getByRole("link", { name: text.showAll(top.name) }).isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => panel.isVisible()).toBe(false);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await isFocused(toggle)).toBe(true);

      // Space opens too; ArrowDown moves into the panel; Tab past the menu closes it.
      await page.keyboard.press("Space");
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
      await page.keyboard.press("Escape");
      await page.keyboard.press("ArrowDown");
      await expect
        .poll(() =>
          panel
            .getByRole("link")
            .first()
            .evaluate((a) => a === document.activeElement),
        )
        .toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => isFocused(toggle)).toBe(true);

      // A resting mouse opens the panel after the intent delay; leaving the menu closes it.
      await nav.getByRole("link", { name: top.name, exact: true }).hover();
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => panel.getByRole("link", { name: child.name, exact: true }).isVisible()).toBe(true);
      await snapshot(page, `shell-${store}-desktop-megamenu`);
      await expectNoAxeViolations(page);
      await page.mouse.move(700, 880);
      await expect.poll(() => panel.isVisible()).toBe(false);

      // Open it again and follow a third-level link.
      await toggle.click();
      await expect.poll(() => panel.isVisible()).toBe(true);
      await panel.getByRole("link", { name: leaf.name, exact: true }).click();
      await expect.poll(() => h1(page)).toBe(leaf.name);
      expect(new URL(page.url()).pathname).toBe(`/c/${leaf.url_path}`);
      await expect.poll(() => panel.isVisible()).toBe(false);
      // The section of the page is marked in the row; the top-level name links to its category.
      await nav.getByRole("link", { name: top.name, exact: true }).click();
      await expect.poll(() => h1(page)).toBe(top.name);
      expect(page.errors).toEqual([]);
      await page.context().close();
    });

    it("keeps the header's actions on a narrow desktop: the menu's bar scrolls, the page does not", async () => {
      for (const width of [1024, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        await page.goto(`${origin(store)}/`);
        await waitForHydration(page);
        // Before, the bar pushed the cart and the language switcher off the page (1,269 px wide at 1,024).
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBe(width);
        const banner = page.getByRole("banner");
        for (const action of [banner.getByRole("button", { name: text.language }), banner.getByTestId("minicart-button")]) {
          const box = await action.boundingBox();
          expect(box && box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
        }
        // The bar's last link, reached by keyboard, is scrolled into the bar's view.
        const nav = banner.getByRole("navigation", { name: text.mainMenu });
        const last = nav.getByRole("link").last();
        await last.focus();
        const right = async (element: typeof nav) => {
          const box = await element.boundingBox();
          return box ? box.x + box.width : Number.POSITIVE_INFINITY;
        };
        const barEnd = await right(nav);
        await expect.poll(() => right(last)).toBeLessThanOrEqual(barEnd + 1);
        await context.close();
      }
    });

    it("opens the search bar and searches with a plain form", async () => {
      const page = await open(store, "desktop", "/");
      const toggle = page.getByRole("banner").getByRole("button", { name: store === "en" ? "Search the shop" : "Hae kaupasta" });
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      // With JavaScript the field is a combobox (its suggestions come with the search engine).
      const field = page.getByRole("search").getByRole("combobox");
      await expect.poll(() => isFocused(field)).toBe(true);
      await expectNoAxeViolations(page);
      await field.fill("villa");
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/searchresults" && url.searchParams.get("search") === "villa");
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
      await page.context().close();
    });
  });

  describe(`${store} store, mobile`, () => {
    it("walks the side menu: a submenu, back, a link to a category; closing resets it", async () => {
      const { top, child } = await menuPath(store);
      const page = await open(store, "mobile", "/");
      const opener = page.getByRole("banner").getByRole("button", { name: text.menu, exact: true });
      const dialog = page.getByRole("dialog", { name: text.menu });
      expect(await dialog.isVisible()).toBe(false);

      await opener.click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await opener.getAttribute("aria-expanded")).toBe("true");
      expect(await dialog.getAttribute("aria-modal")).toBe("true");
      await expect.poll(() => isFocused(dialog.getByRole("button", { name: text.close }))).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
      expect(await dialog.getByRole("tab", { name: text.menu }).getAttribute("aria-selected")).toBe("true");
      await snapshot(page, `shell-${store}-mobile-menu`);
      await expectNoAxeViolations(page);

      // Focus stays in the panel: Shift+Tab from its first control goes to its last.
      await dialog.getByRole("link").first().focus();
      await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);

      // Into a submenu: a back button with the category's name, "Show all", the subcategories.
      await dialog.getByRole("button", { name: top.name, exact: true }).click();
      const back = dialog.getByRole("button", { name: `${text.back}: ${top.name}` });
      await expect.poll(() => isFocused(back)).toBe(true);
      expect(await dialog.getByRole("link", { name: text.showAll(top.name) }).getAttribute("href")).toBe(`/c/${top.url_path}`);
      await snapshot(page, `shell-${store}-mobile-submenu`);
      await expectNoAxeViolations(page);

      // Back to the top level, focus on the category that was opened.
      await back.click();
      const item = dialog.getByRole("button", { name: top.name, exact: true });
      await expect.poll(() => isFocused(item)).toBe(true);

      // The login tab: a labelled form posting to /account/login.
      await dialog.getByRole("tab", { name: text.logIn }).click();
      const form = dialog.getByRole("tabpanel").locator("form");
      expect(await form.getAttribute("action")).toBe("/account/login");
      expect(await form.getAttribute("method")).toBe("post");
      expect(await dialog.getByLabel(text.email).getAttribute("type")).toBe("email");
      expect(await dialog.getByLabel(text.password).getAttribute("type")).toBe("password");
      await snapshot(page, `shell-${store}-mobile-login`);
      await expectNoAxeViolations(page);

      // Escape closes, focus returns to the menu button, the page scrolls again; reopening starts afresh.
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect.poll(() => isFocused(opener)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
      await opener.click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getByRole("tab", { name: text.menu }).getAttribute("aria-selected")).toBe("true");

      // Follow a subcategory link to its page; the menu closes.
      await dialog.getByRole("button", { name: top.name, exact: true }).click();
      await dialog.getByRole("link", { name: child.name, exact: true }).click();
      await expect.poll(() => h1(page)).toBe(child.name);
      expect(new URL(page.url()).pathname).toBe(`/c/${child.url_path}`);
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  });

  for (const viewport of ["mobile", "desktop"] as const) {
    describe(`${store} store, ${viewport}`, () => {
      it("switches language on the same page; #language opens the switcher", async () => {
        const { top } = await menuPath(store);
        const page = await open(store, viewport, `/c/${top.url_path}#language`);
        const button = page.getByRole("banner").getByRole("button", { name: text.language });
        await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
        const target = other(store);
        const alternate = await page.locator(`link[rel="alternate"][hreflang="${target}"]`).getAttribute("href");
        expect(alternate).toMatch(new RegExp(`^${origin(target)}/c/`));
        const link = page.getByRole("banner").getByRole("link", { name: TEXT[target].languageName });
        // Opened by the address, it takes the focus on its first choice.
        await expect.poll(() => link.evaluate((element) => element === document.activeElement)).toBe(true);
        // The switch goes through the shop, which keeps the page's choices in the other store.
        expect(await link.getAttribute("href")).toBe(languageSwitchHref(target, `/c/${top.url_path}`));
        expect(await link.getAttribute("hreflang")).toBe(target);
        expect(await link.getAttribute("lang")).toBe(target);
        await expectNoAxeViolations(page);

        // Escape closes it; so does a click outside.
        await page.keyboard.press("Escape");
        await expect.poll(() => link.isVisible()).toBe(false);
        await expectNoAxeViolations(page);
        await button.click();
        await expect.poll(() => link.isVisible()).toBe(true);
        await page.getByRole("heading", { level: 1 }).click();
        await expect.poll(() => link.isVisible()).toBe(false);

        await button.click();
        await link.click();
        await page.waitForURL(alternate ?? "");
        expect(await page.getAttribute("html", "lang")).toBe(target);
        await expect.poll(() => page.getByRole("banner").getByRole("button", { name: TEXT[target].language }).count()).toBe(1);
        expect(page.errors).toEqual([]);
        await page.context().close();
      });

      it("shows the footer: link blocks, find-us links with the store's suffix, privacy and copyright", async () => {
        const page = await open(store, viewport, "/");
        const footer = page.getByRole("contentinfo");
        const findUs = footer.getByRole("navigation", { name: text.findUs });
        const hrefs = await findUs.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        expect(hrefs).toHaveLength(4);
        for (const href of hrefs) expect(href).toMatch(store === "fi" ? /^\/content\/[a-z-]+-fi$/ : /^\/content\/[a-z-]+(?<!-fi)$/);
        expect(hrefs).toContain(store === "fi" ? "/content/brand-store-helsinki-fi" : "/content/brand-store-helsinki");
        expect(await footer.getByRole("link", { name: text.privacy }).getAttribute("href")).toBe(
          store === "fi" ? "/content/tietosuojaseloste" : "/content/privacy",
        );
        expect(await footer.getByRole("img", { name: "Design from Finland" }).count()).toBe(1);
        expect(await footer.textContent()).toContain("© 2026 Kauppa Oy");
        await footer.scrollIntoViewIfNeeded();
        await snapshot(page, `shell-${store}-${viewport}-footer`);
        await expectNoAxeViolations(page);
        await page.context().close();
      });
    });
  }
}
