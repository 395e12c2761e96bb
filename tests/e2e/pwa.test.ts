// The installable, resilient shop (issue 14, decision 0030), in both stores: the store's web
// app manifest and its icons; the service worker installs and controls the page, is served
// no-cache; with the network cut a product page seen before still opens, one never seen shows
// the offline page and its retry (which opens the page once the network is back), and the cart
// page shows the cart as last seen, read-only, with the notice; nothing of the shopper's own
// (API answers, cart page) is in the worker's caches. axe-core checks the offline page; it is
// pictured at 360 and 1440 px.
import { shortName } from "../../lib/product-name.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addFromProductPage, configurableProducts, findProduct, type Store, testShop } from "../helpers/e2e-shop.ts";
import { cuttableLink } from "../helpers/cuttable-link.ts";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";

const port = inject("shopPort");
const { api } = testShop(port);
// The browser reaches the shop through a wire the journeys cut to go offline.
const link = await cuttableLink(port);
const { origin } = testShop(link.port);

const TEXT = {
  en: {
    name: "Kauppa – clothing and outdoor gear",
    lang: "en",
    offline: "You are offline",
    retry: "Try again",
    add: "Add to cart",
    cart: "Shopping cart",
    notice: "You are offline — this is your cart as last seen; changes are possible when you are back online.",
    seen: "Last seen",
  },
  fi: {
    name: "Kauppa – vaatteita ja ulkoiluvarusteita",
    lang: "fi",
    offline: "Olet offline-tilassa",
    retry: "Yritä uudelleen",
    add: "Lisää ostoskoriin",
    cart: "Ostoskori",
    notice: "Olet offline-tilassa — tämä on ostoskorisi sellaisena kuin se viimeksi näkyi; voit muuttaa sitä, kun yhteys palaa.",
    seen: "Viimeksi nähty",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await link.close();
});

/** Offline as the browser sees it and at the wire (the emulation may miss the service worker). */
async function goOffline(context: BrowserContext) {
  link.cut();
  await context.setOffline(true);
}
async function goOnline(context: BrowserContext) {
  await context.setOffline(false);
  link.restore();
}

/** Two in-stock products of the store nobody else's journey relies on: one to visit, one never opened. */
async function twoProducts(store: Store) {
  const keys: string[] = [];
  for await (const product of configurableProducts(api, store)) {
    keys.push(product.url_key);
    if (keys.length >= 8) break;
  }
  const [visited, unvisited] = keys.slice(-2);
  if (!visited || !unvisited) throw new Error("the demo data has too few products");
  return { visited, unvisited };
}

/** Every URL in the worker's caches, by cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return out;
  });

/** The page has hydrated and its own service-worker registration has settled. */
async function waitForServiceWorker(page: Page) {
  await waitForHydration(page);
  await page.waitForFunction(() => document.documentElement.dataset.serviceWorker !== undefined, null, { timeout: 20_000 });
}

const journeys: [Store, keyof typeof VIEWPORTS][] = [
  ["en", "desktop"],
  ["fi", "mobile"],
];

describe.each(journeys)("the installable shop in the %s store (%s)", (store, viewport) => {
  const t = TEXT[store];
  const base = origin(store);
  let context: BrowserContext;
  let page: Page;
  let products: { visited: string; unvisited: string };

  beforeAll(async () => {
    products = await twoProducts(store);
    context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it("links the store's manifest, whose fields and icons answer", async () => {
    await page.goto(`${base}/`);
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe("#1f5c4a");
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const found = await page.evaluate(async (icon) => {
      const response = await fetch("/manifest.webmanifest");
      const manifest = JSON.parse(await response.text());
      const icons = await Promise.all(
        [...manifest.icons.map((i: { src: string }) => i.src), icon].map(async (src: string) => {
          const r = await fetch(src);
          return { src, status: r.status, type: r.headers.get("content-type") };
        }),
      );
      return { type: response.headers.get("content-type"), manifest, icons };
    }, touchIcon);
    expect(found.type).toMatch(/^application\/manifest\+json/);
    expect(found.manifest).toMatchObject({
      name: t.name,
      short_name: "Kauppa",
      lang: t.lang,
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#1f5c4a",
      background_color: "#ffffff",
    });
    const sizes = found.manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of found.icons) expect(icon, icon.src).toMatchObject({ status: 200, type: "image/png" });
  });

  it("installs the service worker, served no-cache, which then controls the page", async () => {
    const sw = await page.evaluate(async () => {
      const r = await fetch("/sw.js", { cache: "no-store" });
      return { status: r.status, cacheControl: r.headers.get("cache-control"), allowed: r.headers.get("service-worker-allowed") };
    });
    expect(sw).toEqual({ status: 200, cacheControl: "no-cache", allowed: "/" });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${base}/`);
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${base}/sw.js`);
    // The offline page is kept already (the worker's install), in this store's language.
    const precached = Object.values(await cachedUrls(page)).flat();
    expect(precached.some((url) => new URL(url).pathname === "/offline")).toBe(true);
  });

  it("offline: a product page seen before still opens; one never seen shows the offline page and its retry", async () => {
    await page.goto(`${base}/p/${products.visited}`);
    await waitForHydration(page);
    const title = (await page.locator("h1").first().textContent()) ?? "";
    expect(title.length).toBeGreaterThan(0);

    await goOffline(context);
    try {
      await page.goto(`${base}/p/${products.visited}`);
      await expect.poll(() => page.locator("h1").first().textContent()).toBe(title);

      await page.goto(`${base}/p/${products.unvisited}`);
      await expect.poll(() => new URL(page.url()).pathname).toBe("/offline");
      await expect.poll(() => page.locator("h1").first().textContent()).toBe(t.offline);
      await waitForHydration(page);
      const retry = page.getByRole("button", { name: t.retry });
      await expect.poll(() => retry.isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      for (const size of ["mobile", "desktop"] as const) {
        await page.setViewportSize(VIEWPORTS[size]);
        await snapshot(page, `pwa-offline-${store}-${VIEWPORTS[size].width}`);
      }
      await page.setViewportSize(VIEWPORTS[viewport]);
    } finally {
      await goOnline(context);
    }
    // Back online, the retry opens the page the shopper was going to.
    await page.getByRole("button", { name: t.retry }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/p/${products.unvisited}`);
  });

  it("offline, the cart page shows the cart as last seen, read-only, with the notice", async () => {
    const found = await findProduct(api, store, store === "en" ? 5 : 6);
    expect(await addFromProductPage(page, base, found, t.add)).toBe(200);
    await page.goto(`${base}/cart`);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("cart-item").count()).toBe(1);
    const total = (await page.getByTestId("cart-grand-total").textContent())?.trim();

    await goOffline(context);
    try {
      await page.goto(`${base}/cart`);
      await waitForHydration(page);
      await expect.poll(() => page.getByTestId("offline-cart-notice").textContent()).toBe(t.notice);
      expect(await page.locator("h1").first().textContent()).toBe(t.cart);
      const lines = page.getByTestId("offline-cart-item");
      expect(await lines.count()).toBe(1);
      expect(await lines.first().textContent()).toContain(found.name);
      expect((await page.getByTestId("offline-cart-total").textContent())?.trim()).toBe(total);
      // Read-only: no control in the page's body but the retry.
      const buttons = await page.locator("main button, main input, main select, main textarea").all();
      const names = await Promise.all(buttons.map((b) => b.textContent()));
      expect(names).toEqual([t.retry]);
      await expectNoAxeViolations(page);
      for (const size of ["mobile", "desktop"] as const) {
        await page.setViewportSize(VIEWPORTS[size]);
        await snapshot(page, `pwa-offline-cart-${store}-${VIEWPORTS[size].width}`);
      }
      await page.setViewportSize(VIEWPORTS[viewport]);
    } finally {
      await goOnline(context);
    }
  });

  it("offline, a move within the app to a page never seen shows the offline page; to the cart, the cart as last seen", async () => {
    await page.goto(`${base}/p/${products.visited}`);
    await waitForHydration(page);
    await goOffline(context);
    try {
      const link = page.locator('footer a[href^="/content/"]').first();
      const href = await link.getAttribute("href");
      await link.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/offline");
      expect(new URL(page.url()).searchParams.get("from")).toBe(href);
      await expect.poll(() => page.locator("h1").first().textContent()).toBe(t.offline);
      if (viewport === "mobile") {
        // The phone's header links to the cart page (the desktop opens the mini cart).
        await waitForHydration(page);
        await page.getByTestId("minicart-link").click();
        await expect.poll(() => new URL(page.url()).searchParams.get("from")).toBe("/cart");
        await expect.poll(() => page.getByTestId("offline-cart-notice").textContent()).toBe(t.notice);
        expect(await page.getByTestId("offline-cart-item").count()).toBe(1);
        expect(await page.locator("main button").allTextContents()).toEqual([t.retry]);
      }
    } finally {
      await goOnline(context);
    }
  });

  it("offline: a product reached by a click in the shop opens too (its page was kept, not only its data)", async () => {
    const listing = await api<{ items: { url_key: string; name: string }[] }>(
      store,
      `/api/catalog/category?path=${store === "fi" ? "miehet" : "men"}`,
    );
    const clicked = listing.items[2];
    if (!clicked) throw new Error("no product to click");
    await page.goto(`${base}/c/${store === "fi" ? "miehet" : "men"}`);
    await waitForServiceWorker(page);
    await page.locator(`main a[href="/p/${clicked.url_key}"]`).first().click();
    await page.waitForURL((url) => url.pathname === `/p/${clicked.url_key}`);
    const title = shortName(clicked.name);
    await expect.poll(() => page.locator("h1").first().textContent()).toBe(title);
    // The worker keeps the page's document once the browser is idle.
    await expect
      .poll(
        async () =>
          Object.values(await cachedUrls(page))
            .flat()
            .some((url) => new URL(url).pathname === `/p/${clicked.url_key}`),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    await goOffline(context);
    try {
      await page.goto(`${base}/p/${clicked.url_key}`);
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/p/${clicked.url_key}`);
      await expect.poll(() => page.locator("h1").first().textContent()).toBe(title);
    } finally {
      await goOnline(context);
    }
  });

  it("offline, the badge and the cart as last seen agree, with what another tab added, and both say when they were seen", async () => {
    const other = await context.newPage();
    try {
      // Another tab adds a product: the copy kept for offline follows it.
      const found = await findProduct(api, store, store === "en" ? 9 : 10);
      expect(await addFromProductPage(other, base, found, t.add)).toBe(200);
      // The other tab keeps the cart it now holds as the copy (an effect after its answer).
      await expect
        .poll(() => other.evaluate(() => localStorage.getItem("kauppa.lastCart") ?? ""), { timeout: 10_000 })
        .toContain(found.name);
      await goOffline(context);
      await page.goto(`${base}/cart`);
      await waitForHydration(page);
      await expect.poll(() => page.getByTestId("offline-cart-notice").textContent()).toBe(t.notice);
      const lines = await page.getByTestId("offline-cart-item").allTextContents();
      expect(lines.some((line) => line.includes(found.name))).toBe(true);
      const badge = page.getByRole("banner").locator("[data-cart-count]").first();
      const copy = await page.evaluate(() => JSON.parse(localStorage.getItem("kauppa.lastCart") ?? "null") as { totalQuantity: number });
      await expect.poll(() => badge.getAttribute("data-cart-count")).toBe(String(copy.totalQuantity));
      expect(copy.totalQuantity).toBeGreaterThanOrEqual(lines.length);
      // Both say when: the page's line and the badge's name, in the store's date format.
      const seen = (await page.getByText(t.seen).first().textContent()) ?? "";
      expect(seen).toMatch(/\d{1,2}\.\d{1,2}\.\d{4} \d{2}[.:]\d{2}/);
      const cartControl = viewport === "mobile" ? page.getByTestId("minicart-link") : page.getByTestId("minicart-button");
      expect(await cartControl.getAttribute("title")).toContain(seen.replace(t.seen, "").trim());
    } finally {
      await goOnline(context);
      await other.close();
    }
  });

  it("keeps nothing of the shopper's own in the worker's caches", async () => {
    await page.goto(`${base}/`);
    const urls = Object.values(await cachedUrls(page)).flat();
    const paths = urls.map((url) => new URL(url).pathname);
    expect(paths.filter((path) => /^\/(api|cart|checkout|account|login)(\/|$)/.test(path))).toEqual([]);
    // What it keeps: the product page seen before, the shell's scripts.
    expect(paths).toContain(`/p/${products.visited}`);
    expect(paths.some((path) => path.startsWith("/assets/"))).toBe(true);
  });
});

describe("a new version of the service worker (en store)", () => {
  it("waits while a checkout is open in another window, and takes over on the next navigation after it", async () => {
    const base = origin("en");
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    try {
      const shop = await context.newPage();
      await shop.goto(`${base}/`);
      await shop.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await shop.reload();
      await waitForServiceWorker(shop);

      // Another window of the same shopper is at the checkout.
      const checkout = await context.newPage();
      const found = await findProduct(api, "en", 7);
      expect(await addFromProductPage(checkout, base, found, TEXT.en.add)).toBe(200);
      // It went there from the cart within the app: its window's own URL is still the cart's.
      await checkout.goto(`${base}/cart`);
      await waitForHydration(checkout);
      await checkout.locator('main a[href="/checkout"]').first().click();
      await expect.poll(() => new URL(checkout.url()).pathname).toBe("/checkout");
      // Each page load registers /sw.js; one settling after the next version is installed would
      // install /sw.js again in its place, so both windows are let finish theirs first.
      await waitForServiceWorker(checkout);

      // A new version: the worker's script at a new address is one (the same bytes would not be),
      // and it installs beside the one in charge, and waits.
      await shop.evaluate(async () => {
        const registration = await navigator.serviceWorker.register("/sw.js?release=next", { scope: "/" });
        await new Promise<void>((resolve) => {
          const check = () => (registration.waiting ? resolve() : setTimeout(check, 100));
          check();
        });
      });
      const waiting = () => shop.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
      const inCharge = () => shop.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? "http://none/").search);

      // A navigation while the checkout is open: the new version still waits.
      await shop.locator('footer a[href^="/content/"]').first().click();
      await expect.poll(() => new URL(shop.url()).pathname).toMatch(/^\/content\//);
      await shop.waitForTimeout(1500);
      expect(await waiting()).toBe(true);
      expect(await inCharge()).toBe("");

      // The checkout is done with: a navigation lets the new version take over. The browser takes a
      // moment (longer on a busy machine) to drop a closed window from the worker's list, and each
      // navigation asks again, so the shopper moves on until it has taken over (a few moves at
      // most). Accepted, it still waits for the old version's requests in flight (images it
      // refreshes behind the page) to end: seconds on a busy machine. Text pages keep those few.
      await checkout.close();
      await shop.waitForTimeout(1000);
      const pages = shop.locator('footer a[href^="/content/"]');
      let moves = 0;
      while ((await inCharge()) !== "?release=next" && moves < 4) {
        await pages.nth(1 - (moves % 2)).click();
        moves++;
        await expect
          .poll(inCharge, { timeout: 10_000 })
          .toBe("?release=next")
          .catch(() => {});
      }
      expect(await inCharge()).toBe("?release=next");
      expect(moves).toBeGreaterThan(0);
      expect(await waiting()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
