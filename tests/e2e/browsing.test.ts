// A shopper narrows a category down and configures products (issue: catalogue browsing),
// in both stores, on a phone and on a desktop.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryListing, ProductDetails } from "../../lib/catalog-types.ts";
import { availableSizes } from "../../lib/variant-selection.ts";
import {
  chooseRadio,
  clickWhenLaidOut,
  expectNoAxeViolations,
  launchBrowser,
  snapshot,
  VIEWPORTS,
  waitForHydration,
} from "../helpers/browser.ts";
import { text } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const origin = (store: "en" | "fi") => `http://${store === "fi" ? "fi." : ""}localhost:${port}`;
const api = async <T>(store: "en" | "fi", path: string): Promise<T> =>
  (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Store: store } })).json() as Promise<T>;

const TEXT = {
  en: {
    filters: /^Filters/,
    colour: "Colour",
    size: "Size",
    sort: "Sort by",
    next: "Next page",
    stock: "Availability in our stores",
    soldOut: "Sold out",
  },
  fi: {
    filters: /^Suodata/,
    colour: "Väri",
    size: "Koko",
    sort: "Järjestä",
    next: "Seuraava sivu",
    stock: "Saatavuus myymälöissämme",
    soldOut: "Loppuunmyyty",
  },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function newPage(viewport: keyof typeof VIEWPORTS): Promise<Page> {
  return (await browser.newContext({ viewport: VIEWPORTS[viewport] })).newPage();
}

/** The first configurable product with a colour whose sizes pass the test. */
async function findProduct(store: "en" | "fi", wanted: (available: number, sizes: number) => boolean) {
  for (const top of store === "fi" ? ["naiset", "miehet"] : ["women", "men"]) {
    const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${top}&pageSize=100`);
    for (const item of listing.items.filter((i) => i.__typename === "ConfigurableProduct")) {
      const { product } = await api<{ product: ProductDetails }>(store, `/api/catalog/productdetails/${item.url_key}`);
      const colors = product.configurable_options.find((o) => o.attribute_code === "color")?.values ?? [];
      const sizes = product.configurable_options.find((o) => o.attribute_code === "size")?.values ?? [];
      const color = colors.find((c) => wanted(availableSizes(product, c.uid).length, sizes.length));
      if (color) return { product, color: color.uid, colors, sizes };
    }
  }
  throw new Error("no such product in the demo data");
}

for (const store of ["en", "fi"] as const) {
  for (const viewport of ["mobile", "desktop"] as const) {
    describe(`${store} store, ${viewport}`, () => {
      it("filters a category by colour and size, sorts by price and pages on", async () => {
        const menu = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
        const top = (await api<{ menu: { url_path: string }[] }>(store, `/api/core/topmenu/${menu.storeConfig.root_category_uid}`)).menu[0];
        const page = await newPage(viewport);
        await page.goto(`${origin(store)}/c/${top?.url_path}`);
        await waitForHydration(page);
        const count = async () => Number(((await page.getByRole("main").locator("h1 + p").textContent()) ?? "").replace(/\D/g, ""));
        const all = await count();

        if (viewport === "mobile") await page.getByRole("button", { name: TEXT[store].filters }).click();
        await page.locator("summary", { hasText: TEXT[store].colour }).click();
        const colour = page.getByRole("group", { name: TEXT[store].colour }).getByRole("checkbox").first();
        await colour.check();
        await page.waitForURL(/color=/);
        await expect.poll(count).toBeLessThan(all);
        const withColour = await count();

        await page.locator("summary", { hasText: TEXT[store].size }).click();
        await page.getByRole("group", { name: TEXT[store].size }).getByRole("checkbox").first().check();
        await page.waitForURL(/size=/);
        await expect.poll(count).toBeLessThanOrEqual(withColour);

        await page.getByLabel(TEXT[store].sort).selectOption("price:asc");
        await page.waitForURL(/sort=price&dir=asc/);
        const prices = async () =>
          (await page.getByTestId("card-price").allTextContents()).map((p) => Number(p.replace(/[^\d,]/g, "").replace(",", ".")));
        await expect
          .poll(async () => {
            const values = await prices();
            return values.length > 0 && values.every((v, i) => i === 0 || (values[i - 1] ?? 0) <= v);
          })
          .toBe(true);
        await snapshot(page, `${store}-${viewport}-filtered`);
        await expectNoAxeViolations(page);

        // Paging keeps filters and sort; the back button returns to the filtered first page.
        await page.goto(`${origin(store)}/c/${top?.url_path}?sort=price&dir=asc`);
        await clickWhenLaidOut(page.getByRole("link", { name: TEXT[store].next }));
        await page.waitForURL(/page=2/);
        expect(new URL(page.url()).searchParams.get("sort")).toBe("price");
        await page.goBack();
        await page.waitForURL((url) => !url.searchParams.has("page"));
        await page.context().close();
      });

      it("chooses colour and size: a sold-out size cannot be chosen, a single-size colour chooses itself", async () => {
        const page = await newPage(viewport);
        const withSoldOut = await findProduct(store, (available, sizes) => available > 1 && available < sizes);
        const label = (uid: string) => withSoldOut.colors.find((c) => c.uid === uid)?.label ?? "";
        await page.goto(`${origin(store)}/p/${withSoldOut.product.url_key}`);
        await waitForHydration(page);
        await chooseRadio(page, label(withSoldOut.color));
        const available = availableSizes(withSoldOut.product, withSoldOut.color);
        const soldOut = withSoldOut.sizes.find((s) => !available.includes(s.uid));
        // Sold out in words a sighted shopper reads and a screen reader says, not only by a strike-through.
        const soldOutRadio = page.getByRole("radio", { name: `${soldOut?.label} ${TEXT[store].soldOut}`, exact: true });
        expect(await soldOutRadio.isDisabled()).toBe(true);
        const soldOutChip = page.locator("label").filter({ has: soldOutRadio });
        expect(await soldOutChip.getByTestId("size-sold-out").isVisible()).toBe(true);
        expect(await text(soldOutChip.getByTestId("size-sold-out"))).toBe(TEXT[store].soldOut);
        const size = withSoldOut.sizes.find((s) => s.uid === available[0]);
        await chooseRadio(page, size?.label ?? "");
        expect(new URL(page.url()).searchParams.get("selectedConfigurations")).toContain(withSoldOut.color);
        await expect.poll(() => page.getByRole("heading", { name: TEXT[store].stock }).isVisible()).toBe(true);
        // The link reproduces the choice.
        await page.reload();
        await expect.poll(() => page.getByRole("radio", { name: size?.label, exact: true }).isChecked()).toBe(true);
        await snapshot(page, `${store}-${viewport}-configured`);
        await expectNoAxeViolations(page);

        // Any image opens full screen; arrow keys move on; Escape closes.
        await page.getByRole("button", { name: store === "en" ? /^Open image 1 of/ : /^Avaa kuva 1\// }).click();
        const zoom = page.getByRole("dialog");
        await expect.poll(() => zoom.isVisible()).toBe(true);
        await page.keyboard.press("ArrowRight");
        await expect.poll(() => zoom.getByText(/^(Image|Kuva) 2/).isVisible()).toBe(true);
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");
        await expect.poll(() => zoom.isVisible()).toBe(false);

        const single = await findProduct(store, (available) => available === 1);
        await page.goto(`${origin(store)}/p/${single.product.url_key}`);
        await waitForHydration(page);
        const colourLabel = single.colors.find((c) => c.uid === single.color)?.label ?? "";
        await chooseRadio(page, colourLabel);
        const only = single.sizes.find((s) => s.uid === availableSizes(single.product, single.color)[0]);
        await expect.poll(() => page.getByRole("radio", { name: only?.label, exact: true }).isChecked()).toBe(true);
        await page.context().close();
      });

      it("replaces the price with the chosen gift-card amount", async () => {
        const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${store === "fi" ? "lahjakortit" : "gift-cards"}`);
        const card = listing.items[0];
        const page = await newPage(viewport);
        await page.goto(`${origin(store)}/p/${card?.url_key}`);
        await waitForHydration(page);
        await chooseRadio(page, "100,00 €", false);
        await expect.poll(() => page.getByTestId("product-price").textContent()).toMatch(/^100,00\s€$/);
        // The card's details are asked with the titles and rules its gift_card_options state (spec §3).
        const { product } = await api<{ product: ProductDetails }>(store, `/api/catalog/productdetails/${card?.url_key}`);
        expect(product.gift_card_options.map((o) => o.code)).toEqual([
          "sender_name",
          "sender_email",
          "recipient_name",
          "recipient_email",
          "message",
        ]);
        for (const option of product.gift_card_options) {
          const label = option.required ? option.title : `${option.title} ${store === "fi" ? "(valinnainen)" : "(optional)"}`;
          expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
        }
        const recipientEmail = product.gift_card_options.find((o) => o.code === "recipient_email");
        await page.getByLabel(recipientEmail?.title ?? "", { exact: true }).fill("not an address");
        await page.getByLabel(recipientEmail?.title ?? "", { exact: true }).press("Tab");
        await expect.poll(() => page.getByLabel(recipientEmail?.title ?? "", { exact: true }).getAttribute("aria-invalid")).toBe("true");
        await expectNoAxeViolations(page);
        await page.context().close();
      });
    });
  }
}
