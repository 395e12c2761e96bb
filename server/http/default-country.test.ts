// The country a new checkout address starts with is a store setting (store config
// `default_country_id`): Finland in both demo stores, shown by the store config API and
// preselected on the checkout page (the real production build, rendered in-process).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { configurableVariant, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Store } from "../catalog/service.ts";
import { createPageCache } from "./page-cache.ts";

let shop: TestShop;
let client: ReturnType<typeof shopClient>;
let variant: TestVariant;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop();
  client = shopClient(shop);
  variant = await configurableVariant(shop.database.pool, 0, 100);
  pages = await loadBuiltPages({ cache: createPageCache({ maxEntries: 0, ttlSeconds: 0 }) });
});
afterAll(() => shop?.close());

/** The checkout page of a guest with one item in the cart, as HTML. */
async function checkoutPage(store: "en" | "fi"): Promise<string> {
  const cart = await client.newCart(store);
  const added = await client.call("POST", "/api/cart/", {
    cart,
    store,
    body: { product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] } },
  });
  expect(added.status).toBe(200);
  const host = store === "fi" ? "fi.localhost" : "localhost";
  const response = await pages(new Request(`http://${host}/checkout`, { headers: { cookie: `cart_id=${cart}` } }), shop.services, store);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of the selected option of the shipping address's country select. */
function selectedCountry(html: string): string | undefined {
  const select = html.match(/<select[^>]*id="shipping-country"[^>]*>([\s\S]*?)<\/select>/)?.[1] ?? "";
  return select.match(/<option[^>]*value="([A-Z]{2})"[^>]*selected=""/)?.[1];
}

describe("the default country of a store", () => {
  it("is Finland in both demo stores' config (GET /api/core/storeconfig)", async () => {
    for (const store of ["en", "fi"] as const) {
      const reply = await client.call<{ storeConfig: { default_country_id: string; countries: { id: string }[] } }>(
        "GET",
        "/api/core/storeconfig",
        { store },
      );
      expect(reply.status).toBe(200);
      expect(reply.body.storeConfig.default_country_id).toBe("FI");
    }
  });

  it("is preselected at checkout: Finland in the en store too, not the United Kingdom", async () => {
    expect(selectedCountry(await checkoutPage("en"))).toBe("FI");
    expect(selectedCountry(await checkoutPage("fi"))).toBe("FI");
  });

  it("follows the store's setting", async () => {
    const real = shop.services.catalog.store;
    shop.services.catalog.store = async (code: string) => {
      const store = await real(code);
      return store && ({ ...store, config: { ...store.config, default_country_id: "SE" } } satisfies Store);
    };
    try {
      expect(selectedCountry(await checkoutPage("en"))).toBe("SE");
    } finally {
      shop.services.catalog.store = real;
    }
  });
});
