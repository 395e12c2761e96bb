// CMS pages in the real shop (issue 13), from the demo content imported on first start: the
// front page built of every page block type, content pages reached from the footer, the four
// store pages, a draft seen only through preview, the campaign banners that stay closed across
// reloads, the registration pop-up after its delay (the page's clock moved, not waited for) and
// not again once closed, a category banner among a category's products and a megamenu banner
// in the header's panel. Both stores, phone (360 px) and desktop (1440 px); axe-core clean.
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { confirmationLink, PASSWORD } from "../helpers/customers.ts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  expectNoAxeViolations,
  launchBrowser,
  snapshot,
  VIEWPORTS,
  waitForHydration,
  withConsent,
  withRegistrationPopupClosed,
} from "../helpers/browser.ts";
import { type Store, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const previewSecret = inject("previewSecret");
const mailDir = path.join(inject("shopDataDir"), "mail");
const { origin } = testShop(port);

/** The front page of the demo content holds one of each of these (campaign banners come from the layout). */
const FRONT_PAGE_BLOCKS = [
  "landingPage",
  "campaignBanners",
  "fullWidthBanner",
  "productBanner",
  "productSlider",
  "halfImageHalfText",
  "linksWithImages",
  "threeImageBlocks",
  "multiImageBlocks",
  "twoBanners",
  "guideList",
  "faqBlock",
  "normalButton",
  "buttonList",
  "table",
  "video",
  "wysiwyg",
  "threeColumnsContentGrid",
  "form",
] as const;

const TEXT = {
  en: {
    privacy: "Privacy notice",
    accessibility: "Accessibility statement",
    privacyPath: "/content/privacy",
    storeSuffix: "",
    closeBanners: "Close the campaign banners",
    popup: "Join the Kauppa club",
    popupClose: "Close",
    form: {
      firstname: "First name",
      lastname: "Last name",
      email: "Email",
      password: "Password",
      confirm: "Confirm password",
      create: "Create the account",
    },
    tooShort: "Password length must be at least 8 characters",
    mismatch: "The passwords do not match",
    done: "Check your mail",
    acceptAll: "Accept all",
    women: "Women",
    winter: "/c/women/jackets/winter-jackets",
    notFound: "The page you requested could not be found!",
    menu: "Main menu",
    openMenu: "Menu",
    stories: "Stories",
  },
  fi: {
    privacy: "Tietosuojaseloste",
    accessibility: "Saavutettavuusseloste",
    privacyPath: "/content/tietosuojaseloste",
    storeSuffix: "-fi",
    closeBanners: "Sulje kampanjabannerit",
    popup: "Liity Kauppa-kerhoon",
    popupClose: "Sulje",
    form: {
      firstname: "Etunimi",
      lastname: "Sukunimi",
      email: "Sähköposti",
      password: "Salasana",
      confirm: "Vahvista salasana",
      create: "Luo tili",
    },
    tooShort: "Salasanan on oltava vähintään 8 merkkiä pitkä",
    mismatch: "Salasanat eivät täsmää",
    done: "Tarkista sähköpostisi",
    acceptAll: "Hyväksy kaikki",
    women: "Naiset",
    winter: "/c/naiset/takit/talvitakit",
    notFound: "Etsimääsi sivua ei löytynyt!",
    menu: "Päävalikko",
    openMenu: "Valikko",
    stories: "Tarinat",
  },
} as const;

const STORE_PAGES = ["brand-store-helsinki", "brand-store-oulu", "kauppa-outlet-hki", "concept-store-airport"];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function newContext(store: Store, viewport: keyof typeof VIEWPORTS): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  await withConsent(context, origin(store));
  return context;
}

async function open(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  return page;
}

describe.each([
  ["en", "desktop"],
  ["en", "mobile"],
  ["fi", "desktop"],
  ["fi", "mobile"],
] as const)("CMS pages in the %s store on %s", (store, viewport) => {
  const text = TEXT[store];

  it("builds the front page of every page block type, then leads from the footer to content pages", async () => {
    // The front page's registration pop-up opens 30 s after the page: a slow run would meet it over the footer.
    const context = await withRegistrationPopupClosed(await newContext(store, viewport));
    try {
      const page = await open(context, `${origin(store)}/`);
      for (const type of FRONT_PAGE_BLOCKS) {
        expect(await page.locator(`[data-block="${type}"]`).count(), type).toBeGreaterThan(0);
      }
      // The first banner's picture (not lazy) is drawn: the content image route takes what the blocks ask.
      const hero = page.locator('[data-block="fullWidthBanner"] img').first();
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // The product slider holds real products of the catalogue, each a link to its page.
      const slider = page.locator('[data-block="productSlider"]').first();
      expect(await slider.locator('a[href^="/p/"]').count()).toBeGreaterThan(0);
      await snapshot(page, `cms-page-front-${store}-${viewport}`, { fullPage: true });
      await expectNoAxeViolations(page);

      // The editors' menu links: in the mega menu row on a desktop, under the categories of the phone's menu.
      if (viewport === "mobile") await page.getByRole("button", { name: text.openMenu, exact: true }).click();
      const menu = viewport === "mobile" ? page.getByRole("dialog") : page.getByRole("navigation", { name: text.menu });
      await expect.poll(() => menu.getByRole("link", { name: text.stories }).isVisible()).toBe(true);
      if (viewport === "mobile") await page.keyboard.press("Escape");

      const footer = page.locator("footer");
      await footer.getByRole("link", { name: text.accessibility }).click();
      await page.waitForURL(/\/content\//);
      // The URL moves before the new page has rendered: wait for the statement's own feedback form.
      await expect.poll(() => page.locator('[data-block="form"][data-form-type="AccessibilityFeedback"]').count()).toBe(1);
      await expect.poll(() => page.locator("main h1").first().isVisible()).toBe(true);
      await snapshot(page, `cms-page-accessibility-${store}-${viewport}`, { fullPage: true });
      await expectNoAxeViolations(page);

      await footer.getByRole("link", { name: text.privacy }).click();
      await page.waitForURL(`**${text.privacyPath}`);
      await expect.poll(() => page.locator("main h1").first().textContent()).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  it("shows the four store pages of the footer, and an unknown content page is not found", async () => {
    const context = await newContext(store, viewport);
    try {
      const page = await context.newPage();
      for (const slug of STORE_PAGES) {
        const response = await page.goto(`${origin(store)}/content/${slug}${text.storeSuffix}`);
        expect(response?.status(), slug).toBe(200);
        expect((await page.locator("main h1").first().textContent())?.trim()).toBeTruthy();
      }
      await snapshot(page, `cms-page-store-${store}-${viewport}`, { fullPage: true });
      const missing = await page.goto(`${origin(store)}/content/no-such-page`);
      expect(missing?.status()).toBe(404);
      expect(await page.getByText(text.notFound, { exact: false }).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

describe.each(["en", "fi"] as const)("CMS placements and preview in the %s store", (store) => {
  const text = TEXT[store];

  it("keeps closed campaign banners closed across reloads", async () => {
    const context = await newContext(store, "desktop");
    try {
      const page = await open(context, `${origin(store)}/c/${store === "fi" ? "naiset" : "women"}`);
      const banners = page.locator('[data-block="campaignBanners"]');
      await expect.poll(() => banners.isVisible()).toBe(true);
      await page.getByRole("button", { name: text.closeBanners }).click();
      await expect.poll(() => banners.isVisible()).toBe(false);
      await page.reload();
      await waitForHydration(page);
      await expect.poll(() => banners.isVisible()).toBe(false);
      // Another page of the shop: still closed.
      await page.goto(`${origin(store)}/`);
      await waitForHydration(page);
      await expect.poll(() => banners.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("invites a guest to register after the pop-up's delay on the front page, and not again once closed", async () => {
    const context = await newContext(store, "desktop");
    try {
      const page = await context.newPage();
      await page.clock.install();
      await page.goto(`${origin(store)}/`);
      await waitForHydration(page);
      const popup = page.getByRole("dialog", { name: text.popup });
      expect(await popup.isVisible()).toBe(false);
      await page.clock.fastForward(31_000);
      await expect.poll(() => popup.isVisible()).toBe(true);
      await snapshot(page, `cms-page-popup-${store}`);
      await expectNoAxeViolations(page);
      await popup.getByRole("button", { name: text.popupClose }).click();
      await expect.poll(() => popup.isVisible()).toBe(false);

      await page.reload();
      await waitForHydration(page);
      await page.clock.fastForward(60_000);
      // Nothing appears: give a shown pop-up every chance to be seen before saying so.
      await page.waitForTimeout(500);
      expect(await popup.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("registers inside the pop-up: each field checked when left, then the final step in the pop-up and the mail", async () => {
    // The en store at desktop width, the fi store on a phone.
    const viewport = store === "fi" ? "mobile" : "desktop";
    const context = await newContext(store, viewport);
    try {
      const page = await context.newPage();
      await page.clock.install();
      await page.goto(`${origin(store)}/`);
      await waitForHydration(page);
      await page.clock.fastForward(31_000);
      const popup = page.getByRole("dialog", { name: text.popup });
      await expect.poll(() => popup.isVisible()).toBe(true);
      const email = `popup.${store}.${viewport}.${Date.now()}@example.com`;
      await popup.getByLabel(text.form.firstname).fill("Aino");
      await popup.getByLabel(text.form.lastname).fill("Asiakas");
      await popup.getByLabel(text.form.email).fill(email);
      // Spec §5: the rules are said as a field is left, before anything is sent.
      await popup.getByLabel(text.form.password, { exact: true }).fill("lyhyt");
      await popup.getByLabel(text.form.password, { exact: true }).press("Tab");
      await popup.getByText(text.tooShort).waitFor();
      await popup.getByLabel(text.form.password, { exact: true }).fill(PASSWORD);
      await popup.getByLabel(text.form.confirm).fill(`${PASSWORD}x`);
      await popup.getByLabel(text.form.confirm).press("Tab");
      await popup.getByText(text.mismatch).waitFor();
      expect(await popup.getByText(text.tooShort).count()).toBe(0);
      await snapshot(page, `cms-page-popup-form-${store}-${viewport}`);
      await expectNoAxeViolations(page);
      await popup.getByLabel(text.form.confirm).fill(PASSWORD);
      expect(await popup.getByText(text.mismatch).count()).toBe(0);
      await popup.getByRole("button", { name: text.form.create }).click();
      // Spec §4: success replaces the form with the final step, in the pop-up, on the same page.
      await popup.getByRole("heading", { name: text.done }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe("/");
      expect(await popup.getByLabel(text.form.email).count()).toBe(0);
      await expect.poll(() => confirmationLink(mailDir, email), { timeout: 15_000 }).not.toBeNull();
      await snapshot(page, `cms-page-popup-registered-${store}-${viewport}`);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });

  it("keeps the pop-up off the unanswered cookie banner: its delay starts with the choice", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    try {
      const page = await context.newPage();
      await page.clock.install();
      await page.goto(`${origin(store)}/`);
      await waitForHydration(page);
      const popup = page.getByRole("dialog", { name: text.popup });
      await page.clock.fastForward(31_000);
      await page.waitForTimeout(500);
      expect(await popup.isVisible()).toBe(false);
      await page.getByRole("button", { name: text.acceptAll }).click();
      await expect.poll(() => page.locator("#consent-banner").isVisible()).toBe(false);
      await page.clock.fastForward(31_000);
      await expect.poll(() => popup.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("places the category banner among a winter category's products and the megamenu banner in its panel", async () => {
    const context = await newContext(store, "desktop");
    try {
      const page = await open(context, `${origin(store)}${text.winter}`);
      const banner = page.locator('main [data-block="categoryBanner"]');
      await expect.poll(() => banner.isVisible()).toBe(true);
      // Third in the grid (spec §9 default position).
      const cells = page.locator("main ul.grid > li");
      expect(await cells.nth(2).locator('[data-block="categoryBanner"]').count()).toBe(1);
      await snapshot(page, `cms-page-category-banner-${store}`);

      await page.goto(`${origin(store)}/c/${store === "fi" ? "miehet" : "men"}`);
      await waitForHydration(page);
      expect(await page.locator('main [data-block="categoryBanner"]').count()).toBe(0);

      // Reached in the page (the frame's data is not loaded again): the banner comes with the category's own data.
      await page.goto(`${origin(store)}${text.winter.slice(0, text.winter.lastIndexOf("/"))}`);
      await waitForHydration(page);
      expect(await page.locator('main [data-block="categoryBanner"]').count()).toBe(0);
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      await page.locator(`main nav a[href="${text.winter}"]`).click();
      await expect.poll(() => banner.isVisible()).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(new URL(page.url()).pathname).toBe(text.winter);
      await page.goto(`${origin(store)}/c/${store === "fi" ? "miehet" : "men"}`);
      await waitForHydration(page);

      const nav = page.getByRole("navigation", { name: text.menu });
      await nav.getByRole("button", { name: new RegExp(text.women) }).click();
      const megamenuBanner = page.locator('header [data-block="megamenuBanner"]');
      await expect.poll(() => megamenuBanner.isVisible()).toBe(true);
      await snapshot(page, `cms-page-megamenu-banner-${store}`);
    } finally {
      await context.close();
    }
  });

  it("shows a draft only through preview with the secret", async () => {
    const context = await newContext(store, "desktop");
    try {
      const page = await context.newPage();
      expect((await page.goto(`${origin(store)}/content/draft-demo`))?.status()).toBe(404);
      expect((await page.goto(`${origin(store)}/preview/draft-demo`))?.status()).toBe(404);
      expect((await page.goto(`${origin(store)}/preview/draft-demo?secret=wrong-secret-000`))?.status()).toBe(404);
      const response = await page.goto(`${origin(store)}/preview/draft-demo?secret=${encodeURIComponent(previewSecret)}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toContain("no-store");
      expect((await page.locator("h1").first().textContent())?.trim()).toBe(store === "fi" ? "Kevään ennakko" : "Spring preview");
      await snapshot(page, `cms-page-preview-${store}`, { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
