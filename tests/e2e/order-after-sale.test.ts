// After the sale, in the browser (decision 0081): a customer finds an order that has not
// shipped in My account, cancels it there (the page asks first), and sees the order cancelled
// with its timeline; the cancellation mail arrives in the store's language. Both stores (en on
// a desktop, fi on a phone), axe-checked.
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, withRegistrationPopupClosed } from "../helpers/browser.ts";
import { addToNewCart, confirmedCustomer, logInBrowser, placeInvoiceOrder } from "../helpers/customers.ts";
import { findProduct, type Store, testShop } from "../helpers/e2e-shop.ts";
import { mailsIn } from "../helpers/mail.ts";

const port = inject("shopPort");
const mailDir = path.join(inject("shopDataDir"), "mail");
const { origin, api } = testShop(port);

const TEXT = {
  en: {
    cancel: "Cancel the order",
    question: "Cancel order",
    yes: "Yes, cancel the order",
    done: "Your order has been cancelled.",
    status: "Cancelled",
    history: "Order history",
    placed: "Order placed",
    subject: "has been cancelled",
  },
  fi: {
    cancel: "Peru tilaus",
    question: "Perutaanko tilaus",
    yes: "Kyllä, peru tilaus",
    done: "Tilauksesi on peruttu.",
    status: "Peruttu",
    history: "Tilauksen vaiheet",
    placed: "Tilaus tehty",
    subject: "on peruttu",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const journeys: [Store, keyof typeof VIEWPORTS][] = [
  ["en", "desktop"],
  ["fi", "mobile"],
];

describe.each(journeys)("an order after the sale in the %s store (%s)", (store, viewport) => {
  const t = TEXT[store];
  let page: Page;
  beforeAll(async () => {
    const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS[viewport] }));
    page = await context.newPage();
  });
  afterAll(() => page?.context().close());

  it("a customer cancels an order that has not shipped from My account", async () => {
    const customer = await confirmedCustomer(port, mailDir, store, "Senja");
    await logInBrowser(page.context(), origin(store), store, customer);
    await page.goto(`${origin(store)}/`);
    const found = await findProduct(api, store, 1, { price: [55, 1000] });
    const selected = found.product.configurable_options.flatMap((o) =>
      o.values.filter((v) => v.label === found.color || v.label === found.size).map((v) => v.uid),
    );
    expect(await addToNewCart(page, found.product.sku, selected)).toBe(200);
    const number = await placeInvoiceOrder(page);
    expect(number).toMatch(/^(EN|FI)\d{7}$/);

    await page.goto(`${origin(store)}/account/orders`);
    await page.getByRole("link", { name: new RegExp(number) }).click();
    await page.waitForURL((url) => url.pathname === `/account/order/${number}`, { timeout: 10_000 });
    const main = page.locator("main");
    await main.getByRole("heading", { name: t.history }).waitFor();
    await main.getByRole("link", { name: t.cancel }).click();
    await main.getByRole("heading", { name: new RegExp(`${t.question} ${number}`) }).waitFor();
    await expectNoAxeViolations(page);
    await snapshot(page, `order-${store}-${viewport}-cancel-question`);

    await main.getByRole("button", { name: t.yes }).click();
    await main.getByRole("status").filter({ hasText: t.done }).waitFor({ timeout: 10_000 });
    await expect.poll(() => main.getByRole("link", { name: t.cancel }).count()).toBe(0);
    const timeline = main.locator("section", { has: page.getByRole("heading", { name: t.history }) }).getByRole("listitem");
    expect(await timeline.allInnerTexts()).toEqual([expect.stringContaining(t.placed), expect.stringContaining(t.status)]);
    await expectNoAxeViolations(page);
    await snapshot(page, `order-${store}-${viewport}-canceled`, { fullPage: true });

    // The list says so too, and the mail came in the store's language (to the order's address).
    await page.goto(`${origin(store)}/account/orders`);
    await expect
      .poll(() =>
        page
          .getByRole("link", { name: new RegExp(number) })
          .locator("..")
          .textContent(),
      )
      .toContain(t.status);
    await expect
      .poll(() => mailsIn(mailDir).filter((m) => m.includes(number) && m.includes(t.subject)).length, {
        timeout: 15_000,
      })
      .toBe(1);
  });
});
