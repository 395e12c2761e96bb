// A shopper fills and empties the cart (issue: mini cart and cart), in both stores, on a
// phone and on a desktop: the product page asks for the missing size, adds the product and
// the badge counts it (the desktop mini cart opens with the line and the total); on the cart
// page the stepper's change is applied after the pause and the total follows, an unknown
// discount code is refused with the server's reason, WELCOME10 takes 10 % off, and removing
// the line leaves the empty cart with its way back to the shop. axe-core checks the cart
// page and the open mini cart.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { amount, configurableProducts, euros, findProduct, type Store, testShop, text } from "../helpers/e2e-shop.ts";
import { chooseRadio, expectNoAxeViolations, launchBrowser, snapshot, VIEWPORTS, waitForHydration } from "../helpers/browser.ts";

const port = inject("shopPort");
const { origin, api } = testShop(port);

const TEXT = {
  en: {
    add: "Add to cart",
    allOptions: "Please choose all options for product",
    cart: (count: number) => (count === 0 ? "Cart" : count === 1 ? "Cart, 1 item" : `Cart, ${count} items`),
    miniTitle: "Shopping cart",
    miniEmpty: "Your cart is empty.",
    toCart: "Go to cart",
    toCheckout: "Checkout",
    title: "Shopping cart",
    more: (name: string) => `More: ${name}`,
    coupon: "Discount code",
    apply: "Apply",
    unknownCode: (code: string) => `The coupon code "${code}" is not valid`,
    remove: (name: string) => `Remove: ${name}`,
    empty: "Your cart is empty.",
    continue: "Continue shopping",
    notifications: "Notifications",
    added: "Added to your cart",
    quantity: (name: string) => `Quantity: ${name}`,
    onlyLeft: (count: number) => `Only ${count} left in stock`,
    changedElsewhere: /^The cart changed in another window\./,
  },
  fi: {
    add: "Lisää ostoskoriin",
    allOptions: "Valitse kaikki tuotteen vaihtoehdot",
    cart: (count: number) => (count === 0 ? "Ostoskori" : count === 1 ? "Ostoskori, 1 tuote" : `Ostoskori, ${count} tuotetta`),
    miniTitle: "Ostoskori",
    miniEmpty: "Ostoskorisi on tyhjä.",
    toCart: "Siirry ostoskoriin",
    toCheckout: "Kassalle",
    title: "Ostoskori",
    more: (name: string) => `Enemmän: ${name}`,
    coupon: "Alennuskoodi",
    apply: "Käytä",
    unknownCode: (code: string) => `Alennuskoodi "${code}" ei ole voimassa`,
    remove: (name: string) => `Poista: ${name}`,
    empty: "Ostoskorisi on tyhjä.",
    continue: "Jatka ostoksia",
    notifications: "Ilmoitukset",
    added: "Lisätty ostoskoriin",
    quantity: (name: string) => `Määrä: ${name}`,
    onlyLeft: (count: number) => `Varastossa vain ${count} kpl`,
    changedElsewhere: /^Ostoskoria muutettiin toisessa ikkunassa\./,
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type CartPage = Page & { errors: string[]; cartRequests: string[] };

async function open(store: Store, viewport: keyof typeof VIEWPORTS, path: string): Promise<CartPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page = (await context.newPage()) as CartPage;
  page.errors = [];
  page.cartRequests = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  page.on("console", (m) => {
    // A refused code or quantity is an answer the page shows, not an error of the page.
    if (m.type() === "error" && !/Failed to load resource.*\b(400|404|409)\b/.test(m.text())) page.errors.push(m.text());
  });
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/cart")) page.cartRequests.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto(`${origin(store)}${path}`);
  await waitForHydration(page);
  return page;
}

const JOURNEYS = { "en-mobile": 0, "en-desktop": 1, "fi-mobile": 2, "fi-desktop": 3 } as const;

for (const store of ["en", "fi"] as const) {
  const t = TEXT[store];
  for (const viewport of ["mobile", "desktop"] as const) {
    describe(`${store} store, ${viewport}`, () => {
      it("adds a configured product, changes the quantity, applies a discount code and empties the cart", async () => {
        const found = await findProduct(api, store, JOURNEYS[`${store}-${viewport}`]);
        const page = await open(store, viewport, `/p/${found.product.url_key}`);
        const banner = page.getByRole("banner");
        // The bag: a link to the cart on a phone, the mini cart's button on a desktop.
        const bag = (count: number) =>
          viewport === "mobile"
            ? banner.getByRole("link", { name: t.cart(count), exact: true })
            : banner.getByRole("button", { name: t.cart(count), exact: true });
        const badge = page.getByTestId(viewport === "mobile" ? "minicart-link" : "minicart-button").locator("[data-cart-count]");
        const miniCart = page.getByTestId("minicart");
        // The desktop's button comes with the render that follows hydration (useHydrated), a moment after the marker.
        await expect.poll(() => bag(0).isVisible()).toBe(true);

        // Colour only: the size is missing (spec §8).
        await chooseRadio(page, found.color);
        await page.getByRole("button", { name: t.add }).click();
        await expect.poll(() => page.getByRole("alert").filter({ hasText: t.allOptions }).isVisible()).toBe(true);
        expect(page.cartRequests).toEqual([]);

        // With the size the product goes to the cart; the badge counts it.
        await chooseRadio(page, found.size);
        await expect.poll(() => page.getByRole("alert").filter({ hasText: t.allOptions }).count()).toBe(0);
        await page.getByRole("button", { name: t.add }).click();
        await expect.poll(() => badge.getAttribute("data-cart-count")).toBe("1");
        expect(await bag(1).isVisible()).toBe(true);
        // The "added" toast hides neither the header nor its badge, nor the mini cart on a desktop.
        const toast = page.getByRole("region", { name: t.notifications }).getByText(t.added, { exact: true });
        await expect.poll(() => toast.isVisible()).toBe(true);
        await snapshot(page, `cart-${store}-${viewport}-toast`);
        const [toastBox, headerBox] = [await toast.boundingBox(), await banner.boundingBox()];
        expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
        if (viewport === "desktop") {
          await expect.poll(() => miniCart.isVisible()).toBe(true);
          const card = await miniCart.boundingBox();
          expect(card && toastBox && (toastBox.y >= card.y + card.height || toastBox.x >= card.x + card.width)).toBe(true);
        }

        if (viewport === "desktop") {
          // The mini cart opens by itself with the line and the grand total.
          await expect.poll(() => miniCart.isVisible()).toBe(true);
          await expect.poll(() => miniCart.getByRole("link", { name: found.name, exact: true }).isVisible()).toBe(true);
          expect(await text(miniCart)).toContain(`${found.color} · ${found.size}`);
          expect(await text(page.getByTestId("minicart-total"))).toContain(euros(found.price));
          expect(await miniCart.getByRole("link", { name: t.toCheckout, exact: true }).isVisible()).toBe(true);
          await snapshot(page, `cart-${store}-desktop-minicart`);
          await expectNoAxeViolations(page);
          // Escape closes it; the button opens it again; a click outside closes it.
          await page.keyboard.press("Escape");
          await expect.poll(() => miniCart.isVisible()).toBe(false);
          await bag(1).click();
          await expect.poll(() => miniCart.isVisible()).toBe(true);
          // A click on the page margin, away from the gallery (which opens full screen).
          await page.mouse.click(5, VIEWPORTS.desktop.height - 5);
          await expect.poll(() => miniCart.isVisible()).toBe(false);
          await bag(1).click();
          await miniCart.getByRole("link", { name: t.toCart, exact: true }).click();
        } else {
          // On a phone the card stays closed: the bag is the way to the cart.
          await snapshot(page, `cart-${store}-mobile-added`);
          expect(await miniCart.isVisible()).toBe(false);
          await bag(1).click();
        }

        // The cart page.
        await page.waitForURL((url) => url.pathname === "/cart");
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(t.title);
        const total = page.getByTestId("cart-grand-total");
        await expect.poll(() => text(total)).toBe(euros(found.price));
        const line = page.getByTestId("cart-item");
        expect(await line.getByRole("link", { name: found.name, exact: true }).getAttribute("href")).toBe(`/p/${found.product.url_key}`);
        expect(await text(line)).toContain(found.size);

        // The stepper: the change is sent after the pause, meanwhile the prices say they are being worked out.
        await line.getByRole("button", { name: t.more(found.name) }).click();
        await expect.poll(() => page.getByTestId("cart-totals").getAttribute("aria-busy")).toBe("true");
        await expect.poll(() => text(total)).toBe(euros(found.price * 2));
        await expect.poll(() => page.getByTestId("cart-totals").getAttribute("aria-busy")).toBe("false");
        expect(await text(line.getByTestId("cart-item-price"))).toBe(euros(found.price * 2));
        await expect.poll(() => badge.getAttribute("data-cart-count")).toBe("2");

        // An unknown code is refused with the server's reason; WELCOME10 takes 10 % off.
        const coupon = page.getByTestId("cart-coupon");
        await page.getByLabel(t.coupon, { exact: true }).fill("NOPE-123");
        await coupon.getByRole("button", { name: t.apply }).click();
        await expect.poll(() => coupon.getByRole("alert").textContent()).toBe(t.unknownCode("NOPE-123"));
        expect(await text(total)).toBe(euros(found.price * 2));
        await page.getByLabel(t.coupon, { exact: true }).fill("welcome10");
        await coupon.getByRole("button", { name: t.apply }).click();
        const discount = page.getByTestId("cart-discount");
        await expect.poll(() => discount.count()).toBe(1);
        expect(await text(discount)).toContain("WELCOME10");
        const off = amount(await text(discount.locator("dd")));
        expect(off).toBeCloseTo(found.price * 2 * 0.1, 2);
        await expect.poll(async () => amount(await text(total))).toBeCloseTo(found.price * 2 - off, 2);
        expect(await coupon.getByRole("alert").count()).toBe(0);
        expect(await text(coupon)).toContain("WELCOME10");

        await snapshot(page, `cart-${store}-${viewport}-cart`);
        await page.getByTestId("cart-summary").screenshot({ path: `test-results/screens/cart-${store}-${viewport}-summary.png` });
        await expectNoAxeViolations(page);

        // Removing the line leaves the empty cart, and the badge shows nothing.
        await line.getByRole("button", { name: t.remove(found.name) }).click();
        await expect.poll(() => page.getByTestId("cart-empty").getByText(t.empty, { exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole("link", { name: t.continue, exact: true }).getAttribute("href")).toBe("/");
        await expect.poll(() => badge.getAttribute("data-cart-count")).toBe("0");
        expect(await bag(0).isVisible()).toBe(true);
        await snapshot(page, `cart-${store}-${viewport}-empty`);
        await expectNoAxeViolations(page);
        expect(page.errors).toEqual([]);
        await page.context().close();
      });

      if (viewport === "desktop") {
        it("lets the keyboard alone reach the mini cart an add to cart opens, and Escape gives the focus back", async () => {
          const found = await findProduct(api, store, JOURNEYS[`${store}-${viewport}`] + 4);
          const colors = found.product.configurable_options.find((o) => o.attribute_code === "color");
          const sizes = found.product.configurable_options.find((o) => o.attribute_code === "size");
          const colorUid = colors?.values.find((v) => v.label === found.color)?.uid;
          const sizeUid = sizes?.values.find((v) => v.label === found.size)?.uid;
          // The shared link of the chosen colour and size (the page keeps the choice in the URL).
          const choice = `${colors?.uid}:${colorUid},${sizes?.uid}:${sizeUid}`;
          const page = await open(store, viewport, `/p/${found.product.url_key}?selectedConfigurations=${encodeURIComponent(choice)}`);
          const miniCart = page.getByTestId("minicart");
          const focused = () => page.evaluate(() => (document.activeElement?.textContent ?? "").replace(/\s+/g, " ").trim());
          // Tab to the add-to-cart button, as a keyboard user would.
          for (let i = 0; i < 80 && (await focused()) !== t.add; i++) await page.keyboard.press("Tab");
          expect(await focused()).toBe(t.add);
          await page.keyboard.press("Enter");
          // The card opens and takes the focus: its heading, which names the dialog.
          await expect.poll(() => miniCart.isVisible()).toBe(true);
          expect(await page.getByRole("dialog", { name: t.miniTitle }).isVisible()).toBe(true);
          await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
          await expect.poll(() => miniCart.getByRole("link", { name: found.name, exact: true }).isVisible()).toBe(true);
          // Tab and Shift+Tab move within it; the card stays open.
          await page.keyboard.press("Tab");
          expect(await focused()).toBe(found.name);
          expect(await miniCart.isVisible()).toBe(true);
          await page.keyboard.press("Tab");
          expect(await focused()).toBe(t.toCart);
          await page.keyboard.press("Shift+Tab");
          expect(await focused()).toBe(found.name);
          expect(await miniCart.isVisible()).toBe(true);
          await snapshot(page, `cart-${store}-desktop-minicart-keyboard`);
          await expectNoAxeViolations(page);
          // Escape closes it and the focus is back on the button that opened it.
          await page.keyboard.press("Escape");
          await expect.poll(() => miniCart.isVisible()).toBe(false);
          expect(await focused()).toBe(t.add);
          // Enter adds once more and the card opens again; its link leads to the cart.
          await page.keyboard.press("Enter");
          await expect.poll(() => miniCart.isVisible()).toBe(true);
          await page.keyboard.press("Tab");
          await page.keyboard.press("Tab");
          expect(await focused()).toBe(t.toCart);
          // On to checkout by keyboard: the checkout page's heading has the focus, not the page's body.
          await page.keyboard.press("Tab");
          expect(await focused()).toBe(t.toCheckout);
          await page.keyboard.press("Enter");
          await page.waitForURL((url) => url.pathname === "/checkout");
          await expect
            .poll(() => page.evaluate(() => (document.activeElement?.closest("main") ? document.activeElement.tagName : "outside main")))
            .toMatch(/^H[12]$/);
          expect(page.errors).toEqual([]);
          await page.context().close();
        });

        it("shows a guest without a cart the empty mini cart without asking the server", async () => {
          const page = await open(store, viewport, "/");
          const miniCart = page.getByTestId("minicart");
          await page
            .getByRole("banner")
            .getByRole("button", { name: t.cart(0), exact: true })
            .click();
          await expect.poll(() => miniCart.getByText(t.miniEmpty, { exact: true }).isVisible()).toBe(true);
          expect(await miniCart.getByRole("heading", { name: t.miniTitle }).isVisible()).toBe(true);
          expect(await miniCart.getByRole("link", { name: t.toCart, exact: true }).isVisible()).toBe(true);
          expect(await miniCart.getByRole("link", { name: t.toCheckout, exact: true }).count()).toBe(0);
          await snapshot(page, `cart-${store}-desktop-minicart-empty`);
          await expectNoAxeViolations(page);
          // The global open-minicart event opens it too.
          await page.keyboard.press("Escape");
          await expect.poll(() => miniCart.isVisible()).toBe(false);
          await page.evaluate(() => window.dispatchEvent(new Event("open-minicart")));
          await expect.poll(() => miniCart.isVisible()).toBe(true);
          expect(page.cartRequests).toEqual([]);
          expect(page.errors).toEqual([]);
          await page.context().close();
        });
      }
    });
  }
}

/** A guest cart made through the API with one line; the browser context gets its cookies. */
async function seededCart(store: Store, item: { sku: string; options: string[] }, quantity: number) {
  const headers = { Store: store, "content-type": "application/json" };
  const made = await fetch(`http://127.0.0.1:${port}/api/cart/createEmptyCart`, { method: "POST", headers });
  const { cart_id } = (await made.json()) as { cart_id: string };
  const added = await fetch(`http://127.0.0.1:${port}/api/cart/`, {
    method: "POST",
    headers: { ...headers, cart: cart_id },
    body: JSON.stringify({ product: { sku: item.sku, quantity, selected_options: item.options } }),
  });
  if (!added.ok) throw new Error(`add to cart: ${added.status}`);
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  await context.addCookies([
    { name: "cart_id", value: cart_id, url: origin(store), httpOnly: true, sameSite: "Lax" },
    { name: "cart_qty", value: String(quantity), url: origin(store), sameSite: "Lax" },
  ]);
  return context;
}

describe("the cart page knows the stock and other windows", () => {
  it("stops the stepper at the stock it knows and says why (both stores)", async () => {
    for (const store of ["en", "fi"] as const) {
      const t = TEXT[store];
      const few = await fewLeft(store, store === "fi" ? 1 : 0);
      const context = await seededCart(store, few, 1);
      const page = (await context.newPage()) as CartPage;
      page.errors = [];
      page.on("pageerror", (e) => page.errors.push(e.message));
      await page.goto(`${origin(store)}/cart`);
      await waitForHydration(page);
      const line = page.getByTestId("cart-item");
      const more = line.getByRole("button", { name: t.more(few.name) });
      const quantity = line.getByRole("textbox", { name: t.quantity(few.name) });
      expect(await line.getByTestId("cart-item-limit").isVisible()).toBe(false);
      // Up to the stock: then + says it can go no further, and why.
      for (let i = 1; i < few.left; i++) await more.click();
      await expect.poll(() => quantity.inputValue()).toBe(String(few.left));
      expect(await more.getAttribute("aria-disabled")).toBe("true");
      await expect.poll(() => text(line.getByTestId("cart-item-limit"))).toBe(t.onlyLeft(few.left));
      // Pressed once more all the same, it stays at the stock.
      await more.click({ force: true });
      expect(await quantity.inputValue()).toBe(String(few.left));
      // The change reaches the server after the pause and stays (no refusal, no reset).
      await expect.poll(() => text(page.getByTestId("cart-grand-total"))).toBe(euros(few.price * few.left));
      expect(await quantity.inputValue()).toBe(String(few.left));
      // A typed number over the stock becomes the most there is.
      await quantity.fill("9");
      expect(await quantity.inputValue()).toBe(String(few.left));
      await expect.poll(() => page.getByTestId("cart-totals").getAttribute("aria-busy")).toBe("false");
      await snapshot(page, `cart-${store}-desktop-stock-limit`);
      await expectNoAxeViolations(page);
      expect(page.errors).toEqual([]);
      await context.close();
    }
  });

  it("refuses a change from a window that shows an older cart, and shows the fresh cart with the reason", async () => {
    const store = "fi";
    const t = TEXT[store];
    const found = await findProduct(api, store, 9);
    const colors = found.product.configurable_options.find((o) => o.attribute_code === "color");
    const sizes = found.product.configurable_options.find((o) => o.attribute_code === "size");
    const options = [
      colors?.values.find((v) => v.label === found.color)?.uid ?? "",
      sizes?.values.find((v) => v.label === found.size)?.uid ?? "",
    ];
    const context = await seededCart(store, { sku: found.product.sku, options }, 1);
    const open = async () => {
      const page = await context.newPage();
      await page.goto(`${origin(store)}/cart`);
      await waitForHydration(page);
      return page;
    };
    const [first, second] = [await open(), await open()];
    const total = (page: Page) => text(page.getByTestId("cart-grand-total"));
    const more = (page: Page) => page.getByTestId("cart-item").getByRole("button", { name: t.more(found.name) });
    const quantity = (page: Page) => page.getByTestId("cart-item").getByRole("textbox", { name: t.quantity(found.name) });

    // The first window makes it 3.
    await more(first).click();
    await more(first).click();
    await expect.poll(() => total(first)).toBe(euros(found.price * 3));
    // The second still shows 1: its + is refused, and it shows the cart as it now is, with the reason.
    expect(await quantity(second).inputValue()).toBe("1");
    await more(second).click();
    const notice = second.getByTestId("cart-notice");
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await text(notice)).toMatch(t.changedElsewhere);
    await expect.poll(() => quantity(second).inputValue()).toBe("3");
    await expect.poll(() => total(second)).toBe(euros(found.price * 3));
    await snapshot(second, "cart-fi-desktop-changed-elsewhere");
    await expectNoAxeViolations(second);
    // Now up to date, its next change goes through and the notice goes.
    await more(second).click();
    await expect.poll(() => total(second)).toBe(euros(found.price * 4));
    await expect.poll(() => notice.count()).toBe(0);
    await context.close();
  });
});

/** A configurable product's variant with only a few left (2 or 3, as the product page says), the skip-th found. */
async function fewLeft(store: Store, skip: number) {
  let seen = 0;
  for await (const product of configurableProducts(api, store)) {
    for (const variant of product.variants) {
      const left = variant.product.only_x_left_in_stock;
      if (left === null || left < 2 || seen++ < skip) continue;
      return {
        sku: product.sku,
        name: product.name.split(",")[0]?.trim() ?? product.name,
        options: variant.attributes.map((a) => a.uid),
        left,
        price: variant.product.price_range.minimum_price.final_price.value,
      };
    }
  }
  throw new Error("no variant with a few left in the demo data");
}
