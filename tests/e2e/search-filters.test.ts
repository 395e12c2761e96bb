// Filtering search results in the browser, in both stores on a phone (360 px) and a desktop
// (1440 px): search with the bar, open the colour filter (on a phone behind the Filters button),
// tick a colour and see the count shrink to that colour's count and the colour chip appear;
// clear the filters and see the first count again with the box unticked. axe-core checks the
// page with the filter open and with a filter in use.
import type { Browser, Page } from "playwright-core";
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
const { origin } = testShop(port);

const TEXT = {
  en: {
    toggle: "Search the shop",
    word: "jacket",
    results: "Search results for “jacket”",
    count: /^(\d+) products?$/,
    filters: "Filters",
    colour: "Colour",
    clear: "Clear all",
    remove: "Remove filter",
  },
  fi: {
    toggle: "Hae kaupasta",
    word: "takki",
    results: "Hakutulokset: ”takki”",
    count: /^(\d+) tuote(tta)?$/,
    filters: "Suodata",
    colour: "Väri",
    clear: "Tyhjennä kaikki",
    remove: "Poista suodatin",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openPage(store: Store, viewport: keyof typeof VIEWPORTS): Promise<Page> {
  const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS[viewport] }));
  await withConsent(context, origin(store));
  const page = await context.newPage();
  await page.goto(`${origin(store)}/`);
  await waitForHydration(page);
  return page;
}

/** The products count beside the title, as a number. */
async function shownCount(page: Page, store: Store): Promise<number> {
  const text = (await page.getByText(TEXT[store].count).first().textContent()) ?? "";
  return Number(TEXT[store].count.exec(text.trim())?.[1] ?? Number.NaN);
}

describe.each([
  ["en", "desktop"],
  ["en", "mobile"],
  ["fi", "desktop"],
  ["fi", "mobile"],
] as const)("search result filters in the %s store (%s)", (store, viewport) => {
  const t = TEXT[store];

  it("searches, filters by a colour and sees the count shrink, then clears the filter", async () => {
    const page = await openPage(store, viewport);
    await page.getByRole("banner").getByRole("button", { name: t.toggle }).click();
    const field = page.getByRole("search").getByRole("combobox");
    await expect.poll(() => field.evaluate((e) => e === document.activeElement)).toBe(true);
    await field.fill(t.word);
    await expect.poll(() => page.getByRole("listbox").getByRole("option").count()).toBeGreaterThan(0);
    await field.press("Enter");
    await page.getByRole("heading", { level: 1, name: t.results }).waitFor();
    const before = await shownCount(page, store);
    expect(before).toBeGreaterThan(1);

    // On a phone the filters sit behind their button.
    if (viewport === "mobile") await page.getByRole("button", { name: t.filters, exact: true }).click();
    await page.locator("summary", { hasText: t.colour }).click();
    // A colour that some but not all of the results have: its count is what the page will show.
    const colours = page.getByRole("group", { name: t.colour }).getByRole("listitem");
    const options = await colours.evaluateAll((items) =>
      items.map((li) => ({
        label: li.querySelector("label")?.textContent ?? "",
        count: Number(li.querySelector("span.text-muted")?.textContent),
      })),
    );
    const colour = options.find((o) => o.count > 0 && o.count < before);
    if (!colour) throw new Error(`no colour narrows ${before} results: ${JSON.stringify(options)}`);
    await expectNoAxeViolations(page);
    await snapshot(page, `search-filters-${store}-${viewport}-open`);

    await page.getByRole("checkbox", { name: colour.label, exact: true }).check();
    await page.waitForURL((url) => url.searchParams.has("color") && url.searchParams.get("search") === t.word);
    await expect.poll(() => shownCount(page, store)).toBe(colour.count);
    const chip = page.getByRole("link", { name: `${t.remove} ${colour.label}` });
    await chip.waitFor();
    await page.keyboard.press("Escape");
    await expectNoAxeViolations(page);
    await snapshot(page, `search-filters-${store}-${viewport}-filtered`);

    await page.getByRole("link", { name: t.clear }).click();
    await page.waitForURL((url) => !url.searchParams.has("color") && url.searchParams.get("search") === t.word);
    await expect.poll(() => shownCount(page, store)).toBe(before);
    await expect.poll(() => chip.count()).toBe(0);
    // The box the shopper ticked follows the page: no filter, nothing ticked.
    expect(await page.locator("input[name=color]:checked").count()).toBe(0);
    await page.context().close();
  });
});
