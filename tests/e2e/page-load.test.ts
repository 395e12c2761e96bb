// How the front, category and product pages load on a phone (issue 16, Lighthouse mobile): nothing
// moves once drawn, while the page hydrates (no layout shift: the campaign strip keeps room for
// its controls, every picture its box), and the phone is sent pictures for its screen, never
// the product zoom's 1400 px one. Both stores, 360 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryListing, MenuItem } from "../../lib/catalog-types.ts";
import { launchBrowser, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";

const port = inject("shopPort");
type Store = "en" | "fi";
const origin = (store: Store) => `http://${store === "fi" ? "fi." : ""}localhost:${port}`;
const api = async <T>(store: Store, path: string): Promise<T> =>
  (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Store: store } })).json() as Promise<T>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function firstCategoryAndProduct(store: Store) {
  const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
  const { menu } = await api<{ menu: MenuItem[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
  const category = menu[0]?.url_path ?? "";
  const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${encodeURIComponent(category)}`);
  const product = listing.items.find((p) => p.__typename === "ConfigurableProduct");
  if (!product) throw new Error(`no configurable product in ${category}`);
  return { category, slug: product.url_key };
}

/** Opens a page on a 360 px phone, recording every layout shift from the first paint on and every picture asked for. */
async function openOnPhone(url: string): Promise<{ page: Page; images: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const images: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") images.push(request.url());
  });
  await page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node),
        );
        shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(url);
  await waitForHydration(page);
  await page.waitForLoadState("load");
  return { page, images };
}

/** The layout shifts so far (read well before the campaign strip moves on to its next banner, 5 s after hydration), once two more frames have been drawn (a shift is reported with the frame that shows it). */
async function shifts(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);
}

for (const store of ["en", "fi"] as const) {
  describe(`${store} store on a phone`, () => {
    it("the front, a category and a product page do not move while they hydrate", async () => {
      const { category, slug } = await firstCategoryAndProduct(store);
      for (const path of ["/", `/c/${category}`, `/p/${slug}`]) {
        const { page } = await openOnPhone(`${origin(store)}${path}`);
        // The controls the strip gains with JavaScript are there now.
        const strip = page.locator('[data-block="campaignBanners"]').first();
        if (await strip.count()) await expect.poll(() => strip.getByRole("button").count()).toBeGreaterThan(0);
        expect(await shifts(page), path).toEqual([]);
        await page.context().close();
      }
    });

    it("the product page sends the phone its first picture at the phone's size, and no zoom picture", async () => {
      const { slug } = await firstCategoryAndProduct(store);
      const { page, images } = await openOnPhone(`${origin(store)}/p/${slug}`);
      const first = page
        .getByRole("region", { name: store === "fi" ? "Tuotekuvat" : "Product images" })
        .locator("img")
        .first();
      await expect.poll(() => first.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
      // 360 CSS px at 2×: the 800 px picture at most.
      const width = Number(new URL(await first.evaluate((img) => (img as HTMLImageElement).currentSrc)).searchParams.get("w"));
      expect(width).toBeGreaterThanOrEqual(720);
      expect(width).toBeLessThanOrEqual(800);
      expect(images.filter((url) => Number(new URL(url).searchParams.get("w")) >= 1200)).toEqual([]);
      await page.context().close();
    });
  });
}
