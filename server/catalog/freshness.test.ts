// What a shopper sees follows stock and prices (issue 9, decision 0001): a variant sold out
// through the API, a declined card payment, an operator's plain SQL and a price period that
// starts later all show in the product API, the listing's filters, the guest page cache and
// the cart, in this process and in a second one on the same database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryListing, ProductDetails } from "../../lib/catalog-types.ts";
import { DAY_MS } from "../../lib/price-history.ts";
import { configurableVariant, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";
import { createApp } from "../app.ts";
import type { PlacedOrder } from "../checkout/service.ts";
import { createPageCache } from "../http/page-cache.ts";
import { invalidatePagesOnChange } from "../http/pages.ts";
import { createServices, type Services } from "../services.ts";
import { createProductChanges } from "./changes.ts";

// The shop's clock: real time, moved forward by the price-period test.
let offset = 0;
const clock = () => Date.now() + offset;

let shop: TestShop;
let client: ReturnType<typeof shopClient>;
// A second "process": its own services and app on the same database.
let other: { services: Services; app: ReturnType<typeof createApp>; dataDir: string };
let operator: pg.Client;

beforeAll(async () => {
  shop = await createTestShop({ clock });
  client = shopClient(shop);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-fresh-"));
  const services = await createServices(shop.database.db, { STORE_DOMAINS: TEST_DOMAINS, dataDir }, { pollMs: 0, log: () => {} });
  other = { services, app: createApp({ services, logError: () => {} }), dataDir };
  operator = new pg.Client({ connectionString: shop.database.url });
  await operator.connect();
});
afterAll(async () => {
  await operator.end();
  await other.services.close();
  fs.rmSync(other.dataDir, { recursive: true, force: true });
  await shop.close();
});

interface Product {
  variant: TestVariant;
  productId: number;
  slug: { en: string; fi: string };
  categoryPath: string;
  color: string;
  size: string;
}

/** The n-th configurable product with only `variant` in stock (`stock` units) at a known price of 40 €. */
async function product(n: number, stock: number): Promise<Product> {
  const variant = await configurableVariant(shop.database.pool, n, stock);
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) => (await operator.query<T>(text, values)).rows;
  const [row] = await q<{ id: number }>("SELECT product_id AS id FROM variants WHERE id = $1", [variant.variantId]);
  const productId = row?.id ?? 0;
  await q("UPDATE variants SET stock = 0 WHERE product_id = $1 AND id <> $2", [productId, variant.variantId]);
  await q("DELETE FROM prices WHERE variant_id IN (SELECT id FROM variants WHERE product_id = $1)", [productId]);
  await q(
    `INSERT INTO prices (variant_id, store_code, regular_cents, final_cents, valid_from)
     SELECT v.id, s.code, 4000, 4000, now() - interval '60 days' FROM variants v CROSS JOIN stores s WHERE v.product_id = $1`,
    [productId],
  );
  const slugs = await q<{ locale: "en" | "fi"; url_key: string }>(
    "SELECT locale, url_key FROM product_translations WHERE product_id = $1",
    [productId],
  );
  const [category] = await q<{ url_path: string }>(
    `SELECT t.url_path FROM product_categories pc JOIN categories c ON c.id = pc.category_id
       JOIN category_translations t ON t.category_id = c.id AND t.locale = 'en'
      WHERE pc.product_id = $1 AND c.level >= 2 ORDER BY c.level DESC LIMIT 1`,
    [productId],
  );
  const codes = await q<{ uid: string; code: string }>("SELECT uid, code FROM attribute_values WHERE uid = ANY($1)", [
    [variant.colorUid, variant.sizeUid],
  ]);
  const code = (uid: string) => codes.find((c) => c.uid === uid)?.code ?? "";
  return {
    variant,
    productId,
    slug: { en: slugs.find((s) => s.locale === "en")?.url_key ?? "", fi: slugs.find((s) => s.locale === "fi")?.url_key ?? "" },
    categoryPath: category?.url_path ?? "",
    color: code(variant.colorUid),
    size: code(variant.sizeUid),
  };
}

type Caller = (path: string) => Promise<Response>;
const here: Caller = (p) => shop.request(p);
const there: Caller = async (p) => other.app.request(`http://localhost${p}`);

async function details(p: Product, call: Caller = here) {
  const response = await call(`/api/catalog/productdetails/${encodeURIComponent(p.slug.en)}`);
  expect(response.status).toBe(200);
  const { product: details } = (await response.json()) as { product: ProductDetails };
  const variant = details.variants.find((v) => v.product.sku === p.variant.variantSku);
  return { details, variant: variant?.product };
}

/** The product's category filtered to its colour and size: the skus listed. */
async function listedWithSize(p: Product, call: Caller = here) {
  const response = await call(
    `/api/catalog/category?path=${encodeURIComponent(p.categoryPath)}&color=${p.color}&size=${p.size}&pageSize=100`,
  );
  expect(response.status).toBe(200);
  const listing = (await response.json()) as CategoryListing;
  return listing.items.map((i) => i.sku);
}

const poll = { timeout: 10_000, interval: 100 };

/**
 * Waits until this process has been told of the operator's writes so far. Their notifications
 * come after the writes, in commit order: a page cached before they arrive is dropped by them.
 * So one more write, on the catalogue's last product (no test here uses it), and its news.
 */
async function settled() {
  const [last] = (await operator.query<{ id: number }>("SELECT max(product_id) AS id FROM variants")).rows;
  const sentinel = last?.id ?? 0;
  let told = false;
  const stop = shop.services.productChanges.onChange((change) => {
    if (change.productIds.includes(sentinel)) told = true;
  });
  try {
    // Across the in-stock line, so the change is logged and told.
    await operator.query(
      "UPDATE variants SET stock = CASE WHEN stock > 0 THEN 0 ELSE 1 END WHERE id = (SELECT min(id) FROM variants WHERE product_id = $1)",
      [sentinel],
    );
    await expect.poll(() => told, poll).toBe(true);
  } finally {
    stop();
  }
}

describe("stock", () => {
  it("a variant sold out through the API shows as out of stock in the product API, the filters and the pages", async () => {
    const p = await product(0, 3);
    // Guest pages through the page cache, drawn from the product API as a page would be.
    const pages = createPageCache({ maxEntries: 100, ttlSeconds: 600 });
    invalidatePagesOnChange(pages, shop.services);
    let renders = 0;
    const page = async (key: string) => {
      const [store, url] = key.split("|") as ["en" | "fi", string];
      const response = await pages.serve(key, new Request(`http://localhost${url}`), async () => {
        renders++;
        const slug = decodeURIComponent(url.replace(/^\/p\//, ""));
        let body = `category ${renders}`;
        if (url.startsWith("/p/")) {
          const api = await shop.request(`/api/catalog/productdetails/${encodeURIComponent(slug)}`, { store });
          body = JSON.stringify(((await api.json()) as { product: ProductDetails }).product.stock_status);
        }
        return new Response(body, { headers: { "cache-control": "public, s-maxage=60" } });
      });
      return { cache: response.headers.get("x-cache"), body: await response.text() };
    };
    const neighbour = await product(1, 10);
    const keys = {
      en: `en|/p/${encodeURIComponent(p.slug.en)}`,
      fi: `fi|/p/${encodeURIComponent(p.slug.fi)}`,
      category: `en|/c/${p.categoryPath}`,
      neighbour: `en|/p/${encodeURIComponent(neighbour.slug.en)}`,
    };
    await settled();
    for (const key of Object.values(keys)) await page(key);
    expect(await page(keys.en)).toEqual({ cache: "HIT", body: '"IN_STOCK"' });
    expect(await page(keys.neighbour)).toMatchObject({ cache: "HIT" });

    const before = await details(p);
    expect(before.details.stock_status).toBe("IN_STOCK");
    expect(before.variant).toMatchObject({ stock_status: "IN_STOCK", only_x_left_in_stock: 3 });
    expect(await listedWithSize(p)).toContain(p.variant.productSku);

    const cart = await client.readyCart([{ variant: p.variant, quantity: 3 }], "invoice");
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart });
    expect(placed.status).toBe(200);

    await expect.poll(async () => (await details(p)).variant?.stock_status, poll).toBe("OUT_OF_STOCK");
    const after = await details(p);
    expect(after.details.stock_status).toBe("OUT_OF_STOCK");
    expect(after.variant?.only_x_left_in_stock).toBeNull();
    await expect.poll(() => listedWithSize(p), poll).not.toContain(p.variant.productSku);
    // Its pages in both stores and the category page are rendered again; another product's page stays.
    await expect.poll(async () => (await page(keys.en)).body, poll).toBe('"OUT_OF_STOCK"');
    expect(await page(keys.fi)).toEqual({ cache: "MISS", body: '"OUT_OF_STOCK"' });
    expect((await page(keys.category)).cache).toBe("MISS");
    expect(await page(keys.neighbour)).toMatchObject({ cache: "HIT" });
  });

  it("a declined card payment gives the last unit back, and it shows again", async () => {
    const p = await product(2, 1);
    expect((await details(p)).variant?.stock_status).toBe("IN_STOCK");
    const cart = await client.readyCart([{ variant: p.variant, quantity: 1 }], "card");
    const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart });
    const url = placed.body.payment_redirect_url ?? "";
    expect(url).toMatch(/^\/payments\/sandbox\//);
    await expect.poll(async () => (await details(p)).variant?.stock_status, poll).toBe("OUT_OF_STOCK");
    await expect.poll(() => listedWithSize(p), poll).not.toContain(p.variant.productSku);

    await shop.request(url.split("?")[0] ?? "", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ decision: "decline", return: "/checkout" }).toString(),
    });
    const store = await shop.services.catalog.store("en");
    if (!store) throw new Error("no store");
    const outcome = await shop.services.checkout.completePayment(store, decodeURIComponent(url.split("/")[3]?.split("?")[0] ?? ""));
    expect(outcome.paid).toBe(false);
    await expect.poll(async () => (await details(p)).variant, poll).toMatchObject({ stock_status: "IN_STOCK", only_x_left_in_stock: 1 });
    await expect.poll(() => listedWithSize(p), poll).toContain(p.variant.productSku);
  });

  it("an operator's plain SQL stock change shows in both processes", async () => {
    const p = await product(3, 20);
    // Both processes have the product and the listing cached.
    for (const call of [here, there]) {
      expect((await details(p, call)).variant).toMatchObject({ stock_status: "IN_STOCK", only_x_left_in_stock: null });
      expect(await listedWithSize(p, call)).toContain(p.variant.productSku);
    }
    const started = Date.now();
    await operator.query("UPDATE variants SET stock = 2 WHERE id = $1", [p.variant.variantId]);
    for (const call of [here, there]) {
      await expect.poll(async () => (await details(p, call)).variant?.only_x_left_in_stock, poll).toBe(2);
    }
    // The design target is 2 s; on a busy machine this only has to happen at all.
    expect(Date.now() - started).toBeLessThan(10_000);

    await operator.query("UPDATE variants SET stock = 0 WHERE id = $1", [p.variant.variantId]);
    for (const call of [here, there]) {
      await expect.poll(async () => (await details(p, call)).variant?.stock_status, poll).toBe("OUT_OF_STOCK");
      await expect.poll(() => listedWithSize(p, call), poll).not.toContain(p.variant.productSku);
    }
    const { rows } = await operator.query("SELECT in_stock, size_ids FROM product_listing WHERE product_id = $1 AND store_code = 'en'", [
      p.productId,
    ]);
    expect(rows[0]).toMatchObject({ in_stock: false, size_ids: [] });
  });

  it("an order in one process shows in the other", async () => {
    const p = await product(4, 2);
    expect((await details(p, there)).variant?.only_x_left_in_stock).toBe(2);
    const cart = await client.readyCart([{ variant: p.variant, quantity: 2 }], "invoice");
    expect((await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart })).status).toBe(200);
    await expect.poll(async () => (await details(p, there)).variant?.stock_status, poll).toBe("OUT_OF_STOCK");
    await expect.poll(() => listedWithSize(p, there), poll).not.toContain(p.variant.productSku);
  });

  it("two orders selling out the last two sizes of a product at once leave its listing row sold out", async () => {
    const p = await product(8, 1);
    const { rows } = await operator.query<{ id: number }>(
      "UPDATE variants SET stock = 1 WHERE id = (SELECT id FROM variants WHERE product_id = $1 AND id <> $2 ORDER BY id LIMIT 1) RETURNING id",
      [p.productId, p.variant.variantId],
    );
    const sizes = [p.variant.variantId, rows[0]?.id ?? 0];
    const connect = async () => {
      const c = new pg.Client({ connectionString: shop.database.url });
      await c.connect();
      return c;
    };
    const [holder, first, second] = await Promise.all([connect(), connect(), connect()]);
    try {
      // Both commits reach the listing refresh while its rows are locked, as under load.
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM product_listing WHERE product_id = $1 FOR UPDATE", [p.productId]);
      const commits = [first, second].map(async (c, i) => {
        await c.query("BEGIN");
        await c.query("UPDATE variants SET stock = 0 WHERE id = $1", [sizes[i]]);
        await c.query("COMMIT");
      });
      await expect
        .poll(
          async () =>
            (
              await operator.query(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query = 'COMMIT'",
              )
            ).rows[0]?.n,
          poll,
        )
        .toBe(2);
      await holder.query("COMMIT");
      await Promise.all(commits);
    } finally {
      await Promise.all([holder.end(), first.end(), second.end()]);
    }
    const listing = await operator.query("SELECT in_stock FROM product_listing WHERE product_id = $1", [p.productId]);
    expect(listing.rows.map((r) => r.in_stock)).toEqual([false, false]);
  });

  it("a change no notification brought is found by the poll of the change log", async () => {
    const p = await product(5, 10);
    const quiet = await product(6, 50);
    const changes = await createProductChanges(shop.database.db, { listen: false, pollMs: 0 });
    const seen: number[] = [];
    changes.onChange(({ productIds }) => seen.push(...productIds));
    await operator.query("UPDATE variants SET stock = 1 WHERE id = $1", [p.variant.variantId]);
    // A change nobody can see (still plenty) is not logged.
    await operator.query("UPDATE variants SET stock = 49 WHERE id = $1", [quiet.variant.variantId]);
    expect(await changes.poll()).toBeGreaterThan(0);
    expect(seen).toContain(p.productId);
    expect(seen).not.toContain(quiet.productId);
    expect(await changes.poll()).toBe(0); // each change once
    await changes.stop();
  });
});

describe("prices", () => {
  it("a price period that starts later takes effect at its start on the product, the listing, the 30-day lowest and the cart", async () => {
    const p = await product(7, 10);
    const start = Date.now() + DAY_MS;
    // A 50 % sale from tomorrow, in both stores.
    await operator.query(
      `INSERT INTO prices (variant_id, store_code, regular_cents, final_cents, valid_from)
       SELECT v.id, s.code, 4000, 2000, $2::timestamptz FROM variants v CROSS JOIN stores s WHERE v.product_id = $1`,
      [p.productId, new Date(start).toISOString()],
    );
    const price = async (call: Caller = here) => (await details(p, call)).details.price_range.minimum_price.final_price.value;
    const inPriceRange = async (range: string) => {
      const response = await shop.request(`/api/catalog/category?path=${encodeURIComponent(p.categoryPath)}&price=${range}&pageSize=100`);
      return ((await response.json()) as CategoryListing).items.map((i) => i.sku);
    };
    expect(await price()).toBe(40);
    expect(await inPriceRange("30-50")).toContain(p.variant.productSku);
    await expect.poll(() => shop.services.priceClock.next(), poll).toBeLessThanOrEqual(start);

    offset = start - Date.now() + 1000; // one second into the sale
    await expect.poll(() => price(), poll).toBe(20);
    const { details: sale } = await details(p);
    expect(sale.price_range.minimum_price.discount.percent_off).toBe(50);
    expect(sale.price_range.minimum_price.lowest_prior_price?.value).toBe(40);
    expect(sale.price_history.lowest_price_30_days?.value).toBe(20);
    await expect.poll(() => inPriceRange("15-25"), poll).toContain(p.variant.productSku);
    expect(await inPriceRange("30-50")).not.toContain(p.variant.productSku);
    const { rows } = await operator.query("SELECT min_final_cents FROM product_listing WHERE product_id = $1 AND store_code = 'en'", [
      p.productId,
    ]);
    expect(rows[0]?.min_final_cents).toBe(2000);
    // The cart charges what the page shows.
    const cart = await client.newCart();
    const added = await client.call("POST", "/api/cart/", {
      cart,
      body: { product: { sku: p.variant.productSku, quantity: 1, selected_options: [p.variant.colorUid, p.variant.sizeUid] } },
    });
    expect(added.status).toBe(200);
    expect(added.body.cart.items[0]?.prices.price_including_tax.value).toBe(20);
  });
});
