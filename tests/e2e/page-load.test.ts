// How the front, category and product pages load on a phone (issue 16, Lighthouse mobile): nothing
// moves once drawn, while the page hydrates (no layout shift: the campaign strip keeps room for
// its controls, every picture its box), and the phone is sent pictures for its screen, never
// the product zoom's 1400 px one. Both stores, 360 px.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryListing, MenuItem } from "../../lib/catalog-types.ts";
import { LOAD_WAIT_MS } from "../../server/http/scripts-after-load.ts";
import { launchBrowser, nextFrames, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";

const port = inject("shopPort");
/** Spec §9: the campaign strip moves on every 5 s. */
const BANNER_ROTATION_MS = 5000;
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
async function openOnPhone(
  url: string,
  options: { clock?: boolean } = {},
): Promise<{ page: Page; images: string[]; scripts: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile, deviceScaleFactor: 2 });
  // The page's timers on a clock the test can move forward (time still flows on its own).
  if (options.clock) await context.clock.install();
  const page = await context.newPage();
  const images: string[] = [];
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("request", (request) => {
    if (request.resourceType() === "image") images.push(request.url());
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
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
  return { page, images, scripts, errors };
}

/**
 * The shop behind a link that holds each page's HTML for a while halfway through the header's
 * icons, as a slow network or a busy phone does; everything else passes straight through.
 */
async function shopWithHeaderHeld(store: Store): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, store, "accept-encoding": "identity" },
      },
      async (answer) => {
        const html = (answer.headers["content-type"] ?? "").startsWith("text/html");
        const headers = { ...answer.headers };
        if (html) delete headers["content-length"];
        response.writeHead(answer.statusCode ?? 502, headers);
        if (!html) return answer.pipe(response);
        const body = Buffer.concat(await answer.toArray()).toString();
        const icons = body.indexOf("</button>", body.indexOf('gap-0.5 md:gap-1"'));
        const cut = icons > 0 ? icons + "</button>".length : body.length;
        response.write(body.slice(0, cut));
        await sleep(1500);
        response.end(body.slice(cut));
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: held } = server.address() as AddressInfo;
  return {
    origin: `http://${store === "fi" ? "fi." : ""}localhost:${held}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The layout shifts so far (read well before the campaign strip moves on to its next banner, 5 s after hydration), once two more frames have been drawn (a shift is reported with the frame that shows it). */
async function shifts(page: Page) {
  await nextFrames(page);
  return page.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);
}

/**
 * What a page may move while it loads and hydrates: a hundredth of layout shift in all, a tenth of
 * Lighthouse's "good" (0.1). On the busy two-core CI machine a category page's sort control was once
 * seen moving by 0.0045 and a filter pill by 0.00003, neither on an idle machine; a control that
 * arrives with hydration, a picture without its box or a strip growing its buttons moves far more.
 */
const SHIFT_BUDGET = 0.01;

async function expectStill(page: Page, label?: string) {
  const seen = await shifts(page);
  const total = seen.reduce((sum, s) => sum + s.value, 0);
  expect(total, `${label ?? page.url()}: ${JSON.stringify(seen)}`).toBeLessThan(SHIFT_BUDGET);
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
        await expectStill(page, path);
        await page.context().close();
      }
    });

    it("a page whose HTML stops halfway through the header is not drawn until the header is whole", async () => {
      const { category } = await firstCategoryAndProduct(store);
      const shop = await shopWithHeaderHeld(store);
      try {
        const { page } = await openOnPhone(`${shop.origin}/c/${category}`);
        await expectStill(page);
        await page.context().close();
      } finally {
        await shop.close();
      }
    });

    it("the campaign strip moves on to its next banner without moving anything", async () => {
      const { category } = await firstCategoryAndProduct(store);
      const { page } = await openOnPhone(`${origin(store)}/c/${category}`, { clock: true });
      const slide = page.locator('[data-block="campaignBanners"] [aria-roledescription="slide"]').first();
      await expect.poll(() => slide.getAttribute("aria-live")).toBe("off"); // rotating
      const first = await slide.getAttribute("data-banner-id");
      await page.clock.fastForward(BANNER_ROTATION_MS);
      await expect.poll(() => slide.getAttribute("data-banner-id")).not.toBe(first);
      await expectStill(page);
      await page.context().close();
    });

    it("a page loads its store's texts and not the other store's, and hydrates with them", async () => {
      const { slug } = await firstCategoryAndProduct(store);
      const { page, scripts, errors } = await openOnPhone(`${origin(store)}/p/${slug}`);
      const other = store === "fi" ? "en" : "fi";
      expect(scripts.filter((path) => path.startsWith(`/assets/texts-${store}-`))).toHaveLength(1);
      expect(scripts.filter((path) => path.startsWith(`/assets/texts-${other}-`))).toEqual([]);
      // Hydrated without a missing text (logged) or a text that differs from the server's (a hydration error).
      expect(errors).toEqual([]);
      await expect
        .poll(() => page.getByRole("button", { name: store === "fi" ? /toivelistalle/i : /to wishlist/i }).count())
        .toBeGreaterThan(0);
      await page.context().close();
    });

    it("the product page asks for its scripts only once it has loaded, its pictures in view first", async () => {
      const { slug } = await firstCategoryAndProduct(store);
      const { page, errors } = await openOnPhone(`${origin(store)}/p/${slug}`);
      const timing = await page.evaluate((wait) => {
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const scripts = resources.filter((r) => new URL(r.name).pathname.startsWith("/assets/") && r.name.endsWith(".js"));
        const picture = document.querySelector<HTMLImageElement>("main section img");
        const pictureEntry = resources.find((r) => r.name === picture?.currentSrc);
        return {
          load: navigation?.loadEventStart ?? Number.NaN,
          // The bootstrap's cap on the wait (LOAD_WAIT_MS after it ran, which is after the answer began).
          cap: (navigation?.responseStart ?? Number.NaN) + wait,
          firstScript: Math.min(...scripts.map((r) => r.startTime)),
          scripts: scripts.length,
          pictureEnd: pictureEntry?.responseEnd ?? Number.NaN,
        };
      }, LOAD_WAIT_MS);
      expect(timing.scripts).toBeGreaterThan(3);
      // Not one script before the load event (or before the cap, on a machine slow enough to reach it).
      expect(timing.firstScript).toBeGreaterThanOrEqual(Math.min(timing.load, timing.cap) - 1);
      if (timing.load < timing.cap) expect(timing.pictureEnd).toBeLessThanOrEqual(timing.firstScript);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it("the product page loads the newsletter form's check against bots only when the form is reached, in a place kept for it", async () => {
      const { slug } = await firstCategoryAndProduct(store);
      const { page, scripts } = await openOnPhone(`${origin(store)}/p/${slug}`);
      const form = page.locator("footer form").filter({ has: page.locator('input[type="email"]') });
      await sleep(1000);
      expect(scripts.filter((path) => path.includes("altcha"))).toEqual([]);
      expect(await form.locator("altcha-widget").count()).toBe(0);
      // Reached at once (a jump to the footer): what is below the form stays where it was when the widget arrives.
      const below = page.getByRole("contentinfo").getByRole("link").last();
      await below.scrollIntoViewIfNeeded();
      const before = await below.boundingBox();
      await expect.poll(() => form.locator("altcha-widget").count()).toBe(1);
      await expect.poll(() => form.locator("altcha-widget").evaluate((widget) => widget.getBoundingClientRect().height)).toBeGreaterThan(0);
      expect(await below.boundingBox()).toEqual(before);
      expect(scripts.filter((path) => path.includes("altcha")).length).toBeGreaterThan(0);
      await page.context().close();
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
