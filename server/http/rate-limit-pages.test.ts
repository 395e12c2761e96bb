// The rate limits on the pages' plain forms (docs/decisions/0035), as a browser without
// JavaScript meets them in the real production build: the cart page's code form and the
// product page's "Add to cart" answer 429 with Retry-After and the wait in the store's
// language; a cart cookie guessed too often is refused before the cart is looked up.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryListing, ProductDetails } from "../../lib/catalog-types.ts";
import { availableSizes } from "../../lib/variant-selection.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { cookiesOf, pageRequest, type StoreCode } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop({
    config: {
      RATE_LIMIT_CODES_PER_CART: { max: 2, windowSeconds: 600 },
      RATE_LIMIT_CARTS_PER_ADDRESS: { max: 2, windowSeconds: 3600 },
      RATE_LIMIT_UNKNOWN_CARTS_PER_ADDRESS: { max: 2, windowSeconds: 600 },
      RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL: { max: 1, windowSeconds: 600 },
    },
  });
  pages = await loadBuiltPages();
});
afterAll(() => shop?.close());

let serial = 0;
const newAddress = () => `198.51.100.${++serial}`;

const page = (address: string, store: StoreCode, pathname: string, init?: Parameters<typeof pageRequest>[2]) =>
  pages(pageRequest(store, pathname, init), shop.services, store, address);

async function api<T>(store: StoreCode, pathname: string): Promise<T> {
  return (await shop.request(pathname, { store })).json() as Promise<T>;
}

/** A configurable product in stock with a size in stock, and the form fields that choose it. */
async function findProduct(store: StoreCode) {
  const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
  const { menu } = await api<{ menu: { url_path: string }[] }>(store, `/api/core/topmenu/${config.storeConfig.root_category_uid}`);
  const listing = await api<CategoryListing>(
    store,
    `/api/catalog/category?path=${encodeURIComponent(menu[0]?.url_path ?? "")}&pageSize=100`,
  );
  for (const item of listing.items) {
    if (item.__typename !== "ConfigurableProduct" || item.stock_status !== "IN_STOCK") continue;
    const { product } = await api<{ product: ProductDetails }>(store, `/api/catalog/productdetails/${item.url_key}`);
    for (const color of product.configurable_options.find((o) => o.attribute_code === "color")?.values ?? []) {
      const size = availableSizes(product, color.uid)[0];
      if (size) return { product, form: { color: color.uid, size } };
    }
  }
  throw new Error("no such product in the demo data");
}

function expectWait(response: Response, windowSeconds: number): number {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers.get("retry-after"));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  return seconds;
}

describe("rate limits on the pages' forms", () => {
  it("refuses the third code on one cart with the wait in Finnish, and the cart stays", async () => {
    const address = newAddress();
    const { product, form } = await findProduct("fi");
    const cookie = cookiesOf(await page(address, "fi", `/p/${product.url_key}`, { form }));
    expect(cookie).toContain("cart_id=");
    for (const code of ["NOPE-1", "NOPE-2"]) {
      expect((await page(address, "fi", "/cart", { form: { intent: "coupon", code }, cookie })).status).toBe(404);
    }
    const refused = await page(address, "fi", "/cart", { form: { intent: "gift_card", code: "NOPE-3" }, cookie });
    const seconds = expectWait(refused, 600);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(await refused.text()).toContain(`Liian monta yritystä. Yritä uudelleen ${seconds} sekunnin kuluttua.`);
    expect((await page(address, "fi", "/cart", { cookie })).status).toBe(200);
  });

  it("refuses a third new cart from one address on the product page, in English", async () => {
    const address = newAddress();
    const { product, form } = await findProduct("en");
    for (let i = 0; i < 2; i++) expect((await page(address, "en", `/p/${product.url_key}`, { form })).status).toBe(302);
    const refused = await page(address, "en", `/p/${product.url_key}`, { form });
    const seconds = expectWait(refused, 3600);
    expect(refusedCookies(refused)).not.toContain("cart_id=");
    // The page formats the number as the store does (1,058).
    expect(await refused.text()).toContain(`Too many attempts. Please try again in ${seconds.toLocaleString("en")} seconds.`);
    // Another shopper still gets a cart.
    expect((await page(newAddress(), "en", `/p/${product.url_key}`, { form })).status).toBe(302);
  });

  it("refuses a second reset link for one email within the window, in Finnish", async () => {
    const email = `rajoitus.${randomBytes(3).toString("hex")}@example.com`;
    expect((await page(newAddress(), "fi", "/account/forgot-password", { form: { email } })).status).toBe(200);
    const refused = await page(newAddress(), "fi", "/account/forgot-password", { form: { email } });
    const seconds = expectWait(refused, 600);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(await refused.text()).toContain(`Liian monta yritystä. Yritä uudelleen ${seconds} sekunnin kuluttua.`);
  });

  it("refuses the cart page to an address whose cart cookies keep naming no cart", async () => {
    const address = newAddress();
    const guess = () => `cart_id=${randomBytes(32).toString("base64url")}`;
    for (let i = 0; i < 2; i++) expect((await page(address, "en", "/cart", { cookie: guess() })).status).toBe(200);
    const refused = await page(address, "en", "/cart", { cookie: guess() });
    const seconds = expectWait(refused, 600);
    expect(await refused.text()).toContain(`Too many attempts. Please try again in ${seconds} seconds.`);
    expectWait(await page(address, "en", "/cart", { form: { intent: "coupon", code: "X" }, cookie: guess() }), 600);
  });
});

const refusedCookies = (response: Response) => response.headers.getSetCookie().join("; ");
