// A guest with JavaScript off buys from the product page (issue: cart without JavaScript), in
// both stores, on a phone and on a desktop: the colour is shown with its sizes, a missing size
// is refused with the choice kept, "Add to cart" makes the cart and its cookie and comes back
// with a confirmation (a private page, never the shared cache), the header's bag leads to the
// cart page rendered from the cookie, the quantity and a discount code change it there
// (an unknown code is refused with the reason), a line can be removed, and the order is placed
// by invoice. (axe-core needs scripts: these pages are checked in the JavaScript journeys.)
import { formatShopDate } from "../../lib/dates.ts";
import { creditorReference, invoiceDueDate } from "../../lib/invoice.ts";
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { amount, euros, fillShippingAddress, findProduct, type Store, testShop, text } from "../helpers/e2e-shop.ts";
import { chooseRadio, launchBrowser, snapshot, VIEWPORTS } from "../helpers/browser.ts";

const port = inject("shopPort");
type Viewport = keyof typeof VIEWPORTS;
const { origin, api } = testShop(port);

const TEXT = {
  en: {
    add: "Add to cart",
    showColor: "Show the sizes of this colour",
    allOptions: "Please choose all options for product",
    added: "The product was added to your cart.",
    viewCart: "View the cart",
    cart: (count: number) => (count === 0 ? "Cart" : count === 1 ? "Cart, 1 item" : `Cart, ${count} items`),
    title: "Shopping cart",
    more: (name: string) => `More: ${name}`,
    quantity: (name: string) => `Quantity: ${name}`,
    update: (name: string) => `Update the quantity: ${name}`,
    coupon: "Discount code",
    apply: "Apply",
    unknownCode: (code: string) => `The coupon code "${code}" is not valid`,
    remove: (name: string) => `Remove: ${name}`,
    empty: "Your cart is empty.",
    toCheckout: "Go to checkout",
    continue: "Continue to payment",
    invoice: /^Invoice \(14 days\)/,
    place: "Place order",
    success: "Thank you for your order!",
  },
  fi: {
    add: "Lisää ostoskoriin",
    showColor: "Näytä värin koot",
    allOptions: "Valitse kaikki tuotteen vaihtoehdot",
    added: "Tuote lisättiin ostoskoriisi.",
    viewCart: "Näytä ostoskori",
    cart: (count: number) => (count === 0 ? "Ostoskori" : count === 1 ? "Ostoskori, 1 tuote" : `Ostoskori, ${count} tuotetta`),
    title: "Ostoskori",
    more: (name: string) => `Enemmän: ${name}`,
    quantity: (name: string) => `Määrä: ${name}`,
    update: (name: string) => `Päivitä määrä: ${name}`,
    coupon: "Alennuskoodi",
    apply: "Käytä",
    unknownCode: (code: string) => `Alennuskoodi "${code}" ei ole voimassa`,
    remove: (name: string) => `Poista: ${name}`,
    empty: "Ostoskorisi on tyhjä.",
    toCheckout: "Siirry kassalle",
    continue: "Jatka maksamaan",
    invoice: /^Lasku \(14 päivää\)/,
    place: "Tee tilaus",
    success: "Kiitos tilauksestasi!",
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A page without JavaScript that notes the Cache-Control of every page (document) it is answered with. */
async function shopper(viewport: Viewport) {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], javaScriptEnabled: false });
  const page = await context.newPage();
  const caching = new Map<string, string>();
  page.on("response", (response: Response) => {
    if (response.request().resourceType() !== "document") return;
    const url = new URL(response.url());
    caching.set(`${url.pathname}${url.search}`, response.headers()["cache-control"] ?? "");
  });
  return { context, page, caching };
}

/** Chooses colour and size the way a shopper without JavaScript can, and adds the product to the cart. */
async function addToCart(page: Page, store: Store, found: Awaited<ReturnType<typeof findProduct>>) {
  const t = TEXT[store];
  // The colour: the page is asked again to show that colour's sizes.
  await chooseRadio(page, found.color);
  await page.getByRole("button", { name: t.showColor }).click();
  await page.waitForURL((url) => url.searchParams.has("color"));
  expect(await page.getByRole("radio", { name: found.color, exact: true }).isChecked()).toBe(true);

  // Without a size the add is refused, and the colour stays chosen.
  await page.getByRole("button", { name: t.add }).click();
  await page.waitForLoadState();
  await expect.poll(() => page.getByRole("alert").filter({ hasText: t.allOptions }).isVisible()).toBe(true);
  expect(await page.getByRole("radio", { name: found.color, exact: true }).isChecked()).toBe(true);

  await chooseRadio(page, found.size);
  await page.getByRole("button", { name: t.add }).click();
  await page.waitForURL((url) => url.searchParams.has("added"));
  await expect.poll(() => page.getByTestId("added-to-cart").textContent()).toContain(t.added);
  // Back on the product with the choice in its link.
  const url = new URL(page.url());
  expect(url.pathname).toBe(`/p/${found.product.url_key}`);
  expect(url.searchParams.get("selectedConfigurations")).toBeTruthy();
  expect(await page.getByRole("radio", { name: found.color, exact: true }).isChecked()).toBe(true);
  expect(await page.getByRole("radio", { name: found.size, exact: true }).isChecked()).toBe(true);
}

const JOURNEYS = { "en-mobile": 0, "en-desktop": 1, "fi-mobile": 2, "fi-desktop": 3 } as const;

for (const store of ["en", "fi"] as const) {
  const t = TEXT[store];
  for (const viewport of ["mobile", "desktop"] as const) {
    describe(`${store} store, ${viewport}, JavaScript off`, () => {
      it("buys from the product page: add to cart, cart page, quantity, coupon, checkout, invoice", async () => {
        const found = await findProduct(api, store, JOURNEYS[`${store}-${viewport}`], { notFirstColour: true, price: [30, 70] });
        const { context, page, caching } = await shopper(viewport);
        try {
          await page.goto(`${origin(store)}/p/${found.product.url_key}`);
          // The header's bag is a link to the cart on every screen.
          const bag = page.getByRole("banner").getByRole("link", { name: t.cart(0), exact: true });
          expect(await bag.getAttribute("href")).toBe("/cart");
          expect(await bag.isVisible()).toBe(true);

          await addToCart(page, store, found);
          await snapshot(page, `cart-nojs-${store}-${viewport}-added`);
          // The confirmation is the shopper's own page: never kept for other guests.
          const addedPage = [...caching.entries()].find(([url]) => url.includes("added="));
          expect(addedPage?.[1]).toBe("private, no-store");
          // The same product page for everyone else has no confirmation.
          const guest = await fetch(`http://127.0.0.1:${port}/p/${found.product.url_key}`, { headers: { Store: store } });
          expect(guest.headers.get("cache-control")).toMatch(/^public/);
          expect(await guest.text()).not.toContain(t.added);

          // The cart page, rendered on the server from the cookie.
          await page.getByRole("link", { name: t.viewCart }).click();
          await page.waitForURL((url) => url.pathname === "/cart");
          expect(caching.get("/cart")).toBe("private, no-store");
          expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(t.title);
          const line = page.getByTestId("cart-item");
          const total = page.getByTestId("cart-grand-total");
          expect(await line.count()).toBe(1);
          expect(await line.getByRole("link", { name: found.name, exact: true }).getAttribute("href")).toBe(`/p/${found.product.url_key}`);
          expect(await text(line)).toContain(found.size);
          expect(await text(total)).toBe(euros(found.price));

          // More: the + button posts the step.
          await line.getByRole("button", { name: t.more(found.name) }).click();
          await page.waitForLoadState();
          await expect.poll(() => text(total)).toBe(euros(found.price * 2));
          expect(await page.getByLabel(t.quantity(found.name)).inputValue()).toBe("2");
          // A typed quantity goes with its Update button; 0 is refused and changes nothing.
          await page.getByLabel(t.quantity(found.name)).fill("3");
          await page.getByRole("button", { name: t.update(found.name) }).click();
          await page.waitForLoadState();
          await expect.poll(() => text(total)).toBe(euros(found.price * 3));
          await page.getByLabel(t.quantity(found.name)).fill("2");
          await page.getByLabel(t.quantity(found.name)).press("Enter");
          await page.waitForLoadState();
          await expect.poll(() => text(total)).toBe(euros(found.price * 2));

          // An unknown code is refused with the reason; WELCOME10 takes 10 % off.
          const coupon = page.getByTestId("cart-coupon");
          await page.getByLabel(t.coupon, { exact: true }).fill("NOPE-123");
          await coupon.getByRole("button", { name: t.apply }).click();
          await page.waitForLoadState();
          await expect.poll(() => coupon.getByRole("alert").textContent()).toBe(t.unknownCode("NOPE-123"));
          expect(await text(total)).toBe(euros(found.price * 2));
          await page.getByLabel(t.coupon, { exact: true }).fill("welcome10");
          await page.getByTestId("cart-coupon").getByRole("button", { name: t.apply }).click();
          await page.waitForLoadState();
          const discount = page.getByTestId("cart-discount");
          await expect.poll(() => discount.count()).toBe(1);
          expect(await text(discount)).toContain("WELCOME10");
          const off = amount(await text(discount.locator("dd")));
          expect(off).toBeCloseTo(found.price * 2 * 0.1, 2);
          expect(amount(await text(total))).toBeCloseTo(found.price * 2 - off, 2);
          expect(
            await page
              .getByRole("banner")
              .getByRole("link", { name: t.cart(0), exact: true })
              .getAttribute("href"),
          ).toBe("/cart");
          await snapshot(page, `cart-nojs-${store}-${viewport}-cart`);

          // Checkout, invoice, success.
          await page.getByRole("link", { name: t.toCheckout, exact: true }).click();
          await page.waitForURL((url) => url.pathname === "/checkout");
          await fillShippingAddress(page, store, `nojs-${store}@example.com`);
          await page.getByRole("button", { name: t.continue }).click();
          await page.waitForLoadState();
          await page.getByRole("radio", { name: t.invoice }).check();
          await page.getByRole("button", { name: t.place }).click();
          await page.waitForURL(/\/checkout\/success$/);
          await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(t.success);
          expect(await page.getByText(`nojs-${store}@example.com`).first().isVisible()).toBe(true);
          // The invoice's due date and reference are on the page, as in the mail (issue 37).
          const invoice = (await page.getByTestId("invoice-details").textContent()) ?? "";
          const number = ((await page.getByTestId("order-number").textContent()) ?? "").match(/[A-Z]{2}\d{7}/)?.[0] ?? "";
          expect(invoice).toContain(creditorReference(number));
          expect(invoice).toContain(formatShopDate(invoiceDueDate(new Date()), store));
          await snapshot(page, `cart-nojs-${store}-${viewport}-success`);

          // The cart is gone with the order.
          await page.goto(`${origin(store)}/cart`);
          await expect.poll(() => page.getByTestId("cart-empty").getByText(t.empty, { exact: true }).isVisible()).toBe(true);
        } finally {
          await context.close();
        }
      });

      it("removes a line with the cart page's form", async () => {
        const found = await findProduct(api, store, JOURNEYS[`${store}-${viewport}`] + 4, { notFirstColour: true, price: [30, 70] });
        const { context, page } = await shopper(viewport);
        try {
          await page.goto(`${origin(store)}/p/${found.product.url_key}`);
          await addToCart(page, store, found);
          await page
            .getByRole("banner")
            .getByRole("link", { name: t.cart(0), exact: true })
            .click();
          await page.waitForURL((url) => url.pathname === "/cart");
          await page
            .getByTestId("cart-item")
            .getByRole("button", { name: t.remove(found.name) })
            .click();
          await page.waitForLoadState();
          await expect.poll(() => page.getByTestId("cart-empty").getByText(t.empty, { exact: true }).isVisible()).toBe(true);
          expect(await page.getByTestId("cart-item").count()).toBe(0);
        } finally {
          await context.close();
        }
      });
    });
  }
}
