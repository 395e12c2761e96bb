// The cart's plain forms, posted as a browser without JavaScript posts them, to the real
// production build rendered in-process over a test database: "Add to cart" on a product page
// makes the guest cart and its cookies and answers with a private confirmation (the shared
// guest page stays as it was); the cart page is the cookie's cart, private; bad input is a
// 400 that changes nothing; refusals are worded in the store's language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../lib/cart-types.ts";
import type { CategoryListing, ProductDetails } from "../../lib/catalog-types.ts";
import { availableSizes } from "../../lib/variant-selection.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { cookiesOf, pageRequest, type StoreCode } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { GUEST } from "../identity.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";

let shop: TestShop;
let cache: PageCache;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop();
  cache = createPageCache({ maxEntries: 100, ttlSeconds: 60 });
  pages = await loadBuiltPages({ cache });
});
afterAll(() => shop?.close());

const page = (store: StoreCode, pathname: string, init?: Parameters<typeof pageRequest>[2]) =>
  pages(pageRequest(store, pathname, init), shop.services, store);

async function api<T>(store: StoreCode, pathname: string): Promise<T> {
  return (await shop.request(pathname, { store })).json() as Promise<T>;
}

/** A configurable product in stock with a colour that has two sizes in stock, plenty of the second. */
async function findProduct(store: StoreCode) {
  const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
  const { menu } = await api<{ menu: { url_path: string }[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
  const top = menu[0]?.url_path ?? "";
  const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${encodeURIComponent(top)}&pageSize=100`);
  for (const item of listing.items) {
    if (item.__typename !== "ConfigurableProduct" || item.stock_status !== "IN_STOCK") continue;
    const { product } = await api<{ product: ProductDetails }>(store, `/api/catalog/productdetails/${item.url_key}`);
    for (const color of product.configurable_options.find((o) => o.attribute_code === "color")?.values ?? []) {
      const size = availableSizes(product, color.uid)[1];
      // Plenty of it: only_x_left_in_stock is null unless just a few are left.
      const plenty = product.variants.some(
        (v) =>
          v.attributes.some((a) => a.uid === color.uid) &&
          v.attributes.some((a) => a.uid === size) &&
          v.product.only_x_left_in_stock === null,
      );
      if (size && plenty) return { product, color: color.uid, size };
    }
  }
  throw new Error("no such product in the demo data");
}

async function cartOf(store: StoreCode, cookie: string): Promise<Cart> {
  const id = /cart_id=([^;]+)/.exec(cookie)?.[1] ?? "";
  const found = await shop.services.catalog.store(store);
  if (!found) throw new Error(`no store ${store}`);
  return shop.services.cart.getCart(found, id, GUEST);
}

describe("Add to cart without JavaScript", () => {
  it("refuses a choice without a size with the reason and the colour kept, and makes no cart", async () => {
    const { product, color } = await findProduct("en");
    const response = await page("en", `/p/${product.url_key}`, { form: { color } });
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.getSetCookie()).toEqual([]);
    const html = await response.text();
    expect(html).toContain("Please choose all options for product");
    expect(html).toMatch(new RegExp(`value="${color}"[^>]*checked|checked[^>]*value="${color}"`));
  });

  it("makes the guest cart and its cookies, and comes back to the product with a confirmation only this shopper sees", async () => {
    const { product, color, size } = await findProduct("fi");
    const added = await page("fi", `/p/${product.url_key}`, { form: { color, size } });
    expect(added.status).toBe(302);
    const location = new URL(added.headers.get("location") ?? "", "http://fi.localhost");
    expect(location.pathname).toBe(`/p/${product.url_key}`);
    expect(location.searchParams.get("added")).toBe("1");
    expect(location.searchParams.get("selectedConfigurations")).toContain(color);
    const cookie = cookiesOf(added);
    expect(cookie).toMatch(/cart_id=[^;]+; cart_qty=1/);
    expect(added.headers.getSetCookie().find((c) => c.startsWith("cart_id="))).toMatch(/HttpOnly/);
    const cart = await cartOf("fi", cookie);
    expect(cart.items.map((i) => i.configurable_options.map((o) => o.value_uid))).toEqual([[color, size]]);

    cache.clear();
    const confirmation = await page("fi", `${location.pathname}${location.search}`, { cookie });
    expect(confirmation.status).toBe(200);
    expect(confirmation.headers.get("cache-control")).toBe("private, no-store");
    expect(await confirmation.text()).toContain("Tuote lisättiin ostoskoriisi.");
    expect(cache.size).toBe(0);
    // Every other guest gets the shared page, without it.
    const shared = await page("fi", `/p/${product.url_key}`);
    expect(shared.headers.get("cache-control")).toMatch(/s-maxage/);
    expect(await shared.text()).not.toContain("Tuote lisättiin ostoskoriisi.");
    expect(cache.size).toBe(1);

    // A second add goes to the same cart.
    const again = await page("fi", `/p/${product.url_key}`, { form: { color, size }, cookie });
    expect(again.status).toBe(302);
    expect(cookiesOf(again)).toContain("cart_qty=2");
    expect((await cartOf("fi", cookie)).total_quantity).toBe(2);
  });
});

describe("the cart page without JavaScript", () => {
  async function guestWithCart(store: StoreCode) {
    const { product, color, size } = await findProduct(store);
    const added = await page(store, `/p/${product.url_key}`, { form: { color, size } });
    const cookie = cookiesOf(added);
    const cart = await cartOf(store, cookie);
    return { product, cookie, item: String(cart.items[0]?.id) };
  }

  it("is the cookie's cart, private and never cached", async () => {
    const { product, cookie } = await guestWithCart("en");
    cache.clear();
    const response = await page("en", "/cart", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toContain(`href="/p/${product.url_key}"`);
    expect(cache.size).toBe(0);
    const empty = await page("en", "/cart");
    expect(await empty.text()).toContain("Your cart is empty.");
  });

  it("changes the quantity by a step or a typed number; 0 is a 400 that changes nothing", async () => {
    const { cookie, item } = await guestWithCart("en");
    const more = await page("en", "/cart", { form: { intent: "quantity", item, quantity: "1", step: "1" }, cookie });
    expect(more.status).toBe(302);
    expect(more.headers.get("location")).toBe("/cart");
    expect(cookiesOf(more)).toContain("cart_qty=2");
    const typed = await page("en", "/cart", { form: { intent: "quantity", item, quantity: "3" }, cookie });
    expect(typed.status).toBe(302);
    expect((await cartOf("en", cookie)).total_quantity).toBe(3);

    const zero = await page("en", "/cart", { form: { intent: "quantity", item, quantity: "0" }, cookie });
    expect(zero.status).toBe(400);
    expect(await zero.text()).toContain("Unfortunately the requested quantity is not available");
    expect((await cartOf("en", cookie)).total_quantity).toBe(3);
    const unknown = await page("en", "/cart", { form: { intent: "price", item, quantity: "1" }, cookie });
    expect(unknown.status).toBe(400);
    expect((await cartOf("en", cookie)).total_quantity).toBe(3);
  });

  it("refuses a form from a page another window has made stale (409) and shows the cart as it now is, with the notice", async () => {
    const { cookie, item } = await guestWithCart("fi");
    const other = await page("fi", "/cart", { form: { intent: "quantity", item, quantity: "2", version: "1" }, cookie });
    expect(other.status).toBe(302);
    const stale = await page("fi", "/cart", { form: { intent: "quantity", item, quantity: "1", step: "1", version: "1" }, cookie });
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(html).toContain("Ostoskoria muutettiin toisessa ikkunassa");
    // The fresh line: quantity 2 and the version its next form sends.
    expect(html).toMatch(/name="quantity" value="2"/);
    expect(html).toMatch(/name="version" value="2"/);
    const staleRemove = await page("fi", "/cart", { form: { intent: "remove", item, version: "1" }, cookie });
    expect(staleRemove.status).toBe(409);
    expect((await cartOf("fi", cookie)).items.map((i) => i.quantity)).toEqual([2]);
  });

  it("refuses an unknown coupon in the store's language and takes a real one; removes a line", async () => {
    const { cookie, item } = await guestWithCart("fi");
    const refused = await page("fi", "/cart", { form: { intent: "coupon", code: "NOPE-1" }, cookie });
    expect(refused.status).toBe(404);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(await refused.text()).toContain("Alennuskoodi &quot;NOPE-1&quot; ei ole voimassa");
    const applied = await page("fi", "/cart", { form: { intent: "coupon", code: "welcome10" }, cookie });
    expect(applied.status).toBe(302);
    expect((await cartOf("fi", cookie)).applied_coupons.map((c) => c.code)).toEqual(["WELCOME10"]);
    const removed = await page("fi", "/cart", { form: { intent: "remove", item }, cookie });
    expect(removed.status).toBe(302);
    expect(cookiesOf(removed)).toContain("cart_qty=0");
    expect((await cartOf("fi", cookie)).items).toEqual([]);
  });
});
