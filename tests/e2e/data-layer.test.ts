// The shopping data layer in the browser (spec §1, decision 0029), in both stores (en on a
// desktop, fi on a phone): a shopper sees a category (view_item_list), opens a product from it
// (select_item), adds three products (add_to_cart each), opens the cart (view_cart), applies
// WELCOME10 and removes one (remove_from_cart), goes to the checkout (begin_checkout) and pays
// for the other two (purchase). Every event comes exactly once, each preceded by
// `{ ecommerce: null }`, with values worked out here from the catalogue API's prices. A
// recorder (an init script) keeps what was pushed across page loads in the tab's storage.
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CategoryListing, ProductDetails } from "../../lib/catalog-types.ts";
import { CONSENT_MODE_DEFAULT } from "../../lib/consent-mode.ts";
import { chooseRadio, launchBrowser, VIEWPORTS, waitForHydration, withConsent, withRegistrationPopupClosed } from "../helpers/browser.ts";
import { confirmedCustomer } from "../helpers/customers.ts";
import { fillShippingAddress, plentifulSize, type Store, testShop } from "../helpers/e2e-shop.ts";

const port = inject("shopPort");
const mailDir = path.join(inject("shopDataDir"), "mail");
const { origin, api } = testShop(port);

const TEXT = {
  en: {
    add: "Add to cart",
    toCheckout: "Go to checkout",
    coupon: "Discount code",
    apply: "Apply",
    remove: (name: string) => `Remove: ${name}`,
    continue: "Continue to payment",
    card: /^Card payment/,
    place: "Place order",
    approve: "Approve payment",
    decline: "Decline payment",
  },
  fi: {
    add: "Lisää ostoskoriin",
    toCheckout: "Siirry kassalle",
    coupon: "Alennuskoodi",
    apply: "Käytä",
    remove: (name: string) => `Poista: ${name}`,
    continue: "Jatka maksamaan",
    card: /^Korttimaksu/,
    place: "Tee tilaus",
    approve: "Hyväksy maksu",
    decline: "Hylkää maksu",
  },
} as const;

interface Item {
  item_id: string;
  item_name: string;
  item_variant?: string;
  price: number;
  quantity: number;
  index?: number;
  item_list_id?: string;
  item_list_name?: string;
  discount?: number;
}
interface Entry {
  event?: string;
  ecommerce?: { items: Item[]; value?: number; currency?: string; [key: string]: unknown } | null;
}

/** Records every push (gtag's arguments as arrays) into the tab's sessionStorage, surviving page loads. */
const RECORDER = `(() => {
  const layer = [];
  const own = layer.push.bind(layer);
  layer.push = (...entries) => {
    const log = JSON.parse(sessionStorage.getItem("__pushed") || "[]");
    for (const e of entries) log.push(Object.prototype.toString.call(e) === "[object Arguments]" ? Array.from(e) : e);
    sessionStorage.setItem("__pushed", JSON.stringify(log));
    return own(...entries);
  };
  window.dataLayer = layer;
})();`;

const pushed = async (page: Page) => JSON.parse((await page.evaluate(() => sessionStorage.getItem("__pushed"))) ?? "[]") as unknown[];
const events = async (page: Page, name: string) => ((await pushed(page)) as Entry[]).filter((e) => e?.event === name);
const cents = (n: number) => Math.round(n * 100);

interface Pick {
  product: ProductDetails;
  name: string;
  color: string;
  size: string;
  price: number;
  regular: number;
}

/** In-stock configurable products with a colour that has two sizes with plenty left; `skip` earlier ones. */
async function pickable(store: Store, listing: CategoryListing, count: number, skip: number): Promise<Pick[]> {
  const found: Pick[] = [];
  let seen = 0;
  for (const item of listing.items) {
    if (item.__typename !== "ConfigurableProduct" || item.stock_status !== "IN_STOCK") continue;
    const { product } = await api<{ product: ProductDetails }>(store, `/api/catalog/productdetails/${item.url_key}`);
    const colors = product.configurable_options.find((o) => o.attribute_code === "color")?.values ?? [];
    for (const color of colors) {
      const choice = plentifulSize(product, color.uid);
      if (!choice) continue;
      const { variant, size } = choice;
      if (seen++ < skip) break;
      const bound = variant.product.price_range.minimum_price;
      found.push({
        product,
        name: product.name.split(",")[0]?.trim() ?? product.name,
        color: color.label,
        size: size.label,
        price: bound.final_price.value,
        regular: bound.regular_price.value,
      });
      break;
    }
    if (found.length === count) return found;
  }
  throw new Error("not enough products in the category");
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each([
  ["en", "desktop", 0],
  ["fi", "mobile", 3],
] as const)("the data layer in the %s store (%s)", (store: Store, viewport, skip) => {
  const t = TEXT[store];

  it("a journey from a category to a paid order pushes each ecommerce event once, with the right values", async () => {
    const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
    const { menu } = await api<{ menu: { url_path: string }[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
    const path = menu[0]?.url_path ?? "";
    const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${path}`);
    const [a, b, c] = await pickable(store, listing, 3, skip);
    if (!a || !b || !c) throw new Error("three products expected");

    const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS[viewport] }));
    await withConsent(context, origin(store), { analytics: true, marketing: true });
    await context.addInitScript(RECORDER);
    const page = await context.newPage();

    // The category: its list once, every product of the page with its place and lowest price.
    await page.goto(`${origin(store)}/c/${path}`);
    await waitForHydration(page);
    const first = await pushed(page);
    expect(first[0]).toEqual(["consent", "default", CONSENT_MODE_DEFAULT]);
    await expect.poll(async () => (await events(page, "view_item_list")).length).toBe(1);
    const [list] = await events(page, "view_item_list");
    expect(list?.ecommerce?.item_list_id).toBe(listing.category.uid);
    expect(list?.ecommerce?.item_list_name).toBe(listing.category.name);
    expect(list?.ecommerce?.items.map((i) => [i.item_id, i.index, cents(i.price)])).toEqual(
      listing.items.map((p, index) => [p.sku, index, cents(p.price_range.minimum_price.final_price.value)]),
    );

    // Opening a product from it: select_item with the list and its place.
    const indexA = listing.items.findIndex((p) => p.sku === a.product.sku);
    await page.locator("main").getByRole("link", { name: a.name }).first().click();
    await page.waitForURL((url) => url.pathname === `/p/${a.product.url_key}`);
    const selects = await events(page, "select_item");
    expect(selects).toHaveLength(1);
    expect(selects[0]?.ecommerce?.items).toEqual([
      expect.objectContaining({ item_id: a.product.sku, item_name: a.name, index: indexA, item_list_id: listing.category.uid }),
    ]);
    // The product page: view_item once, with the product and its price.
    await expect.poll(async () => (await events(page, "view_item")).length).toBe(1);
    const [viewItem] = await events(page, "view_item");
    expect(viewItem?.ecommerce?.items.map((i) => [i.item_id, i.item_name])).toEqual([[a.product.sku, a.name]]);
    expect(viewItem?.ecommerce?.currency).toBe("EUR");

    // Three products into the cart: one add_to_cart each, the units and the price paid.
    const add = async (p: Pick, navigate: boolean) => {
      if (navigate) await page.goto(`${origin(store)}/p/${p.product.url_key}`);
      await waitForHydration(page);
      await chooseRadio(page, p.color);
      await chooseRadio(page, p.size);
      const before = (await events(page, "add_to_cart")).length;
      await page.getByRole("button", { name: t.add }).click();
      await expect.poll(async () => (await events(page, "add_to_cart")).length).toBe(before + 1);
    };
    await add(a, false);
    await add(b, true);
    await add(c, true);
    const adds = await events(page, "add_to_cart");
    expect(adds.map((e) => e.ecommerce?.items.map((i) => [i.item_id, i.item_name, i.quantity, cents(i.price), i.item_variant]))).toEqual(
      [a, b, c].map((p) => [[p.product.sku, p.name, 1, cents(p.price), `${p.color} / ${p.size}`]]),
    );
    expect(adds.map((e) => [e.ecommerce?.currency, cents(e.ecommerce?.value ?? 0)])).toEqual([a, b, c].map((p) => ["EUR", cents(p.price)]));

    // The cart page: view_cart once, even as the coupon and the removal change it.
    await page.goto(`${origin(store)}/cart`);
    await waitForHydration(page);
    await expect.poll(async () => (await events(page, "view_cart")).length).toBe(1);
    const [viewCart] = await events(page, "view_cart");
    expect(viewCart?.ecommerce?.items.map((i) => i.item_id).sort()).toEqual([a, b, c].map((p) => p.product.sku).sort());
    expect(cents(viewCart?.ecommerce?.value ?? 0)).toBe(cents(a.price) + cents(b.price) + cents(c.price));
    const coupon = page.getByTestId("cart-coupon");
    await page.getByLabel(t.coupon, { exact: true }).fill("WELCOME10");
    await coupon.getByRole("button", { name: t.apply }).click();
    await expect.poll(() => page.getByTestId("cart-totals").textContent()).toContain("WELCOME10");
    await page.getByRole("button", { name: t.remove(c.name) }).click();
    await expect.poll(async () => (await events(page, "remove_from_cart")).length).toBe(1);
    const [removed] = await events(page, "remove_from_cart");
    // With the coupon on, its unit price is 10 % off (a cent of rounding either way).
    const [removedItem] = removed?.ecommerce?.items ?? [];
    expect(removedItem).toMatchObject({ item_id: c.product.sku, quantity: 1 });
    expect(Math.abs(cents(removedItem?.price ?? 0) - Math.round(cents(c.price) * 0.9))).toBeLessThanOrEqual(1);
    expect((await events(page, "view_cart")).length).toBe(1);

    // The checkout: begin_checkout once, with the two lines, the coupon and their worth.
    await page.getByRole("link", { name: t.toCheckout }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    await waitForHydration(page);
    await expect.poll(async () => (await events(page, "begin_checkout")).length).toBe(1);
    const [begin] = await events(page, "begin_checkout");
    const discounted = (p: Pick) => Math.round(cents(p.price) * 0.9);
    expect(begin?.ecommerce?.coupon).toBe("WELCOME10");
    expect(begin?.ecommerce?.items.map((i) => i.item_id).sort()).toEqual([a, b].map((p) => p.product.sku).sort());
    expect(Math.abs(cents(begin?.ecommerce?.value ?? 0) - (discounted(a) + discounted(b)))).toBeLessThanOrEqual(2);

    await fillShippingAddress(page, store, `data-layer-${store}-${Date.now()}@example.com`);
    await page.getByRole("button", { name: t.continue }).click();
    // The shipping step saved: add_shipping_info with its method as the tier.
    await expect.poll(async () => (await events(page, "add_shipping_info")).length).toBe(1);
    const [shipping] = (await events(page, "add_shipping_info")) as unknown as { ecommerce: { shipping_tier: string; items: Item[] } }[];
    expect(shipping?.ecommerce.shipping_tier).toMatch(/^[a-z_]+$/);
    expect(shipping?.ecommerce.items).toHaveLength(2);
    await page.getByRole("radio", { name: t.card }).check();
    await page.getByRole("button", { name: t.place }).click();
    await page.waitForURL(/\/payments\/sandbox\//);
    // A declined payment brings the shopper back to the checkout: no second begin_checkout.
    await page.getByRole("button", { name: t.decline }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    await waitForHydration(page);
    await page.getByRole("radio", { name: t.card }).check();
    await page.getByRole("button", { name: t.place }).click();
    await page.waitForURL(/\/payments\/sandbox\//);
    await page.getByRole("button", { name: t.approve }).click();
    await page.waitForURL(/\/checkout\/success$/);
    await waitForHydration(page);

    // The purchase: once, the order's number, the two items 10 % off, value = items + shipping, tax within.
    await expect.poll(async () => (await events(page, "purchase")).length).toBe(1);
    const [purchase] = await events(page, "purchase");
    const shown = (await page.getByTestId("order-number").textContent()) ?? "";
    const body = purchase?.ecommerce as unknown as {
      transaction_id: string;
      value: number;
      tax: number;
      shipping: number;
      currency: string;
      coupon: string;
      items: Item[];
    };
    expect(shown).toContain(body.transaction_id);
    expect(body.currency).toBe("EUR");
    expect(body.coupon).toBe("WELCOME10");
    const bought = [...body.items].sort((x, y) => x.item_id.localeCompare(y.item_id));
    const expected = [a, b].sort((x, y) => x.product.sku.localeCompare(y.product.sku));
    expect(bought.map((i) => [i.item_id, i.quantity, i.item_variant])).toEqual(
      expected.map((p) => [p.product.sku, 1, `${p.color} / ${p.size}`]),
    );
    bought.forEach((item, i) => {
      const p = expected[i] as Pick;
      expect(Math.abs(cents(item.price) - discounted(p))).toBeLessThanOrEqual(1);
      expect(Math.abs(cents(item.discount ?? 0) - (cents(p.price) - discounted(p)))).toBeLessThanOrEqual(1);
    });
    const itemsWorth = bought.reduce((sum, i) => sum + cents(i.price) * i.quantity, 0);
    expect(Math.abs(cents(body.value) - cents(body.shipping) - itemsWorth)).toBeLessThanOrEqual(2);
    // Finnish VAT 25.5 % on everything sold here, shipping included.
    expect(Math.abs(cents(body.tax) - Math.round(cents(body.value) - cents(body.value) / 1.255))).toBeLessThanOrEqual(3);

    // Each ecommerce event came right after its `{ ecommerce: null }`; none twice for one action.
    const log = (await pushed(page)) as Entry[];
    const names = [
      "view_item_list",
      "select_item",
      "view_item",
      "add_to_cart",
      "remove_from_cart",
      "view_cart",
      "begin_checkout",
      "add_shipping_info",
      "add_payment_info",
      "purchase",
    ];
    log.forEach((entry, i) => {
      if (entry?.event && names.includes(entry.event)) expect(log[i - 1]).toEqual({ ecommerce: null });
    });
    const counts = Object.fromEntries(
      names.map((n) => [
        n,
        log.filter((e) => e?.event === n && (n !== "view_item_list" || e.ecommerce?.item_list_id === listing.category.uid)).length,
      ]),
    );
    expect(counts).toEqual({
      view_item_list: 1,
      select_item: 1,
      view_item: 3,
      add_to_cart: 3,
      remove_from_cart: 1,
      view_cart: 1,
      begin_checkout: 1,
      add_shipping_info: 1,
      add_payment_info: 1,
      purchase: 1,
    });
    await context.close();
  });
});

describe("add_to_wishlist", () => {
  it("a logged-in customer's heart on a category card pushes it once, with its list and place", async () => {
    const store = "en";
    const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
    const { menu } = await api<{ menu: { url_path: string }[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
    const categoryPath = (menu[2] ?? menu[0])?.url_path ?? "";
    const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${categoryPath}`);
    const index = Math.min(2, listing.items.length - 1);
    const product = listing.items[index];
    if (!product) throw new Error("an empty category");
    const { email, password } = await confirmedCustomer(port, mailDir, store, "Aino");

    const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS.desktop }));
    await withConsent(context, origin(store));
    await context.addInitScript(RECORDER);
    const page = await context.newPage();
    await page.goto(`${origin(store)}/account/login`);
    await waitForHydration(page);
    await page.locator("main").getByLabel("Email").fill(email);
    await page.locator("main").getByLabel("Password").fill(password);
    await page.locator("main").getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto(`${origin(store)}/c/${categoryPath}`);
    await waitForHydration(page);
    const name = product.name.split(",")[0]?.trim() ?? product.name;
    const heart = page
      .locator("main")
      .getByRole("button", { name: `Add ${name} to wishlist` })
      .first();
    await heart.click();
    await expect.poll(async () => (await events(page, "add_to_wishlist")).length).toBe(1);
    const [event] = await events(page, "add_to_wishlist");
    expect(event?.ecommerce).toMatchObject({
      currency: "EUR",
      value: product.price_range.minimum_price.final_price.value,
      items: [
        {
          item_id: product.sku,
          item_name: name,
          index,
          item_list_id: listing.category.uid,
          price: product.price_range.minimum_price.final_price.value,
        },
      ],
    });
    await page.waitForTimeout(500);
    expect(await events(page, "add_to_wishlist")).toHaveLength(1);
    await context.close();
  });
});

describe("lists beyond categories", () => {
  it("search results: view_item_list once as 'search_results', select_item from it with its place", async () => {
    const context = await withRegistrationPopupClosed(await browser.newContext({ viewport: VIEWPORTS.mobile }));
    await withConsent(context, origin("fi"));
    await context.addInitScript(RECORDER);
    const page = await context.newPage();
    await page.goto(`${origin("fi")}/searchresults?search=takki`);
    await waitForHydration(page);
    await expect.poll(async () => (await events(page, "view_item_list")).length).toBeGreaterThan(0);
    const lists = (await events(page, "view_item_list")).filter((e) => e.ecommerce?.item_list_id === "search_results");
    expect(lists).toHaveLength(1);
    const items = lists[0]?.ecommerce?.items ?? [];
    expect(items.length).toBeGreaterThan(1);
    expect(items.map((i) => i.index)).toEqual(items.map((_, i) => i));
    const second = items[1] as Item;
    await page.locator("main ul li h3 a").nth(1).click();
    await page.waitForURL((url) => url.pathname.startsWith("/p/"));
    const selects = await events(page, "select_item");
    expect(selects).toHaveLength(1);
    expect(selects[0]?.ecommerce?.items).toEqual([
      expect.objectContaining({ item_id: second.item_id, index: 1, item_list_id: "search_results" }),
    ]);
    await context.close();
  });
});
