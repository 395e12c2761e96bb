// The wishlist API (spec §3, §4, §7; docs/decisions/0017) as an API client sees it: a guest's
// list is empty and a guest may not change one; a customer adds by sku (twice is once), reads
// newest first in pages, removes by sku or item id; unknown products and items that are not
// the customer's own are not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { customerOwner } from "../identity.ts";
import { createWishlistService } from "./service.ts";

const PASSWORD = "Toive-Lista9";
let shop: TestShop;
let skus: string[];

beforeAll(async () => {
  shop = await createTestShop();
  const { rows } = await shop.database.pool.query<{ sku: string }>(
    "SELECT sku FROM products WHERE enabled AND type = 'ConfigurableProduct' ORDER BY id LIMIT 5",
  );
  skus = rows.map((r) => r.sku);
});
afterAll(() => shop.close());

type Options = { store?: "en" | "fi"; token?: string };
async function call(method: string, path: string, body?: unknown, { store = "en", token }: Options = {}) {
  const res = await shop.request(path, {
    method,
    store,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: replies of many shapes, each checked by its assertions
  return { status: res.status, body: (await res.json()) as any };
}
const get = (query = "", options?: Options) => call("GET", `/api/wishlist/get${query}`, undefined, options);
const add = (sku: string, options?: Options) => call("POST", "/api/wishlist/add", { wishlistData: { sku } }, options);
const remove = (wishlistData: Record<string, unknown>, options?: Options) =>
  call("POST", "/api/wishlist/remove", { wishlistData }, options);

let serial = 0;
/** A confirmed customer of its own, logged in through the API: its session token. */
async function customer(): Promise<string> {
  const email = `toive.${Date.now()}.${++serial}@example.com`;
  const store = await shop.services.catalog.store("en");
  if (!store) throw new Error("no en store");
  await shop.services.customers.register(store, {
    firstname: "Tuuli",
    lastname: "Toivonen",
    email,
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
  });
  await shop.database.pool.query("UPDATE customers SET confirmed_at = now() WHERE email = $1", [email]);
  const login = await call("POST", "/api/auth/login", { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.body.token.accessToken;
}

const skusOf = (wishlist: { items_v2: { items: { product: { sku: string } }[] } }) => wishlist.items_v2.items.map((i) => i.product.sku);

describe("the wishlist API", () => {
  it("answers a guest an empty list and refuses a guest's add and remove with 401", async () => {
    const empty = await get();
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ wishlists: [] });

    const added = await add(skus[0] as string);
    expect(added.status).toBe(401);
    expect(added.body[0]).toMatchObject({ code: "not_logged_in", message: expect.stringMatching(/not logged in/) });
    const removed = await remove({ sku: skus[0] }, { store: "fi" });
    expect(removed.status).toBe(401);
    expect(removed.body[0].message).toMatch(/Et ole kirjautunut/);
    // An unknown token is a guest too.
    expect((await get("", { token: "x".repeat(43) })).body).toEqual({ wishlists: [] });
  });

  it("adds a product once however often it is added, with the product as cards show it, in the store's language", async () => {
    const token = await customer();
    expect((await get("", { token })).body).toEqual({ wishlists: [] });

    const first = await add(skus[0] as string, { token });
    expect(first.status).toBe(200);
    const again = await add(skus[0] as string, { token });
    expect(again.status).toBe(200);
    expect(again.body.wishlist.items_count).toBe(1);
    expect(again.body.wishlist.id).toBe(first.body.wishlist.id);

    const { body } = await get("", { token });
    expect(body.wishlists).toHaveLength(1);
    const [wishlist] = body.wishlists;
    expect(wishlist.items_count).toBe(1);
    expect(wishlist.items_v2.page_info).toEqual({ current_page: 1, page_size: 20, total_pages: 1 });
    const [item] = wishlist.items_v2.items;
    expect(item.id).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(item.added_at))).toBe(false);
    expect(item.product).toMatchObject({
      sku: skus[0],
      url_path: `/p/${item.product.url_key}`,
      thumbnail: { url: expect.stringMatching(/^\//) },
      price_range: { minimum_price: { final_price: { value: expect.any(Number), currency: "EUR" } } },
    });
    const catalogue = await call("GET", `/api/catalog/productdetails/${item.product.url_key}`);
    expect(item.product.name).toBe(catalogue.body.product.name);

    // The same wishlist in the other store, in its language.
    const fi = await get("", { token, store: "fi" });
    expect(fi.body.wishlists[0].items_v2.items[0].product.sku).toBe(skus[0]);
    expect(fi.body.wishlists[0].items_v2.items[0].product.url_key).not.toBe(item.product.url_key);
  });

  it("lists newest first in pages and removes by sku or by item id", async () => {
    const token = await customer();
    for (const sku of skus.slice(0, 3)) expect((await add(sku, { token })).status).toBe(200);

    const page1 = await get("?pageSize=2", { token });
    expect(skusOf(page1.body.wishlists[0])).toEqual([skus[2], skus[1]]);
    expect(page1.body.wishlists[0].items_v2.page_info).toEqual({ current_page: 1, page_size: 2, total_pages: 2 });
    const page2 = await get("?pageSize=2&page=2", { token });
    expect(skusOf(page2.body.wishlists[0])).toEqual([skus[0]]);
    expect(page2.body.wishlists[0].items_count).toBe(3);

    const bySku = await remove({ sku: skus[1] }, { token });
    expect(bySku.status).toBe(200);
    expect(skusOf(bySku.body.wishlist)).toEqual([skus[2], skus[0]]);

    const itemId = bySku.body.wishlist.items_v2.items[0].id;
    const byId = await remove({ itemId }, { token });
    expect(byId.status).toBe(200);
    expect(skusOf(byId.body.wishlist)).toEqual([skus[0]]);
    expect(byId.body.wishlist.items_count).toBe(1);

    // Gone already: not found, and nothing else changes.
    const twice = await remove({ itemId }, { token });
    expect(twice.status).toBe(404);
    expect(twice.body[0]).toMatchObject({ code: "wishlist_item_not_found", message: "This product is not on your wishlist" });
    expect((await get("", { token })).body.wishlists[0].items_count).toBe(1);
  });

  it("answers 404 for an unknown sku, and for another customer's item, which stays where it is", async () => {
    const token = await customer();
    const unknown = await add("NO-SUCH-SKU", { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body[0].code).toBe("product_not_found");
    expect((await remove({ sku: "NO-SUCH-SKU" }, { token })).status).toBe(404);
    // Nothing was made by the refused add.
    expect((await get("", { token })).body).toEqual({ wishlists: [] });

    const other = await customer();
    const theirs = (await add(skus[3] as string, { token: other })).body.wishlist.items_v2.items[0];
    const mine = await add(skus[4] as string, { token });

    const byId = await remove({ itemId: theirs.id }, { token });
    expect(byId.status).toBe(404);
    expect(byId.body[0].code).toBe("wishlist_item_not_found");
    const bySku = await remove({ sku: skus[3] }, { token, store: "fi" });
    expect(bySku.status).toBe(404);
    expect(bySku.body[0].message).toBe("Tuote ei ole toivelistallasi");

    expect(skusOf((await get("", { token: other })).body.wishlists[0])).toEqual([skus[3]]);
    expect(skusOf((await get("", { token })).body.wishlists[0])).toEqual(skusOf(mine.body.wishlist));
  });

  it("refuses bodies and pages it does not take with 400", async () => {
    const token = await customer();
    const extra = await call("POST", "/api/wishlist/add", { wishlistData: { sku: skus[0], price: 1 } }, { token });
    expect(extra.status).toBe(400);
    expect((await call("POST", "/api/wishlist/add", { sku: skus[0] }, { token })).status).toBe(400);
    expect((await call("POST", "/api/wishlist/remove", { wishlistData: { itemId: "one" } }, { token })).status).toBe(400);
    const page = await get("?pageSize=500", { token });
    expect(page.status).toBe(400);
    expect(page.body[0].field).toBe("pageSize");
  });

  it("keeps the size limit when one customer adds from several windows at once", async () => {
    const token = await customer();
    const store = await shop.services.catalog.store("en");
    const customerId = (await shop.services.authenticate(token))?.id;
    if (!store || !customerId) throw new Error("no store or customer");
    const small = createWishlistService({ db: shop.database.db, catalog: shop.services.catalog, maxItems: 3 });
    const { rows } = await shop.database.pool.query<{ sku: string }>("SELECT sku FROM products WHERE enabled ORDER BY id LIMIT 6");
    const answers = await Promise.allSettled(rows.map((r) => small.add(store, r.sku, customerOwner(customerId))));
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(3);
    const refused = answers.flatMap((a) => (a.status === "rejected" ? [a.reason] : []));
    expect(refused.map((e) => [e.status, e.code, e.params])).toEqual(Array(3).fill([409, "wishlist_full", { max: 3 }]));
    // Adding one already there is not refused: nothing changes.
    const [kept] = (await small.get(store, {}, customerOwner(customerId)))[0]?.items_v2.items ?? [];
    expect((await small.add(store, kept?.product.sku as string, customerOwner(customerId))).items_count).toBe(3);
    expect((await get("", { token })).body.wishlists[0].items_count).toBe(3);
  });
});
