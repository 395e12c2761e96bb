// Cookie consent in the browser (decision 0029), in both stores (en on a desktop, fi on a phone):
// a first visit shows the banner and the data layer holds consent mode's default first, with no
// tag manager request (no GTM_ID); accepting updates consent mode and hides the banner without
// a reload, and a returning shopper's page has the update at once and no banner; choosing only
// marketing makes the next autocomplete call notify=true, necessary only notify=false; the consent
// page from the footer link shows and changes the choice; without JavaScript the banner's
// buttons set the cookie and come back. axe-core checks the banner and the page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CONSENT_MODE_DEFAULT, consentModeUpdate } from "../../lib/consent-mode.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";
import {
  expectNoAxeViolations,
  launchBrowser,
  snapshot,
  VIEWPORTS,
  waitForHydration,
  withRegistrationPopupClosed,
} from "../helpers/browser.ts";
import { type ShopProcess, startShopProcess } from "../helpers/shop-process.ts";

const port = inject("shopPort");
const { origin } = testShop(port);

const TEXT = {
  en: {
    banner: "Cookies on this site",
    acceptAll: "Accept all",
    necessaryOnly: "Necessary only",
    choose: "Choose cookies",
    marketing: "Marketing",
    save: "Save my choices",
    settings: "Cookie settings",
    saved: "Your cookie settings were saved.",
    current: "Your current choice: Necessary, Marketing.",
    toggle: "Search the shop",
  },
  fi: {
    banner: "Evästeet tällä sivustolla",
    acceptAll: "Hyväksy kaikki",
    necessaryOnly: "Vain välttämättömät",
    choose: "Valitse evästeet",
    marketing: "Markkinointi",
    save: "Tallenna valintani",
    settings: "Evästeasetukset",
    saved: "Evästeasetuksesi tallennettiin.",
    current: "Nykyinen valintasi: Välttämättömät, Markkinointi.",
    toggle: "Hae kaupasta",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The data layer as plain values (gtag() pushes its arguments object). */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );

const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "consent")?.value ?? null;

async function freshPage(viewport: keyof typeof VIEWPORTS, javaScriptEnabled = true) {
  const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS[viewport], javaScriptEnabled }));
  const page = await context.newPage();
  const external: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://") || !request.url().includes(`localhost:${port}`)) external.push(request.url());
  });
  return { context, page, external };
}

describe.each([
  ["en", "desktop"],
  ["fi", "mobile"],
] as const)("consent in the %s store (%s)", (store: Store, viewport) => {
  const t = TEXT[store];

  it("first visit: the banner, consent mode's default first, no tag manager; accept all takes effect without a reload", async () => {
    const { context, page, external } = await freshPage(viewport);
    await page.goto(`${origin(store)}/`);
    const banner = page.getByRole("region", { name: t.banner });
    await expect.poll(() => banner.isVisible()).toBe(true);
    const layer = await dataLayer(page);
    expect(layer[0]).toEqual(["consent", "default", CONSENT_MODE_DEFAULT]);
    expect(layer.filter((e) => Array.isArray(e) && e[0] === "consent")).toHaveLength(1);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await snapshot(page, `consent-${store}-${viewport}-banner`);
    // The choices are drawn when the disclosure opens (not in the first visit's HTML).
    expect(await banner.getByRole("checkbox").count()).toBe(0);
    const choose = banner.getByRole("button", { name: t.choose });
    await choose.click();
    expect(await choose.getAttribute("aria-expanded")).toBe("true");
    expect(await banner.getByLabel(t.marketing).isVisible()).toBe(true);
    await snapshot(page, `consent-${store}-${viewport}-banner-choose`);
    await expectNoAxeViolations(page);

    // Accept all with JavaScript: no navigation, the banner goes, consent mode hears it once.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    // By keyboard: the focus then goes to the page's heading, not to the page's body (issue 37).
    await banner.getByRole("button", { name: t.acceptAll }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => banner.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await consentCookie(context)).toBe("necessary%2Cpreferences%2Canalytics%2Cmarketing");
    const all = { preferences: true, analytics: true, marketing: true };
    const updates = (await dataLayer(page)).filter((e) => Array.isArray(e) && e[1] === "update");
    expect(updates).toEqual([["consent", "update", consentModeUpdate(all)]]);

    // A returning shopper: the update straight after the default, and no banner at any moment.
    await page.goto(`${origin(store)}/`);
    expect((await dataLayer(page)).slice(0, 2)).toEqual([
      ["consent", "default", CONSENT_MODE_DEFAULT],
      ["consent", "update", consentModeUpdate(all)],
    ]);
    expect(await banner.isVisible()).toBe(false);
    expect(external).toEqual([]);
    await context.close();
  });

  it("marketing only: the next autocomplete call notifies; necessary only: it does not", async () => {
    const { context, page } = await freshPage(viewport);
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: t.banner });
    await banner.getByText(t.choose).click();
    await banner.getByLabel(t.marketing).check();
    await banner.getByRole("button", { name: t.save }).click();
    await expect.poll(() => banner.isVisible()).toBe(false);
    expect(await consentCookie(context)).toBe("necessary%2Cmarketing");

    const autocomplete = async () => {
      const request = page.waitForRequest((r) => r.url().includes("/api/engagement/queries/autocomplete"));
      await page.getByRole("banner").getByRole("button", { name: t.toggle }).click();
      await page.getByRole("search").getByRole("combobox").fill("tak");
      return new URL((await request).url()).searchParams;
    };
    const granted = await autocomplete();
    expect(granted.get("notify")).toBe("true");
    expect(granted.get("customerKey")).toBeTruthy();

    // Changed on the consent page, reached from the footer.
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: t.settings }).click();
    await page.waitForURL((url) => url.pathname === "/cookie-consent");
    await expect.poll(() => page.getByText(t.current).isVisible()).toBe(true);
    expect(await page.locator("main").getByLabel(t.marketing).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await snapshot(page, `consent-${store}-${viewport}-page`);
    await waitForHydration(page);
    await page.locator("main").getByRole("button", { name: t.necessaryOnly }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: t.saved }).first().isVisible()).toBe(true);
    await expect.poll(() => page.locator("main").getByLabel(t.marketing).isChecked()).toBe(false);
    expect(await consentCookie(context)).toBe("necessary");
    const updates = (await dataLayer(page)).filter((e) => Array.isArray(e) && e[1] === "update");
    expect(updates.at(-1)).toEqual(["consent", "update", consentModeUpdate({ preferences: false, analytics: false, marketing: false })]);

    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    const denied = await autocomplete();
    expect(denied.get("notify")).toBe("false");
    expect(denied.get("customerKey")).toBeNull();
    await context.close();
  });

  it("without JavaScript: Choose cookies leads to the consent page, and saving there comes back", async () => {
    const { context, page } = await freshPage(viewport, false);
    await page.goto(`${origin(store)}/cart`);
    const banner = page.getByRole("region", { name: t.banner });
    await banner.getByRole("link", { name: t.choose }).click();
    await page.waitForURL((url) => url.pathname === "/cookie-consent");
    await page.locator("main").getByLabel(t.marketing).check();
    await page.locator("main").getByRole("button", { name: t.save }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    expect(await consentCookie(context)).toBe("necessary%2Cmarketing");
    expect(await banner.isVisible()).toBe(false);
    await context.close();
  });

  it("without JavaScript: the banner's button sets the cookie and comes back to the page", async () => {
    const { context, page } = await freshPage(viewport, false);
    await page.goto(`${origin(store)}/cart`);
    const banner = page.getByRole("region", { name: t.banner });
    expect(await banner.isVisible()).toBe(true);
    await banner.getByRole("button", { name: t.necessaryOnly }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    expect(await consentCookie(context)).toBe("necessary");
    // The banner is gone without a script, here and on a cached page.
    expect(await banner.isVisible()).toBe(false);
    await page.goto(`${origin(store)}/`);
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    expect(await banner.count()).toBe(0);
    await page.goto(`${origin(store)}/cookie-consent`);
    await page.locator("main").getByLabel(t.marketing).check();
    await page.locator("main").getByRole("button", { name: t.save }).click();
    await page.waitForURL((url) => url.pathname === "/cookie-consent" && url.searchParams.has("saved"));
    expect(await page.getByText(t.saved).isVisible()).toBe(true);
    expect(await consentCookie(context)).toBe("necessary%2Cmarketing");
    await context.close();
  });
});

describe.each(["en", "fi"] as const)("the banner and the consent page look right in the %s store", (store) => {
  it.each(["mobile", "desktop"] as const)("at %s width, axe-clean", async (viewport) => {
    const { context, page } = await freshPage(viewport);
    await page.goto(`${origin(store)}/`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await snapshot(page, `consent-${store}-${viewport}-first-visit`);
    await page.goto(`${origin(store)}/cookie-consent`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await snapshot(page, `consent-${store}-${viewport}-settings`);
    await context.close();
  });
});

describe("the script policy in the browser", () => {
  it("refuses nothing the shop itself runs: pages hydrate and no policy violation is reported", async () => {
    const { context, page } = await freshPage("desktop");
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    // Both stores; a category and a product page draw colour swatches, the front page CMS colours.
    for (const store of ["en", "fi"] as const) {
      const category = store === "fi" ? "/c/naiset" : "/c/women";
      for (const path of ["/", category, "product", "/cookie-consent", "/cart", "/checkout", "/searchresults?search=takki"]) {
        // The product page: the category's first card.
        const href = path === "product" ? await page.locator('main a[href^="/p/"]').first().getAttribute("href") : path;
        await page.goto(`${origin(store)}${href}`);
        await waitForHydration(page);
      }
    }
    // The swatches are drawn in their colours: the policy admits the page's own style attributes.
    await page.goto(`${origin("en")}/c/women`);
    const swatch = page.locator(".swatch-dot").first();
    await expect.poll(() => swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    // A client-side navigation too (its scripts come as modules from the shop itself).
    await page.goto(`${origin("en")}/`);
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: TEXT.en.settings }).click();
    await page.waitForURL((url) => url.pathname === "/cookie-consent");
    expect(violations).toEqual([]);
    // An inline script without the nonce (what an injection would be) is refused, and said so.
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBe(1);
    // So is a style the page was not drawn with (issue 36: no 'unsafe-inline' for styles either).
    const before = violations.length;
    const styled = await page.evaluate(() => {
      const box = document.createElement("div");
      box.innerHTML = '<p style="color: rgb(1, 2, 3)">x</p>';
      document.body.append(box);
      return getComputedStyle(box.firstElementChild as Element).color;
    });
    expect(styled).not.toBe("rgb(1, 2, 3)");
    await expect.poll(() => violations.length).toBeGreaterThan(before);
    await context.close();
  });
});

describe("with a tag manager container (GTM_ID)", () => {
  let shop: ShopProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-gtm-"));
    fs.chmodSync(dataDir, 0o755);
    shop = await startShopProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn", GTM_ID: "GTM-TEST123" });
  });
  afterAll(async () => {
    await shop?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("loads the container only after the consent default is on the data layer, and nothing else from elsewhere", async () => {
    const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS.desktop }));
    const page = await context.newPage();
    const external: string[] = [];
    page.on("request", (request) => {
      if (!new URL(request.url()).hostname.endsWith("localhost") && !request.url().startsWith(shop.url)) external.push(request.url());
    });
    // The container as Google would answer it, here: it notes what the data layer held when it ran.
    await page.route("https://www.googletagmanager.com/**", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: `window.__containerSaw = Array.from(window.dataLayer, (e) => Object.prototype.toString.call(e) === "[object Arguments]" ? Array.from(e) : e);`,
      }),
    );
    await page.goto(`http://localhost:${shop.port}/`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __containerSaw?: unknown[] }).__containerSaw ?? null))
      .not.toBeNull();
    const saw = (await page.evaluate(() => (window as unknown as { __containerSaw: unknown[] }).__containerSaw)) as unknown[];
    expect(saw[0]).toEqual(["consent", "default", CONSENT_MODE_DEFAULT]);
    expect(saw[1]).toMatchObject({ event: "gtm.js" });
    expect(external).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]);
    // The banner is there all the same, and a choice reaches consent mode.
    await waitForHydration(page);
    await page.getByRole("region", { name: TEXT.en.banner }).getByRole("button", { name: TEXT.en.acceptAll }).click();
    await expect
      .poll(async () => (await dataLayer(page)).filter((e) => Array.isArray(e) && e[1] === "update"))
      .toEqual([["consent", "update", consentModeUpdate({ preferences: true, analytics: true, marketing: true })]]);
    await context.close();
  });
});
