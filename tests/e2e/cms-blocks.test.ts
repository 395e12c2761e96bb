// The CMS blocks in a real browser, before any page places them: every block type of the
// fixtures rendered on the server and hydrated (tests/fixtures/cms-blocks-page.tsx) with the
// shop's built CSS, in both languages at 360 and 1440 px — a screenshot of each block for
// people to look at, axe-core on the whole — and the blocks' own behaviour: the campaign
// carousel (rotation, pause, info panel, closed stays closed), the registration pop-up (after
// its delay, Escape, not again), sliders, the video facade and the engagement list.
import sharp from "sharp";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Block } from "../../lib/cms-types.ts";
import type { LocaleCode } from "../../lib/locales.ts";
import { BLOCKS, BLOCKS_FI } from "../fixtures/cms-blocks.ts";
import type { BlocksPageData } from "../fixtures/cms-blocks-page.tsx";
import { blocksPageHtml, builtCss, clientScript } from "../fixtures/cms-blocks-server.tsx";
import { rootData } from "../fixtures/render-blocks.tsx";
import { expectNoAxeViolations, launchBrowser, snapshot, swipe, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";

const ORIGIN = "http://blocks.localhost";
type Viewport = keyof typeof VIEWPORTS;

let browser: Browser;
let css: string;
let script: string;
beforeAll(async () => {
  [browser, script] = await Promise.all([launchBrowser(), clientScript()]);
  css = builtCss();
});
afterAll(async () => {
  await browser?.close();
});

/** A picture of the asked size, drawn (no downloads): a colour from its name and the name on it. */
const pictures = new Map<string, Promise<Buffer>>();
function picture(url: URL): Promise<Buffer> {
  const key = url.href;
  let made = pictures.get(key);
  if (!made) {
    const w = Math.min(2000, Number(url.searchParams.get("w") ?? 400));
    const h = Math.min(2000, Number(url.searchParams.get("h") ?? Math.round((w * 2) / 3)));
    const name = url.pathname.split("/").pop() ?? "";
    const hue = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},35%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},30%,30%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="50%" y="50%" font-family="sans-serif" font-size="${Math.max(12, Math.round(w / 20))}" fill="rgba(255,255,255,.6)" text-anchor="middle">${name}</text></svg>`;
    made = sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
    pictures.set(key, made);
  }
  return made;
}

const ENGAGEMENT_PRODUCTS = ["Tunturi rain jacket", "Kaamos down jacket", "Revontuli beanie", "Polku boots"].map((title, i) => ({
  title,
  brand: "Kauppa",
  link: `/p/product-${i + 1}`,
  ticket: `t-${i + 1}`,
  imageInfo: { thumbnail: `/img/p/product-${i + 1}?w=100&h=140&fit=bounds&q=80&fm=webp` },
  sellingPrice: { min: 49 + i * 20, max: 49 + i * 20 },
}));

interface Opened {
  page: Page;
  /** Requests the page made to any other site (all refused). */
  external: string[];
  errors: string[];
  /** Engagement queries the page asked. */
  queries: string[];
}

async function openBlocks(
  data: { locale: LocaleCode; blocks: Block[]; loggedIn?: boolean },
  viewport: Viewport,
  options: {
    reducedMotion?: "reduce" | "no-preference";
    engagement?: unknown[];
    /** The engagement service's answer status (200 by default; 500: it fails). */
    engagementStatus?: number;
    cookies?: { name: string; value: string }[];
    /** The page's timers on a clock the test can move forward (time still flows on its own). */
    clock?: boolean;
  } = {},
): Promise<Opened> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], reducedMotion: options.reducedMotion ?? "no-preference" });
  if (options.clock) await context.clock.install();
  if (options.cookies) await context.addCookies(options.cookies.map((c) => ({ ...c, url: ORIGIN })));
  const page = await context.newPage();
  const opened: Opened = { page, external: [], errors: [], queries: [] };
  page.on("pageerror", (error) => opened.errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") opened.errors.push(message.text());
  });
  const pageData: BlocksPageData = {
    locale: data.locale,
    blocks: data.blocks,
    context: { loggedIn: data.loggedIn ?? false, isProductPage: false, path: "/" },
    preview: false,
    root: rootData(data.locale),
  };
  await page.route("**/*", async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) {
      opened.external.push(url.href);
      return route.abort();
    }
    if (url.pathname === "/")
      return route.fulfill({ contentType: "text/html; charset=utf-8", body: await blocksPageHtml(pageData, css, ORIGIN) });
    if (url.pathname === "/blocks.js") return route.fulfill({ contentType: "text/javascript", body: script });
    if (url.pathname.startsWith("/img/")) return route.fulfill({ contentType: "image/webp", body: await picture(url) });
    if (url.pathname.startsWith("/api/engagement/queries/")) {
      opened.queries.push(`${route.request().method()} ${url.pathname}${url.search}`);
      const lists = options.engagement ?? [];
      if (options.engagementStatus && options.engagementStatus !== 200)
        return route.fulfill({ status: options.engagementStatus, contentType: "application/json", body: '[{"message":"down"}]' });
      return route.fulfill({ contentType: "application/json", body: JSON.stringify({ recommendationLists: lists }) });
    }
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto(`${ORIGIN}/`);
  await waitForHydration(page);
  return opened;
}

const TYPES = Object.keys(BLOCKS) as Block["type"][];
const journeys: [LocaleCode, Viewport][] = [
  ["en", "desktop"],
  ["en", "mobile"],
  ["fi", "desktop"],
  ["fi", "mobile"],
];

describe.each(journeys)("every block in the %s store (%s)", (locale, viewport) => {
  it("renders, hydrates without errors, is axe-clean, and is pictured block by block", { timeout: 180_000 }, async () => {
    const fixtures = locale === "fi" ? BLOCKS_FI : BLOCKS;
    // The pop-up opens over the page: its own journey below.
    const blocks = Object.values(fixtures).filter((b) => b.type !== "registrationPopup") as Block[];
    const { page, errors, external, queries } = await openBlocks({ locale, blocks }, viewport, {
      engagement: [{ id: "popular", products: ENGAGEMENT_PRODUCTS }],
    });
    // The engagement list arrives after load.
    await page.locator('[data-block="elevateRecommendations"]').waitFor({ timeout: 10_000 });
    expect(queries).toEqual(["POST /api/engagement/queries/landing-page?list=popular&limit=8"]);
    for (const type of TYPES.filter((t) => t !== "registrationPopup")) {
      // The last: a landing page's own blocks come before the stand-alone ones.
      const block = page.locator(`[data-block="${type}"]`).last();
      expect(await block.count(), type).toBe(1);
      await block.scrollIntoViewIfNeeded();
      // Lazy pictures of the block have loaded before the picture is taken.
      await page.waitForFunction(
        (t) => [...document.querySelectorAll(`[data-block="${t}"] img`)].every((img) => (img as HTMLImageElement).complete),
        type,
      );
      await block.screenshot({ path: `test-results/screens/cms-${locale}-${viewport}-${type}.png` });
    }
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    // Nothing was asked of another site (the video waits for its click).
    expect(external).toEqual([]);
    await page.context().close();
  });
});

const CAROUSEL = {
  en: {
    first: "Free shipping",
    second: "Wool week",
    more: "Show more",
    less: "Show less",
    pause: "Pause the rotation",
    close: "Close the campaign banners",
    link: "Shop wool",
  },
  fi: {
    first: "Ilmainen toimitus",
    second: "Villaviikko",
    more: "Näytä lisää",
    less: "Näytä vähemmän",
    pause: "Pysäytä vaihtuminen",
    close: "Sulje kampanjabannerit",
    link: "Villatuotteisiin",
  },
};

describe.each([
  ["en", "desktop"],
  ["fi", "mobile"],
] as [LocaleCode, Viewport][])("the campaign carousel in the %s store (%s)", (locale, viewport) => {
  const t = CAROUSEL[locale];
  const block = (locale === "fi" ? BLOCKS_FI : BLOCKS).campaignBanners;

  it("moves on every 5 s, stops while the pointer is on it, opens and closes its info panel", { timeout: 90_000 }, async () => {
    const { page, errors } = await openBlocks({ locale, blocks: [block] }, viewport);
    const carousel = page.getByRole("region", { name: locale === "fi" ? "Kampanjat" : "Campaigns" });
    await expect.poll(() => carousel.getByText(t.first).isVisible()).toBe(true);
    await expect.poll(() => carousel.getByText(t.second).isVisible(), { timeout: 12_000 }).toBe(true);
    await snapshot(page, `cms-${locale}-${viewport}-carousel-second`);
    const slide = carousel.locator('[aria-roledescription="slide"]');
    if (viewport === "desktop") {
      // Back to the first with the previous button; the pointer stays on the carousel: no rotation.
      await carousel.getByRole("button", { name: locale === "fi" ? "Edellinen" : "Previous" }).click();
    } else {
      // A phone's strip is one line: no arrows, a swipe to the right goes back; its pause holds it.
      expect(await carousel.getByRole("button", { name: locale === "fi" ? "Edellinen" : "Previous" }).isVisible()).toBe(false);
      await swipe(slide, 120);
      await carousel.getByRole("button", { name: t.pause }).click();
    }
    await expect.poll(() => carousel.getByText(t.first).isVisible()).toBe(true);
    await page.waitForTimeout(6500);
    expect(await carousel.getByText(t.first).isVisible()).toBe(true);
    // The info panel: open, then an outside press closes it.
    const more = carousel.getByRole("button", { name: t.more });
    await more.click();
    const panel = page.getByRole("region", { name: locale === "fi" ? "Lisätietoa kampanjasta" : "More about the campaign" });
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await carousel.getByRole("button", { name: t.less }).getAttribute("aria-expanded")).toBe("true");
    await snapshot(page, `cms-${locale}-${viewport}-carousel-panel`);
    await expectNoAxeViolations(page);
    await page.mouse.click(5, VIEWPORTS[viewport].height - 5);
    await expect.poll(() => panel.isVisible()).toBe(false);
    // The second banner has a link and no info: beside its message from md up, under the chevron on a phone.
    const link = t.link;
    if (viewport === "desktop") {
      await carousel.getByRole("button", { name: locale === "fi" ? "Seuraava" : "Next" }).click();
      await expect.poll(() => slide.getByRole("link", { name: link }).isVisible()).toBe(true);
      expect(await carousel.getByRole("button", { name: t.more }).isVisible()).toBe(false);
    } else {
      await swipe(slide, -120);
      await expect.poll(() => carousel.getByText(t.second).isVisible()).toBe(true);
      expect(await slide.getByRole("link", { name: link }).isVisible()).toBe(false);
      await carousel.getByRole("button", { name: t.more }).click();
      await expect.poll(() => panel.getByRole("link", { name: link }).isVisible()).toBe(true);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("once closed stays closed across reloads, until the editors publish a new revision", { timeout: 60_000 }, async () => {
    const { page } = await openBlocks({ locale, blocks: [block] }, viewport);
    const carousel = page.locator('[data-block="campaignBanners"]');
    await carousel.getByRole("button", { name: t.close }).click();
    await expect.poll(() => carousel.count()).toBe(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("campaign_banners_seen") ?? "[]"));
    expect(stored).toEqual([
      { id: "banner-shipping", revision: 2 },
      { id: "banner-wool", revision: 1 },
    ]);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => carousel.count()).toBe(0);
    // A new revision of one banner: that one shows again, alone (no rotation controls).
    const revised = { ...block, banners: block.banners.map((b, i) => (i === 1 ? { ...b, revision: 2 } : b)) };
    const again = await openBlocks({ locale, blocks: [revised] }, viewport);
    await again.page.evaluate((value) => localStorage.setItem("campaign_banners_seen", value), JSON.stringify(stored));
    await again.page.reload();
    await waitForHydration(again.page);
    const shown = again.page.locator('[data-block="campaignBanners"]');
    await expect.poll(() => shown.getByText(t.second).isVisible()).toBe(true);
    expect(await shown.getByText(t.first).count()).toBe(0);
    expect(await shown.getByRole("button", { name: t.pause }).count()).toBe(0);
    await page.context().close();
    await again.page.context().close();
  });

  it("does not move for a shopper who asked for reduced motion", { timeout: 60_000 }, async () => {
    const { page } = await openBlocks({ locale, blocks: [block] }, viewport, { reducedMotion: "reduce" });
    const carousel = page.locator('[data-block="campaignBanners"]');
    await page.mouse.move(5, VIEWPORTS[viewport].height - 5);
    await page.waitForTimeout(6500);
    expect(await carousel.getByText(t.first).isVisible()).toBe(true);
    expect(await carousel.getByRole("button", { name: t.pause }).count()).toBe(0);
    await page.context().close();
  });
});

describe.each([
  ["en", "desktop"],
  ["fi", "mobile"],
] as [LocaleCode, Viewport][])("the registration pop-up in the %s store (%s)", (locale, viewport) => {
  const popup = { ...(locale === "fi" ? BLOCKS_FI : BLOCKS).registrationPopup, popupDelay: 3 };
  const close = locale === "fi" ? "Sulje" : "Close";

  it("opens after its delay, 1070 px at most and 80 % high, closes with Escape and not again", { timeout: 60_000 }, async () => {
    const { page, errors } = await openBlocks({ locale, blocks: [popup, BLOCKS.normalButton] }, viewport);
    const dialog = page.getByRole("dialog", { name: popup.title });
    expect(await dialog.isVisible()).toBe(false);
    await expect.poll(() => dialog.isVisible(), { timeout: 12_000 }).toBe(true);
    const box = await dialog.boundingBox();
    const window = VIEWPORTS[viewport];
    expect(box?.width).toBeLessThanOrEqual(1070);
    expect(Math.abs((box?.height ?? 0) - window.height * 0.8)).toBeLessThan(2);
    // The mobile picture below 992 px, the desktop one above.
    // (The picture is drawn as the pop-up opens: it is asked for then.)
    await expect
      .poll(() => dialog.locator("img").evaluate((img) => (img as HTMLImageElement).currentSrc))
      .toContain(viewport === "mobile" ? "/img/c/club-mobile" : "/img/c/club-desktop");
    await page.waitForFunction(() => [...document.querySelectorAll("dialog img")].every((img) => (img as HTMLImageElement).complete));
    await snapshot(page, `cms-${locale}-${viewport}-registration-popup`);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The dialog's close event, which stores the choice, is a task of its own after the dialog hides.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("registration_popup_shown") ?? "null")))
      .toEqual({
        id: popup.id,
        revision: popup.revision,
      });
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(5000);
    expect(await dialog.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("closes with its button and gives the focus back", { timeout: 60_000 }, async () => {
    // The pop-up waits ten minutes, then the clock jumps there: the button surely has the focus
    // when it opens, however slow the machine.
    const { page } = await openBlocks({ locale, blocks: [{ ...popup, popupDelay: 600 }, BLOCKS.normalButton] }, viewport, { clock: true });
    const button = page.locator('[data-block="normalButton"] a');
    await button.focus();
    const dialog = page.getByRole("dialog", { name: popup.title });
    expect(await dialog.isVisible()).toBe(false);
    await page.clock.fastForward("10:01");
    await expect.poll(() => dialog.isVisible(), { timeout: 12_000 }).toBe(true);
    await dialog.getByRole("button", { name: close }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("is not offered to a logged-in customer", { timeout: 60_000 }, async () => {
    const { page } = await openBlocks({ locale, blocks: [{ ...popup, popupDelay: 1 }] }, viewport, {
      cookies: [{ name: "auth.logged_in", value: "1" }],
    });
    await page.waitForTimeout(3000);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.context().close();
  });
});

describe("the blocks' own controls (en, 360 px)", () => {
  it("a slider scrolls with its next and previous buttons", { timeout: 60_000 }, async () => {
    const { page } = await openBlocks({ locale: "en", blocks: [BLOCKS.productSlider] }, "mobile");
    const list = page.locator('[data-block="productSlider"] ul');
    const next = page.getByRole("button", { name: "Scroll forward" });
    const previous = page.getByRole("button", { name: "Scroll back" });
    expect(await previous.isDisabled()).toBe(true);
    await next.click();
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await expect.poll(() => previous.isDisabled()).toBe(false);
    await page.context().close();
  });

  it("the video asks nothing of YouTube until played, then plays from the privacy-enhanced player", { timeout: 60_000 }, async () => {
    const { page, external } = await openBlocks({ locale: "en", blocks: [BLOCKS.video] }, "mobile");
    await page.waitForTimeout(500);
    expect(external).toEqual([]);
    await page.getByRole("link", { name: "Play the video: The making of a rain jacket" }).click();
    const frame = page.locator('[data-block="video"] iframe');
    await expect.poll(() => frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0");
    expect(await frame.getAttribute("title")).toBe("The making of a rain jacket");
    await page.context().close();
  });

  it("a block's transition is an entrance animation, and none for reduced motion", { timeout: 60_000 }, async () => {
    const blocks = [{ ...BLOCKS.normalButton, transition: "slide-up" as const }];
    const animation = (page: Page) => page.locator('[data-block="normalButton"]').evaluate((el) => getComputedStyle(el).animationName);
    const moving = await openBlocks({ locale: "en", blocks }, "mobile");
    expect(await animation(moving.page)).toBe("cms-slide-up");
    await moving.page.context().close();
    const still = await openBlocks({ locale: "en", blocks }, "mobile", { reducedMotion: "reduce" });
    expect(await animation(still.page)).toBe("none");
    await still.page.context().close();
  });

  it.each([
    ["en", "Error occured while retrieving this data. If the error persists, please contact customer service."],
    ["fi", "Tietojen hakemisessa tapahtui virhe. Jos virhe toistuu, ota yhteyttä asiakaspalveluun."],
  ] as const)(
    "the engagement list says spec §8's words in %s when the service does not answer",
    { timeout: 60_000 },
    async (locale, words) => {
      const fixtures = locale === "fi" ? BLOCKS_FI : BLOCKS;
      const { page } = await openBlocks({ locale, blocks: [fixtures.elevateRecommendations, fixtures.normalButton] }, "mobile", {
        engagementStatus: 500,
      });
      const block = page.locator('[data-block="elevateRecommendations"]');
      await block.waitFor({ timeout: 10_000 });
      expect((await block.getByRole("status").textContent())?.trim()).toBe(words);
      await expectNoAxeViolations(page);
      await page.context().close();
    },
  );

  it("the engagement list shows nothing when the list is empty", { timeout: 60_000 }, async () => {
    const { page, queries } = await openBlocks({ locale: "en", blocks: [BLOCKS.elevateRecommendations, BLOCKS.normalButton] }, "mobile", {
      engagement: [],
    });
    await expect.poll(() => queries.length).toBe(1);
    await page.waitForTimeout(500);
    expect(await page.locator('[data-block="elevateRecommendations"]').count()).toBe(0);
    await page.context().close();
  });
});
