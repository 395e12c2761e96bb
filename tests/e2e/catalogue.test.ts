// A shopper browses: front page → category → product, in both stores, on a phone and on a
// desktop; unknown paths give the 404 page. axe-core checks every page.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS } from "../helpers/browser.ts";

const port = inject("shopPort");
const STORES = {
  en: {
    origin: `http://localhost:${port}`,
    lang: "en",
    heading: "Made for the northern outdoors",
    notFound: "This page could not be found",
  },
  fi: { origin: `http://fi.localhost:${port}`, lang: "fi", heading: "Tehty pohjoisen luontoon", notFound: "Sivua ei löytynyt" },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(store: keyof typeof STORES, viewport: keyof typeof VIEWPORTS, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource.*404/.test(m.text())) errors.push(m.text());
  });
  await page.goto(`${STORES[store].origin}${path}`);
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

        // The front page lists the top categories; open the first.
        const categories = page.getByRole("main").getByRole("listitem").getByRole("link");
        const firstCategory = categories.first();
        const categoryName = (await firstCategory.textContent())?.trim() ?? "";
        await firstCategory.click();
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
