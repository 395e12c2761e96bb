// Headless Chromium from the system (Debian's package), driven by playwright-core.
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { COOKIES, type Consent, consentValue, NO_CONSENT } from "../../lib/cookies.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/chromium.ts";

export const VIEWPORTS = { mobile: { width: 360, height: 780 }, desktop: { width: 1440, height: 900 } } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
}

/** Fails with the list of axe-core violations (WCAG 2.2 AA rules) on the page as it is now. */
/** axe-core over the page, or over one part of it (a CSS selector) when an open overlay lies over the rest. */
export async function expectNoAxeViolations(page: Page, { include }: { include?: string } = {}) {
  // The page at rest, as a shopper looks at it: the header's decision after a scroll (50 ms) made
  // and its slide (and any other transition) ended.
  await page.waitForTimeout(100);
  await page.waitForFunction(
    () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
    null,
    {
      timeout: 5_000,
    },
  );
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  const results = await (include ? builder.include(include) : builder).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

/** Keeps a picture of the page for people to look at (test-results/, not asserted). */
export async function snapshot(page: Page, name: string, { fullPage = false } = {}) {
  fs.mkdirSync("test-results/screens", { recursive: true });
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage });
}

/**
 * Chooses a radio option as a shopper does: a click on its label (the input itself is visually
 * hidden, so a forced click at its 1 px would land on whatever lies over it, a sticky header).
 */
export async function chooseRadio(page: Page, name: string, exact = true) {
  const radio = page.getByRole("radio", { name, exact });
  await page.locator("label").filter({ has: radio }).click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

/**
 * The demo content's registration pop-up as closed before, in every page of `context`: it opens
 * 30 s after a page loads once the cookie choice is made, so a journey that is not about it would
 * meet it over its controls on a slow machine. Its own journeys (cms-pages) leave this out.
 */
export async function withRegistrationPopupClosed<T extends BrowserContext>(context: T): Promise<T> {
  await context.addInitScript(() => {
    window.localStorage.setItem("registration_popup_shown", JSON.stringify({ id: "registration-popup", revision: 1 }));
  });
  return context;
}

/**
 * The cookie choice as made before on `origin` (one store's host), so its banner does not stand
 * over a journey that is not about it: the necessary cookies and the categories of `granted`.
 */
export async function withConsent<T extends BrowserContext>(context: T, origin: string, granted: Partial<Consent> = {}): Promise<T> {
  await context.addCookies([{ name: COOKIES.consent, value: consentValue({ ...NO_CONSENT, ...granted }), url: origin }]);
  return context;
}

/** Resolves once React has hydrated the page (root's mark on <html>): from then on buttons answer. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
}

/** Resolves once the page has drawn two more frames: what a change laid out is on the screen. */
export async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * How far the page scrolls sideways, against the screen's width: a phone's browser (isMobile)
 * widens its layout to content wider than the screen, where `innerWidth` grows with it.
 */
export async function sidewaysScroll(page: Page): Promise<number> {
  const screen = page.viewportSize()?.width ?? 0;
  return page.evaluate((width) => document.documentElement.scrollWidth - width, screen);
}

/**
 * Clicks `target` far down a first page as a shopper does once they see it: scrolled to, and drawn.
 * A listing's far rows take an estimated height until they come near the screen (decision 0066);
 * a click measured in the same frame as the jump to them lands up to a row's error off (~25 px)
 * once they are laid out in the next.
 */
export async function clickWhenLaidOut(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await nextFrames(target.page());
  await target.click();
}

/** A finger's horizontal swipe across the middle of `target`, `dx` pixels (negative: to the left). */
export async function swipe(target: Locator, dx: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error("swipe: the target is not on the page");
  const page = target.page();
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 2;
  const from = box.x + box.width / 2 - dx / 2;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 5; step++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from + (dx * step) / 5, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** What a page asked for and reported while a test used it: the documents it loaded (paths) and its errors. */
export interface PageRecord {
  documents: string[];
  errors: string[];
}

/**
 * Opens `url` in `page`, recording the documents it loads and its errors from the start, and waits
 * for hydration; then marks the document, so `sameDocument` tells a page changed in place (a
 * client-side navigation) from one loaded anew.
 */
export async function openRecorded(page: Page, url: string): Promise<PageRecord> {
  const record: PageRecord = { documents: [], errors: [] };
  page.on("request", (request) => {
    if (request.resourceType() === "document") record.documents.push(new URL(request.url()).pathname);
  });
  page.on("pageerror", (error) => record.errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") record.errors.push(message.text());
  });
  await page.goto(url);
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  return record;
}

/** Whether the page is still the document `openRecorded` opened. */
export const sameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window);

/** How many of the elements `selector` finds React holds (hydrated or rendered by it): it marks each with its own keys. */
export const heldByReact = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) => elements.filter((e) => Object.keys(e).some((k) => k.startsWith("__react"))).length);
