// The language switch keeps the shopper's choices (issue: switching language dropped colour,
// size and filters), and a colour filter shows each product in that colour.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryListing, ConfigurableOption, MenuItem, ProductDetails } from "../../lib/catalog-types.ts";
import { languageSwitchHref } from "../../lib/language-switch.ts";
import { createTestShop, TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

type Store = "en" | "fi";
const FI_ORIGIN = `http://${TEST_DOMAINS.fi}`;

async function json<T>(path: string, store: Store = "en"): Promise<T> {
  const response = await shop.request(path, { store });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const product = async (slug: string, store: Store = "en") =>
  (await json<{ product: ProductDetails }>(`/api/catalog/productdetails/${encodeURIComponent(slug)}`, store)).product;
const listing = (path: string, query = "", store: Store = "en") =>
  json<CategoryListing>(`/api/catalog/category?path=${encodeURIComponent(path)}${query}`, store);
const option = (p: ProductDetails, code: "color" | "size") =>
  p.configurable_options.find((o) => o.attribute_code === code) as ConfigurableOption;

/** Follows the switch from the English page at `address` to the Finnish store: where it leads. */
async function switchToFinnish(address: string): Promise<URL> {
  const response = await shop.request(languageSwitchHref("fi", address));
  expect(response.status, address).toBe(302);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return new URL(response.headers.get("location") ?? "");
}

let categoryPath: string;
let jacket: ProductDetails;

beforeAll(async () => {
  const config = await json<{ storeConfig: { root_category_uid: string } }>("/api/core/storeconfig");
  const menu = (await json<{ menu: MenuItem[] }>(`/api/core/topmenu/${config.storeConfig.root_category_uid}`)).menu;
  categoryPath = menu[0]?.url_path ?? "";
  // A product with several colours and sizes, the kind a shopper chooses on.
  const items = (await listing(categoryPath)).items.filter((i) => i.__typename === "ConfigurableProduct" && i.colors.length >= 3);
  for (const item of items) {
    const details = await product(item.url_key);
    if (option(details, "size")?.values.length >= 2) {
      jacket = details;
      break;
    }
  }
  expect(jacket).toBeDefined();
});

describe("the language switch on a product page", () => {
  it("opens the same product in the other store with the same colour and size chosen", async () => {
    const color = option(jacket, "color").values[1];
    const size = option(jacket, "size").values[1];
    if (!color || !size) throw new Error("no second colour or size");
    const chosen = `${option(jacket, "color").uid}:${color.uid},${option(jacket, "size").uid}:${size.uid}`;
    const target = await switchToFinnish(`/p/${jacket.url_key}?${new URLSearchParams({ selectedConfigurations: chosen })}`);

    expect(target.origin).toBe(FI_ORIGIN);
    const fiKey = jacket.url_keys.fi ?? "";
    expect(fiKey).not.toBe(jacket.url_key);
    expect(target.pathname).toBe(`/p/${fiKey}`);
    // The Finnish product's own values: the same colour and size, by the attribute value.
    const fi = await product(fiKey, "fi");
    const pairs = Object.fromEntries(
      (target.searchParams.get("selectedConfigurations") ?? "").split(",").map((pair) => pair.split(":") as [string, string]),
    );
    const fiColor = option(fi, "color").values.find((v) => v.uid === pairs[option(fi, "color").uid]);
    const fiSize = option(fi, "size").values.find((v) => v.uid === pairs[option(fi, "size").uid]);
    expect(fiColor?.value_index).toBe(color.value_index);
    expect(fiSize?.value_index).toBe(size.value_index);
    expect(fiColor?.label).not.toBe(color.label);
  });

  it("keeps a colour chosen through the form sent without JavaScript, and drops what is no choice", async () => {
    const color = option(jacket, "color").values[2];
    if (!color) throw new Error("no third colour");
    const target = await switchToFinnish(`/p/${jacket.url_key}?color=${color.uid}&size=nope&added=1`);
    expect(target.pathname).toBe(`/p/${jacket.url_keys.fi}`);
    expect([...target.searchParams.keys()]).toEqual(["selectedConfigurations"]);
    expect(target.searchParams.get("selectedConfigurations")).toBe(`${option(jacket, "color").uid}:${color.uid}`);
  });

  it("opens the plain product when nothing was chosen, and the same path for a product it does not know", async () => {
    expect((await switchToFinnish(`/p/${jacket.url_key}`)).href).toBe(`${FI_ORIGIN}/p/${jacket.url_keys.fi}`);
    expect((await switchToFinnish("/p/no-such-product?selectedConfigurations=x:y")).href).toBe(`${FI_ORIGIN}/p/no-such-product`);
  });
});

describe("the language switch on a category page", () => {
  it("keeps the filters, the sort and the page", async () => {
    const en = await listing(categoryPath);
    const colors =
      en.aggregations
        .find((a) => a.attribute_code === "color")
        ?.options.slice(0, 2)
        .map((o) => o.value) ?? [];
    const brand = en.aggregations.find((a) => a.attribute_code === "brand")?.options[0]?.value ?? "";
    expect(colors).toHaveLength(2);
    // Repeated fields and the sort as the form sends it without JavaScript.
    const query = `color=${colors[1]}&color=${colors[0]}&brand=${encodeURIComponent(brand)}&sort=price:asc&page=2&utm_source=x`;
    const target = await switchToFinnish(`/c/${categoryPath}?${query}`);

    expect(target.origin).toBe(FI_ORIGIN);
    expect(target.pathname).toBe(`/c/${en.category.url_paths.fi}`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      brand,
      color: [...colors].sort().join(","),
      sort: "price",
      dir: "asc",
      page: "2",
    });
    // The Finnish store answers it: the same products, on the same page.
    const fi = await listing(en.category.url_paths.fi ?? "", target.search.replace("?", "&"), "fi");
    const enPage = await listing(categoryPath, `&color=${colors.join(",")}&brand=${encodeURIComponent(brand)}&sort=price&dir=asc&page=2`);
    expect(fi.items.map((i) => i.sku)).toEqual(enPage.items.map((i) => i.sku));
    expect(fi.total_count).toBeGreaterThan(0);
  });

  it("leaves out a filter the other store does not offer, rather than leading to an error", async () => {
    const brand = (await listing(categoryPath)).aggregations.find((a) => a.attribute_code === "brand")?.options[0]?.value ?? "";
    const set = (list: string[]) =>
      shop.database.pool.query("UPDATE stores SET config = jsonb_set(config, '{filter_blacklist}', $1::jsonb) WHERE code = 'fi'", [
        JSON.stringify(list),
      ]);
    try {
      await set(["brand"]);
      await shop.services.versions.bump("config");
      const target = await switchToFinnish(`/c/${categoryPath}?brand=${encodeURIComponent(brand)}&sort=price`);
      expect(target.search).toBe("?sort=price");
    } finally {
      await set([]);
      await shop.services.versions.bump("config");
    }
  });
});

describe("the language switch anywhere else", () => {
  it("keeps the path and query of a page that is the same in every store", async () => {
    expect((await switchToFinnish("/searchresults?search=takki")).href).toBe(`${FI_ORIGIN}/searchresults?search=takki`);
  });

  it.each([["//evil.example/x"], ["https://evil.example/x"], ["/\\evil.example"], ["javascript:alert(1)"]])(
    "never leads off the shop (from=%s)",
    async (from) => {
      const target = await switchToFinnish(from);
      expect(target.origin).toBe(FI_ORIGIN);
    },
  );

  it("answers 404 for a store that does not exist", async () => {
    const response = await shop.request("/language/xx?from=/");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual([expect.objectContaining({ code: "unknown_store" })]);
  });
});

describe("a colour filter", () => {
  it("shows each product in the first filtered colour it has, with that colour's picture and choice", async () => {
    const en = await listing(categoryPath);
    const facet = en.aggregations.find((a) => a.attribute_code === "color")?.options ?? [];
    const [first, second] = facet;
    if (!first || !second) throw new Error("fewer than two colours");
    const filtered = await listing(categoryPath, `&color=${second.value},${first.value}`);
    expect(filtered.items.length).toBeGreaterThan(0);
    let both = 0;
    for (const item of filtered.items) {
      const shown = item.shown_color;
      if (!shown) throw new Error(`${item.sku} has no colour shown`);
      const labels = item.colors.map((c) => c.label);
      // The facet lists colours in the shop's order: the first of the two that the product has.
      const expected = labels.includes(first.label) ? first.label : second.label;
      if (labels.includes(first.label) && labels.includes(second.label)) both++;
      expect(shown.label).toBe(expected);
      const details = await product(item.url_key);
      const colour = option(details, "color");
      expect(shown.selected_configurations).toBe(`${colour.uid}:${shown.uid}`);
      const own = details.media_gallery.find((m) => m.color_uid === shown.uid);
      expect(shown.image.url).toBe(own?.url ?? details.image.url);
    }
    // Some product has both, so the order is what chose.
    expect(both).toBeGreaterThan(0);
    // Without a colour filter, no colour is singled out.
    expect(en.items.some((i) => i.shown_color)).toBe(false);
  });
});
