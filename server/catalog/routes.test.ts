import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryListing, MenuItem, ProductDetails } from "../../lib/catalog-types.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

async function json<T>(path: string, init?: Parameters<TestShop["request"]>[1]): Promise<{ status: number; body: T }> {
  const response = await shop.request(path, init);
  return { status: response.status, body: (await response.json()) as T };
}

const errorShape = expect.arrayContaining([expect.objectContaining({ message: expect.any(String), code: expect.any(String) })]);

async function menu(store: "en" | "fi" = "en") {
  const config = await json<{ storeConfig: { root_category_uid: string } }>("/api/core/storeconfig", { store });
  return (await json<{ menu: MenuItem[] }>(`/api/core/topmenu/${config.body.storeConfig.root_category_uid}`, { store })).body.menu;
}

async function someListing(store: "en" | "fi" = "en") {
  const top = (await menu(store))[0];
  if (!top) throw new Error("no categories");
  return (await json<CategoryListing>(`/api/catalog/category?path=${encodeURIComponent(top.url_path)}`, { store })).body;
}

describe("store config and menu", () => {
  it("gives each store its own config, currency and countries", async () => {
    const en = await json<{ storeConfig: Record<string, unknown>; currency: Record<string, unknown>; countries: unknown[] }>(
      "/api/core/storeconfig",
    );
    expect(en.status).toBe(200);
    expect(en.body.storeConfig).toMatchObject({
      store_code: "en",
      base_currency_code: "EUR",
      base_currency_symbol: "€",
      enable_login: true,
    });
    expect(en.body.currency).toMatchObject({ base_currency_code: "EUR" });
    expect(en.body.countries.length).toBeGreaterThan(0);
    const fi = await json<{ storeConfig: Record<string, unknown> }>("/api/core/storeconfig", { store: "fi" });
    expect(fi.body.storeConfig.store_code).toBe("fi");
  });

  it("names the customer input's fields as the registration takes them (spec §7 __type.inputFields)", async () => {
    const { body } = await json<{ __type: { inputFields: { name: string }[] } }>("/api/core/storeconfig");
    const names = body.__type.inputFields.map((f) => f.name);
    expect(names).toEqual([
      "firstname",
      "lastname",
      "email",
      "newPassword",
      "confirmPassword",
      "is_subscribed",
      "loyalty_member",
      "captcha",
    ]);
    // Each one is taken: a registration with a field not named there is refused.
    const refused = await shop.request("/api/customer/customer", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstname: "A",
        lastname: "B",
        email: "a@example.com",
        newPassword: "x",
        confirmPassword: "x",
        taxvat: "FI1",
      }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { params?: { rule?: string } }[])[0]?.params?.rule).toBe("unknownKeys");
  });

  it("lets the Store header choose the store, and refuses an unknown one", async () => {
    const viaHeader = await json<{ storeConfig: Record<string, unknown> }>("/api/core/storeconfig", { headers: { Store: "fi" } });
    expect(viaHeader.body.storeConfig.store_code).toBe("fi");
    const unknown = await json("/api/core/storeconfig", { headers: { Store: "xx" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(errorShape);
  });

  it("gives a category tree at least three levels deep, in the store's language", async () => {
    const en = await menu("en");
    const fi = await menu("fi");
    expect(en.length).toBeGreaterThan(2);
    const depth = (items: MenuItem[]): number => (items.length ? 1 + Math.max(...items.map((i) => depth(i.children))) : 0);
    expect(depth(en)).toBeGreaterThanOrEqual(3);
    expect(fi.map((i) => i.uid)).toEqual(en.map((i) => i.uid));
    expect(fi.map((i) => i.name)).not.toEqual(en.map((i) => i.name));
    const count = (items: MenuItem[]): number => items.reduce((n, i) => n + 1 + count(i.children), 0);
    expect(count(en)).toBeGreaterThanOrEqual(30);
  });

  it("answers 404 in the spec's error shape for an unknown root category", async () => {
    const missing = await json("/api/core/topmenu/nope");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorShape);
  });
});

describe("category listing", () => {
  it("pages a category's products, 35 at a time, with aggregations and sort fields", async () => {
    const listing = await someListing();
    expect(listing.items.length).toBe(Math.min(35, listing.total_count));
    expect(listing.total_count).toBeGreaterThan(35);
    expect(listing.page_info).toMatchObject({ current_page: 1, page_size: 35 });
    expect(listing.aggregations.map((a) => a.attribute_code)).toEqual(["color", "size", "price", "brand"]);
    expect(listing.sort_fields.options.map((o) => o.value)).toContain("price");
    const page2 = await json<CategoryListing>(`/api/catalog/category?path=${listing.category.url_path}&page=2`);
    expect(page2.body.items[0]?.sku).not.toBe(listing.items[0]?.sku);
  });

  it("filters by colour and counts what each filter value would give", async () => {
    const listing = await someListing();
    const colour = listing.aggregations.find((a) => a.attribute_code === "color")?.options[0];
    if (!colour) throw new Error("no colour facet");
    const filtered = await json<CategoryListing>(`/api/catalog/category?path=${listing.category.url_path}&color=${colour.value}`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.total_count).toBe(colour.count);
    for (const item of filtered.body.items) expect(item.colors.map((c) => c.label)).toContain(colour.label);
  });

  it("sorts by price, descending by default and ascending on request", async () => {
    const { category } = await someListing();
    const prices = async (query: string) =>
      (await json<CategoryListing>(`/api/catalog/category?path=${category.url_path}&sort=price${query}`)).body.items.map(
        (i) => i.price_range.minimum_price.final_price.value,
      );
    const desc = await prices("");
    const asc = await prices("&dir=asc");
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBeLessThan(desc[0] ?? 0);
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["pageSize=1000", "pageSize"],
    ["sort=cheapest", "sort"],
    ["color=no-such-colour", "color"],
    ["price=cheap", "price"],
  ])("refuses %s with a 400 naming the field", async (query, field) => {
    const { category } = await someListing();
    const response = await json<{ field: string }[]>(`/api/catalog/category?path=${category.url_path}&${query}`);
    expect(response.status).toBe(400);
    expect(response.body[0]?.field).toBe(field);
  });

  it("answers 404 for an unknown category", async () => {
    const response = await json("/api/catalog/category?path=no/such/category");
    expect(response.status).toBe(404);
    expect(response.body).toEqual(errorShape);
  });
});

describe("product details", () => {
  it("gives a configurable product with options, variants, media and prices", async () => {
    const listing = await someListing();
    const configurable = listing.items.find((i) => i.__typename === "ConfigurableProduct");
    if (!configurable) throw new Error("no configurable product");
    const { status, body } = await json<{ product: ProductDetails }>(`/api/catalog/productdetails/${configurable.url_key}`);
    expect(status).toBe(200);
    const product = body.product;
    expect(product).toMatchObject({ sku: configurable.sku, __typename: "ConfigurableProduct", brand_value: expect.any(String) });
    expect(product.configurable_options.map((o) => o.attribute_code)).toEqual(["color", "size"]);
    const colours = product.configurable_options[0]?.values.length ?? 0;
    const sizes = product.configurable_options[1]?.values.length ?? 0;
    expect(product.variants.length).toBe(colours * sizes);
    for (const variant of product.variants) {
      expect(variant.attributes.map((a) => a.code)).toEqual(["color", "size"]);
      expect(variant.product.price_range.minimum_price.final_price.value).toBeGreaterThan(0);
    }
    expect(product.media_gallery.length).toBeGreaterThan(0);
    expect(product.media_gallery[0]?.url).toMatch(/^\/img\/p\//);
    expect(product.price_range.minimum_price.final_price.currency).toBe("EUR");
    expect(product.price_history.lowest_price_30_days?.value).toBeGreaterThan(0);
    expect(product.url_keys.fi).toBeTruthy();
  });

  it("answers in the other store's language under its own url key", async () => {
    const listing = await someListing();
    const first = listing.items[0];
    if (!first) throw new Error("empty listing");
    const en = (await json<{ product: ProductDetails }>(`/api/catalog/productdetails/${first.url_key}`)).body.product;
    const fi = await json<{ product: ProductDetails }>(`/api/catalog/productdetails/${en.url_keys.fi}`, { store: "fi" });
    expect(fi.status).toBe(200);
    expect(fi.body.product.sku).toBe(en.sku);
    expect(fi.body.product.name).not.toBe(en.name);
  });

  it("answers 404 for an unknown slug and 400 for a malformed one", async () => {
    const missing = await json("/api/catalog/productdetails/no-such-product");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorShape);
    const malformed = await json<{ field: string }[]>("/api/catalog/productdetails/NOT%20A%20SLUG");
    expect(malformed.status).toBe(400);
    expect(malformed.body[0]?.field).toBe("slug");
  });
});

describe("stock in the brand's stores", () => {
  it("lists availability per physical store for a variant", async () => {
    const listing = await someListing();
    const configurable = listing.items.find((i) => i.__typename === "ConfigurableProduct");
    const product = (await json<{ product: ProductDetails }>(`/api/catalog/productdetails/${configurable?.url_key}`)).body.product;
    const sku = product.variants[0]?.product.sku;
    const { status, body } = await json<{ availabilities: { status: string; store_name: string }[] }>(`/api/product/stock-status/${sku}`);
    expect(status).toBe(200);
    expect(body.availabilities).toHaveLength(4);
    for (const a of body.availabilities) {
      expect(["available", "low", "out_of_stock", "not_available", "verify_availability"]).toContain(a.status);
    }
  });

  it("answers 404 for an unknown sku", async () => {
    const response = await json("/api/product/stock-status/NO-SUCH-SKU");
    expect(response.status).toBe(404);
  });
});

describe("gift card options (spec §3)", () => {
  it("lists a gift card's options with their encoded keys in the store's language; other products have none", async () => {
    const cards = await json<CategoryListing>("/api/catalog/category?path=lahjakortit", { store: "fi" });
    const card = cards.body.items.find((i) => i.__typename === "GiftCardProduct");
    if (!card) throw new Error("no gift card");
    const { body } = await json<{ product: ProductDetails }>(`/api/catalog/productdetails/${card.url_key}`, { store: "fi" });
    const options = body.product.gift_card_options;
    expect(options.map((o) => [o.code, o.title, o.required])).toEqual([
      ["sender_name", "Nimesi", true],
      ["sender_email", "Sähköpostisi", true],
      ["recipient_name", "Saajan nimi", true],
      ["recipient_email", "Saajan sähköposti", true],
      ["message", "Viesti", false],
    ]);
    expect(options.map((o) => Buffer.from(o.uid, "base64url").toString())).toEqual([
      "giftcard/giftcard_sender_name",
      "giftcard/giftcard_sender_email",
      "giftcard/giftcard_recipient_name",
      "giftcard/giftcard_recipient_email",
      "giftcard/giftcard_message",
    ]);
    const listing = await someListing();
    const other = listing.items.find((i) => i.__typename === "ConfigurableProduct");
    const plain = await json<{ product: ProductDetails }>(`/api/catalog/productdetails/${other?.url_key}`);
    expect(plain.body.product.gift_card_options).toEqual([]);
  });
});

describe("filters, health and the API document", () => {
  it("lists the filters the store offers", async () => {
    const { body } = await json<{ items: { name: string }[] }>("/api/productList/applicableFilters");
    expect(body.items.map((i) => i.name)).toEqual(["color", "size", "price", "brand"]);
  });

  it("answers /healthz while the database answers", async () => {
    const { status, body } = await json("/healthz");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });

  it("publishes an OpenAPI document naming every catalogue path", async () => {
    const { status, body } = await json<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/api/core/storeconfig",
        "/api/core/topmenu/{rootCategoryUid}",
        "/api/catalog/productdetails/{slug}",
        "/api/product/stock-status/{sku}",
        "/api/productList/applicableFilters",
        "/api/catalog/category",
      ]),
    );
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await json("/api/no/such/thing");
    expect(response.status).toBe(404);
    expect(response.body).toEqual(errorShape);
  });
});
