// A shopper browses: front page → category → product, in both stores, on a phone and on a
// desktop; unknown paths give the 404 page; a colour filter shows and opens that colour, and
// switching language keeps a product's colour and size and a category's filters (also
// without JavaScript). axe-core checks every page.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryListing, ConfigurableOption, ProductDetails } from "../../lib/catalog-types.ts";
import { chooseRadio, expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";
import { findProduct, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const STORES = {
  en: {
    origin: `http://localhost:${port}`,
    lang: "en",
    // The demo content's front page (content/demo): its title is the page's h1, its hero leads to Women.
    heading: "Kauppa – clothing for northern weather",
    heroCategory: "Women",
    notFound: "This page could not be found",
  },
  fi: {
    origin: `http://fi.localhost:${port}`,
    lang: "fi",
    heading: "Kauppa – vaatteita pohjoisen säähän",
    heroCategory: "Naiset",
    notFound: "Sivua ei löytynyt",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(
  store: keyof typeof STORES,
  viewport: keyof typeof VIEWPORTS,
  path: string,
  { javaScript = true }: { javaScript?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], javaScriptEnabled: javaScript });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource.*404/.test(m.text())) errors.push(m.text());
  });
  await page.goto(`${STORES[store].origin}${path}`);
  // Buttons answer once React has hydrated (a click before that does nothing).
  if (javaScript) await waitForHydration(page);
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}

for (const store of ["en", "fi"] as const) {
  for (const viewport of ["mobile", "desktop"] as const) {
    describe(`${store} store, ${viewport}`, () => {
      it("goes from the front page to a category and on to a product", async () => {
        const page = await open(store, viewport, "/");
        expect(await page.getAttribute("html", "lang")).toBe(STORES[store].lang);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(STORES[store].heading);
        await snapshot(page, `${store}-${viewport}-front`);
        await expectNoAxeViolations(page);

        // The front page's hero banner leads to a category.
        await page.locator('main [data-block="fullWidthBanner"] a').first().click();
        const categoryName = STORES[store].heroCategory;
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(categoryName);
        expect(new URL(page.url()).pathname).toMatch(/^\/c\//);
        const products = page.getByRole("main").locator("ul li h3 a");
        expect(await products.count()).toBe(35);
        await snapshot(page, `${store}-${viewport}-category`);
        await expectNoAxeViolations(page);

        // Open the first product: its name, brand and a price in the store's format.
        const productLink = products.first();
        const productName = (await productLink.textContent())?.trim() ?? "";
        await productLink.click();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(productName);
        expect(new URL(page.url()).pathname).toMatch(/^\/p\//);
        await expect.poll(() => page.getByRole("main").textContent()).toMatch(/\d+,\d{2}\s€/);
        const image = page.getByRole("main").locator("img").first();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
          .toBe(true);
        await snapshot(page, `${store}-${viewport}-product`);
        await expectNoAxeViolations(page);
        expect((page as Page & { errors: string[] }).errors).toEqual([]);
        await page.context().close();
      });

      it("shows the 404 page for an unknown path", async () => {
        const page = await open(store, viewport, "/");
        const response = await page.goto(`${STORES[store].origin}/no/such/page`);
        expect(response?.status()).toBe(404);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(STORES[store].notFound);
        await page.getByRole("link", { name: store === "en" ? "Go to the front page" : "Etusivulle" }).click();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(STORES[store].heading);
        await snapshot(page, `${store}-${viewport}-404`);
        await page.context().close();
      });
    });
  }
}

const { api } = testShop(port);
const OTHER = { en: "fi", fi: "en" } as const;
const LANGUAGE = {
  en: { button: "Language: English", name: "English" },
  fi: { button: "Kieli: Suomi", name: "Suomi" },
} as const;
const optionOf = (product: ProductDetails, code: "color" | "size") =>
  product.configurable_options.find((o) => o.attribute_code === code) as ConfigurableOption;
const details = async (store: "en" | "fi", key: string) =>
  (await api<{ product: ProductDetails }>(store, `/api/catalog/productdetails/${encodeURIComponent(key)}`)).product;

/** A category and two of its colours (not the first, so the page's default colour is no answer). */
async function colourFilter(store: "en" | "fi") {
  const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
  const { menu } = await api<{ menu: { url_path: string }[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
  const path = menu[0]?.url_path ?? "";
  const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${encodeURIComponent(path)}`);
  const colours = listing.aggregations.find((a) => a.attribute_code === "color")?.options ?? [];
  const [first, second] = colours.slice(1);
  if (!first || !second) throw new Error("fewer than three colours");
  return { path, first, second };
}

/** Scrolls up to the header (away while the page scrolled down, spec §9), opens the language switcher and follows its link to the other store. */
async function switchLanguage(page: Page, store: "en" | "fi") {
  const target = OTHER[store];
  await page.mouse.wheel(0, -400);
  await page.getByRole("banner").getByRole("button", { name: LANGUAGE[store].button }).click();
  await page.getByRole("banner").getByRole("link", { name: LANGUAGE[target].name }).click();
  await page.waitForURL((url) => url.origin === STORES[target].origin);
  await expect.poll(() => page.getAttribute("html", "lang")).toBe(target);
  return target;
}

const isChecked = (page: Page, label: string) => page.getByRole("radio", { name: label, exact: true }).isChecked();

for (const store of ["en", "fi"] as const) {
  for (const viewport of ["mobile", "desktop"] as const) {
    it(`${store} store, ${viewport}: a colour filter shows each product in that colour and opens it chosen`, async () => {
      const { path, first } = await colourFilter(store);
      const page = await open(store, viewport, `/c/${path}?color=${first.value}`);
      const filtered = await api<CategoryListing>(store, `/api/catalog/category?path=${encodeURIComponent(path)}&color=${first.value}`);
      const item = filtered.items[0];
      const shown = item?.shown_color;
      if (!item || !shown) throw new Error("no product in that colour");
      expect(shown.label).toBe(first.label);

      // The first card: the colour's picture, its swatch marked, a link that chooses it.
      const card = page
        .getByRole("main")
        .locator("ul li")
        .filter({ has: page.locator(`a[href^="/p/${item.url_key}?"]`) });
      const picture = card.locator("img");
      expect(await picture.getAttribute("src")).toMatch(new RegExp(`^${shown.image.url}\\?`));
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
        .toBe(true);
      if (item.colors.length > 1) expect(await card.locator("[data-shown]").getAttribute("title")).toBe(first.label);
      await snapshot(page, `${store}-${viewport}-category-colour`);
      await expectNoAxeViolations(page);

      await card.getByRole("link").click();
      await page.waitForURL((url) => url.pathname === `/p/${item.url_key}`);
      expect(new URL(page.url()).searchParams.get("selectedConfigurations")).toBe(shown.selected_configurations);
      await expect.poll(() => isChecked(page, first.label)).toBe(true);
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
      await page.context().close();
    });
  }
}

for (const [store, viewport] of [
  ["en", "desktop"],
  ["fi", "mobile"],
] as const) {
  describe(`${store} store, ${viewport}: switching language`, () => {
    it("keeps the colour and size chosen on a product page", async () => {
      const found = await findProduct(api, store, 0, { notFirstColour: true });
      const page = await open(store, viewport, `/p/${found.product.url_key}`);
      await chooseRadio(page, found.color);
      await chooseRadio(page, found.size);
      await expect.poll(() => new URL(page.url()).searchParams.get("selectedConfigurations")).toContain(",");

      const target = await switchLanguage(page, store);
      const there = await details(target, found.product.url_keys[target] ?? "");
      expect(new URL(page.url()).pathname).toBe(`/p/${there.url_key}`);
      // The same colour and size, as the other store names them.
      const same = (code: "color" | "size", label: string) => {
        const index = optionOf(found.product, code).values.find((v) => v.label === label)?.value_index;
        return optionOf(there, code).values.find((v) => v.value_index === index)?.label ?? "";
      };
      await expect.poll(() => isChecked(page, same("color", found.color))).toBe(true);
      expect(await isChecked(page, same("size", found.size))).toBe(true);
      await snapshot(page, `${store}-${viewport}-product-switched`);
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
      await page.context().close();
    });

    it("keeps a category's filters and sort", async () => {
      const { path, first, second } = await colourFilter(store);
      const query = `?color=${[first.value, second.value].sort().join(",")}&sort=price&dir=asc`;
      const page = await open(store, viewport, `/c/${path}${query}`);
      const target = await switchLanguage(page, store);
      const url = new URL(page.url());
      expect(url.pathname).not.toBe(`/c/${path}`);
      expect(Object.fromEntries(url.searchParams)).toEqual(Object.fromEntries(new URLSearchParams(query)));
      // The other store shows the same products, each in a filtered colour.
      const here = await api<CategoryListing>(store, `/api/catalog/category?path=${encodeURIComponent(path)}&${query.slice(1)}`);
      const cards = page.getByRole("main").locator("ul li h3 a");
      await expect.poll(() => cards.count()).toBe(here.items.length);
      expect(await cards.first().getAttribute("href")).toContain("selectedConfigurations=");
      expect(await page.getAttribute("html", "lang")).toBe(target);
      await page.context().close();
    });

    it("keeps the choice without JavaScript: the switch is a plain link", async () => {
      const found = await findProduct(api, store, 0, { notFirstColour: true });
      const color = optionOf(found.product, "color").values.find((v) => v.label === found.color);
      const size = optionOf(found.product, "size").values.find((v) => v.label === found.size);
      const chosen = `${optionOf(found.product, "color").uid}:${color?.uid},${optionOf(found.product, "size").uid}:${size?.uid}`;
      const page = await open(store, viewport, `/p/${found.product.url_key}?selectedConfigurations=${encodeURIComponent(chosen)}`, {
        javaScript: false,
      });
      const target = OTHER[store];
      await snapshot(page, `${store}-${viewport}-product-nojs`);
      await page.getByRole("banner").getByRole("link", { name: LANGUAGE[target].name }).click();
      await page.waitForURL((url) => url.origin === STORES[target].origin);
      const there = await details(target, found.product.url_keys[target] ?? "");
      const label = (code: "color" | "size", index: number | undefined) =>
        optionOf(there, code).values.find((v) => v.value_index === index)?.label ?? "";
      expect(await isChecked(page, label("color", color?.value_index))).toBe(true);
      expect(await isChecked(page, label("size", size?.value_index))).toBe(true);
      await page.context().close();
    });
  });
}

/** The routes a client-side data request asks for: all of them when it names none. */
function routesAsked(url: string): string[] | "all" {
  const routes = new URL(url).searchParams.get("_routes");
  return routes === null ? "all" : routes.split(",");
}

describe("the frame's data (menu, stores, footer)", () => {
  it("is loaded with the first page and not again when a filter changes the query string", async () => {
    const { path, first } = await colourFilter("en");
    const page = await open("en", "desktop", `/c/${path}`);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) asked.push(request.url());
    });
    await page.locator("summary", { hasText: "Colour" }).click();
    await page.getByRole("checkbox", { name: first.label, exact: true }).check();
    await page.waitForURL((url) => url.searchParams.get("color") === first.value);
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    for (const url of asked) {
      const routes = routesAsked(url);
      expect(routes === "all" ? routes : routes.includes("root")).toBe(false);
    }
    // The menu is still there, from the first page's data.
    expect(await page.getByRole("banner").getByRole("link", { name: "Women" }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("is loaded again after the consent choice, which the frame shows", async () => {
    const page = await open("en", "desktop", "/");
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) asked.push(request.url());
    });
    const banner = page.locator("#consent-banner");
    await banner.getByRole("button", { name: "Accept all" }).click();
    await expect.poll(() => banner.count()).toBe(0);
    const reloads = asked.filter((url) => !url.includes("cookie-consent"));
    expect(reloads.length).toBeGreaterThan(0);
    expect(reloads.some((url) => routesAsked(url) === "all" || (routesAsked(url) as string[]).includes("root"))).toBe(true);
    await page.context().close();
  });
});
