// The page guards of spec §2/§4 as a shopper meets them, in both stores.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";
import { updateStoreConfig } from "../helpers/embedded-client.ts";
import { type ShopProcess, startShopProcess } from "../helpers/shop-process.ts";

// This file switches maintenance on and off, so it runs its own shop.
let shop: ShopProcess;
let dataDir: string;
let browser: Browser;
const origin = (store: "en" | "fi") => `http://${store === "fi" ? "fi." : ""}localhost:${shop.port}`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-guards-"));
  fs.chmodSync(dataDir, 0o755);
  [shop, browser] = await Promise.all([startShopProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

for (const store of ["en", "fi"] as const) {
  for (const viewport of ["mobile", "desktop"] as const) {
    describe(`${store} store, ${viewport}`, () => {
      it("sends a guest from a login-required page to login, remembering where they were going", async () => {
        const page = await (await browser.newContext({ viewport: VIEWPORTS[viewport] })).newPage();
        await page.goto(`${origin(store)}/account/orders?page=2`);
        const url = new URL(page.url());
        expect(url.pathname).toBe("/account/login");
        expect(url.searchParams.get("redirect")).toBe("/account/orders?page=2");
        expect(await page.locator('#main input[name="redirect"]').inputValue()).toBe("/account/orders?page=2");
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(store === "en" ? "Log in" : "Kirjaudu sisään");
        await snapshot(page, `${store}-${viewport}-login`);
        await expectNoAxeViolations(page);
        await page.close();
      });

      it("lets nobody onto the order success page without a placed order", async () => {
        const page = await (await browser.newContext({ viewport: VIEWPORTS[viewport] })).newPage();
        await page.goto(`${origin(store)}/checkout/success`);
        expect(new URL(page.url()).pathname).toBe("/");
        await page.close();
      });
    });
  }
}

describe("client navigation", () => {
  it("runs the same guards in the browser, before asking the server for the page", async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await page.goto(`${origin("en")}/`);
    await waitForHydration(page);
    const dataRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes(".data")) dataRequests.push(new URL(r.url()).pathname);
    });
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }).__reactRouterDataRouter.navigate(
        "/account/wishlist",
      ),
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe("/account/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/account/wishlist");
    expect(dataRequests).not.toContain("/account/wishlist.data");
    await page.close();
  });
});

describe("store settings", () => {
  it("hides every price when the store does not show prices", async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await page.goto(`${origin("en")}/c/women`);
    await expect.poll(() => page.getByTestId("card-price").count()).toBeGreaterThan(0);
    await updateStoreConfig(dataDir, "en", { show_prices: false });
    try {
      await expect
        .poll(
          async () => {
            await page.goto(`${origin("en")}/c/women`);
            return page.getByTestId("card-price").count();
          },
          { timeout: 30_000 },
        )
        .toBe(0);
      expect(await page.getByRole("main").textContent()).not.toMatch(/\d,\d\d\s€/);
    } finally {
      // The next test starts from the shop as it was, whatever happened here.
      await updateStoreConfig(dataDir, "en", { show_prices: true });
      await page.close();
    }
  });
});

describe("maintenance", () => {
  it("sends every page to the maintenance page while on, and back home when off", async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await updateStoreConfig(dataDir, "fi", { maintenance_mode: true });
    try {
      // Every shop process notices the change within its poll interval (1 s).
      await expect
        .poll(
          async () => {
            await page.goto(`${origin("fi")}/c/naiset`);
            return new URL(page.url()).pathname;
          },
          { timeout: 30_000 },
        )
        .toBe("/maintenance");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Palaamme pian");
      await snapshot(page, "fi-desktop-maintenance");
      await expectNoAxeViolations(page);

      // The other store is not in maintenance.
      await page.goto(`${origin("en")}/`);
      expect(new URL(page.url()).pathname).toBe("/");
    } finally {
      await updateStoreConfig(dataDir, "fi", { maintenance_mode: false });
    }
    await expect
      .poll(
        async () => {
          await page.goto(`${origin("fi")}/maintenance`);
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000 },
      )
      .toBe("/");
    await page.close();
  });
});
