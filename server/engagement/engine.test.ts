// The engagement engine over the API (issue 12, decision 0022): matching (stemming, prefixes,
// typos), ranking, highlighting, the index following the catalogue, consent, bad input.
// Each test renames products of its own to words no demo product uses.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { WireAutocomplete, WireSearchPage } from "./wire.ts";

let shop: TestShop;
let operator: pg.Client;

beforeAll(async () => {
  shop = await createTestShop();
  operator = new pg.Client({ connectionString: shop.database.url });
  await operator.connect();
});
afterAll(async () => {
  await operator.end();
  await shop.close();
});

const CONSENT = { cookie: "consent=analytics,marketing" };
const NO_MARKETING = { cookie: "consent=analytics" };

let nextProduct = 0;
/** An enabled configurable product of the demo data, in stock in both stores, not used by another test. */
async function takeProduct(): Promise<{ id: number; sku: string }> {
  const { rows } = await operator.query<{ id: number; sku: string }>(
    `SELECT p.id, p.sku FROM products p JOIN product_listing l ON l.product_id = p.id AND l.store_code = 'en' AND l.in_stock
     WHERE p.type = 'ConfigurableProduct' AND p.enabled ORDER BY p.id OFFSET $1 LIMIT 1`,
    [nextProduct++],
  );
  const row = rows[0];
  if (!row) throw new Error("no product left");
  return row;
}

/** Renames a product as the shop's data changes (plain SQL on the catalogue's tables), per language. */
async function rename(id: number, names: { en?: string; fi?: string; descriptionEn?: string; descriptionFi?: string }) {
  if (names.en !== undefined)
    await operator.query("UPDATE product_translations SET name = $2 WHERE product_id = $1 AND locale = 'en'", [id, names.en]);
  if (names.fi !== undefined)
    await operator.query("UPDATE product_translations SET name = $2 WHERE product_id = $1 AND locale = 'fi'", [id, names.fi]);
  if (names.descriptionEn !== undefined)
    await operator.query("UPDATE product_translations SET description = $2 WHERE product_id = $1 AND locale = 'en'", [
      id,
      names.descriptionEn,
    ]);
  if (names.descriptionFi !== undefined)
    await operator.query("UPDATE product_translations SET description = $2 WHERE product_id = $1 AND locale = 'fi'", [
      id,
      names.descriptionFi,
    ]);
}

/** Waits until the index has taken every change the database announced (they arrive by LISTEN within milliseconds). */
async function indexed() {
  await new Promise((r) => setTimeout(r, 50));
  // The fallback poll catches anything the notification has not brought yet.
  await shop.services.productChanges.poll();
  await shop.services.engagement.settled();
}

async function autocomplete(query: Record<string, string>, init: { store?: "en" | "fi"; headers?: Record<string, string> } = {}) {
  const response = await shop.request(`/api/engagement/queries/autocomplete?${new URLSearchParams(query)}`, {
    method: "POST",
    store: init.store,
    headers: init.headers,
  });
  return { status: response.status, body: (await response.json()) as WireAutocomplete };
}

async function searchPage(query: Record<string, string>, init: { store?: "en" | "fi"; headers?: Record<string, string> } = {}) {
  const response = await shop.request(`/api/engagement/queries/search-page?${new URLSearchParams(query)}`, {
    method: "POST",
    store: init.store,
    headers: init.headers,
  });
  return { status: response.status, body: (await response.json()) as WireSearchPage };
}

const titles = (body: WireAutocomplete) => body.productSuggestions.map((p) => p.title);

describe("matching and ranking", () => {
  it("finds a product by a word of its name, with the name's shape of spec §3", async () => {
    const p = await takeProduct();
    await rename(p.id, { en: "Quarvel jacket, navy" });
    await indexed();
    const { status, body } = await autocomplete({ q: "quarvel jacket" });
    expect(status).toBe(200);
    expect(body.totalHits).toBe(1);
    const [suggestion] = body.productSuggestions;
    expect(suggestion).toMatchObject({ title: "Quarvel jacket, navy", key: p.sku, inStock: true });
    expect(suggestion?.link).toMatch(/^\/p\/[a-z0-9-]+$/);
    expect(suggestion?.imageInfo.thumbnail).toMatch(/w=100&h=140&fit=bounds&q=80&fm=webp$/);
    expect(suggestion?.ticket).toMatch(/^p1\./);
    expect(suggestion?.sellingPrice.min).toBeGreaterThan(0);
    expect(body.phraseSuggestions).toEqual([{ q: "Quarvel jacket", highlighted: "{Quarvel} {jacket}" }]);

    // Spec §3's legacy shape, on request: name, brand_value, image (url, label), price_range.
    const legacy = (await autocomplete({ q: "quarvel jacket", shape: "legacy" })).body as unknown as {
      productSuggestions: {
        brand_value: string;
        image: { url: string };
        price_range: { minimum_price: { final_price: { value: number } } };
      }[];
    };
    const [old] = legacy.productSuggestions;
    if (!old || !suggestion) throw new Error("no suggestion");
    expect(old).toMatchObject({ sku: p.sku, name: "Quarvel jacket, navy", url_key: suggestion.link.slice(3), ticket: suggestion.ticket });
    expect(old.brand_value).toBe(suggestion.brand);
    expect(old.image.url).toBe(suggestion.imageInfo.thumbnail);
    expect(old.price_range.minimum_price.final_price.value).toBe(suggestion.sellingPrice.min);
    expect(old).not.toHaveProperty("title");
  });

  it("ranks a product named by the word above one that only mentions it in its description", async () => {
    const named = await takeProduct();
    const described = await takeProduct();
    // The describing product comes first in the catalogue's own order: only the rank can put it second.
    await rename(described.id, { en: "Plain tee", descriptionEn: "Goes well with a zimbrillo scarf." });
    await rename(named.id, { en: "Zimbrillo scarf" });
    await operator.query("UPDATE products SET position = -1 WHERE id = $1", [described.id]);
    await indexed();
    const { body } = await autocomplete({ q: "zimbrillo" });
    expect(titles(body)).toEqual(["Zimbrillo scarf", "Plain tee"]);
    expect(body.totalHits).toBe(2);
  });

  it("stems English: 'jackets' finds a 'jacket' and 'hiking' a 'hike'", async () => {
    const p = await takeProduct();
    await rename(p.id, { en: "Vorlund jacket", descriptionEn: "Made for a long hike." });
    await indexed();
    expect(titles((await autocomplete({ q: "vorlund jackets" })).body)).toEqual(["Vorlund jacket"]);
    expect(titles((await autocomplete({ q: "vorlund hiking" })).body)).toEqual(["Vorlund jacket"]);
  });

  it("stems Finnish: 'takit' and 'takkia' find a 'takki' in the fi store", async () => {
    const p = await takeProduct();
    await rename(p.id, { fi: "Kelvari takki" });
    await indexed();
    for (const q of ["kelvari takit", "kelvari takkia", "kelvarin takki"]) {
      const { body } = await autocomplete({ q }, { store: "fi" });
      expect(titles(body), q).toEqual(["Kelvari takki"]);
    }
  });

  it("matches prefixes and typos: 'takk', 'tkki', 'jaket'", async () => {
    const fi = await takeProduct();
    const en = await takeProduct();
    await rename(fi.id, { fi: "Ombrella takki" });
    await rename(en.id, { en: "Ombrella jacket" });
    await indexed();
    for (const q of ["ombrella takk", "ombrella tkki", "ombrela takki"])
      expect(titles((await autocomplete({ q }, { store: "fi" })).body), q).toContain("Ombrella takki");
    for (const q of ["ombrella jack", "ombrella jaket", "ombrela jacket"])
      expect(titles((await autocomplete({ q })).body), q).toContain("Ombrella jacket");
  });

  it("finds a Finnish compound by its part: 'sadetakki' for 'takki'", async () => {
    const p = await takeProduct();
    await rename(p.id, { fi: "Hurmio sadetakki" });
    await indexed();
    const { body } = await autocomplete({ q: "hurmio takki" }, { store: "fi" });
    expect(titles(body)).toContain("Hurmio sadetakki");
    expect(body.phraseSuggestions[0]).toEqual({ q: "Hurmio sadetakki", highlighted: "{Hurmio} sade{takki}" });
  });

  it("highlights the typed part of each word in braces", async () => {
    const p = await takeProduct();
    await rename(p.id, { en: "Brixtel parka, black" });
    await indexed();
    const { body } = await autocomplete({ q: "brix par" });
    expect(body.phraseSuggestions).toEqual([{ q: "Brixtel parka", highlighted: "{Brix}tel {par}ka" }]);
  });
});

describe("the index follows the catalogue", () => {
  /** What `read` gives once `done` holds, asked every 50 ms for at most 2 s from `since`. */
  async function within2s<T>(since: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    let value = await read();
    while (!done(value) && Date.now() - since < 2000) {
      await new Promise((r) => setTimeout(r, 50));
      value = await read();
    }
    expect(Date.now() - since).toBeLessThan(2000);
    return value;
  }

  it("shows a renamed product under its new name within 2 seconds", async () => {
    const p = await takeProduct();
    await rename(p.id, { en: "Glimmerfoss vest" });
    await indexed();
    expect(titles((await autocomplete({ q: "glimmerfoss" })).body)).toEqual(["Glimmerfoss vest"]);
    const renamedAt = Date.now();
    await rename(p.id, { en: "Skyfjord vest" });
    const seen = await within2s(
      renamedAt,
      async () => titles((await autocomplete({ q: "skyfjord" })).body),
      (t) => t.length > 0,
    );
    expect(seen).toEqual(["Skyfjord vest"]);
    expect((await autocomplete({ q: "glimmerfoss" })).body.totalHits).toBe(0);
  });

  it("drops a disabled product and brings it back when enabled", async () => {
    const p = await takeProduct();
    await rename(p.id, { en: "Nimbusdal poncho" });
    await indexed();
    expect((await autocomplete({ q: "nimbusdal" })).body.totalHits).toBe(1);
    await operator.query("UPDATE products SET enabled = false WHERE id = $1", [p.id]);
    await indexed();
    expect((await autocomplete({ q: "nimbusdal" })).body.totalHits).toBe(0);
    await operator.query("UPDATE products SET enabled = true WHERE id = $1", [p.id]);
    await indexed();
    expect((await autocomplete({ q: "nimbusdal" })).body.totalHits).toBe(1);
  });

  it("shows a new price and a sold-out product within 2 seconds, also in suggestions already asked for", async () => {
    const p = await takeProduct();
    await rename(p.id, { en: "Tundravik boot" });
    await indexed();
    const first = (await autocomplete({ q: "tundravik" })).body.productSuggestions[0];
    expect(first?.inStock).toBe(true);
    const pricedAt = Date.now();
    await operator.query(
      `INSERT INTO prices (variant_id, store_code, valid_from, regular_cents, final_cents)
       SELECT id, 'en', now(), 12300, 12300 FROM variants WHERE product_id = $1`,
      [p.id],
    );
    const priced = await within2s(
      pricedAt,
      async () => (await autocomplete({ q: "tundravik" })).body.productSuggestions[0],
      (s) => s?.sellingPrice.min === 123,
    );
    expect(priced?.sellingPrice).toEqual({ min: 123, max: 123 });
    const soldAt = Date.now();
    await operator.query("UPDATE variants SET stock = 0 WHERE product_id = $1", [p.id]);
    const soldOut = await within2s(
      soldAt,
      async () => (await autocomplete({ q: "tundravik" })).body.productSuggestions[0],
      (s) => s?.inStock === false,
    );
    expect(soldOut?.inStock).toBe(false);
  });
});

describe("search page", () => {
  it("answers the category listing's items with a total, and 'did you mean' when nothing matches", async () => {
    const p = await takeProduct();
    await rename(p.id, { en: "Wrenholt anorak, green" });
    await indexed();
    const { status, body } = await searchPage({ q: "wrenholt" });
    expect(status).toBe(200);
    expect(body.total_count).toBe(1);
    expect(body.items[0]).toMatchObject({ sku: p.sku, name: "Wrenholt anorak, green" });
    expect(body.items[0]?.price_range.minimum_price.final_price.value).toBeGreaterThan(0);
    expect(body.didYouMean).toBeNull();
    const miss = await searchPage({ q: "wrenhlot zzqx" });
    expect(miss.body.total_count).toBe(0);
    expect(miss.body.items).toEqual([]);
    // A query (a word corrected, one nobody sells left out), not a product's name.
    expect(miss.body.didYouMean).toBe("wrenholt");
  });

  it("filters as category pages do: brand, colour, price range", async () => {
    const a = await takeProduct();
    const b = await takeProduct();
    await rename(a.id, { en: "Quillon hat" });
    await rename(b.id, { en: "Quillon hat" });
    await operator.query("UPDATE products SET brand = 'Quillonbrand' WHERE id = $1", [a.id]);
    await indexed();
    const all = await searchPage({ q: "quillon" });
    expect(all.body.total_count).toBe(2);
    const branded = await searchPage({ q: "quillon", brand: "Quillonbrand" });
    expect(branded.body.items.map((i) => i.sku)).toEqual([a.sku]);
    expect(branded.body.applied.filters).toEqual({ brand: ["Quillonbrand"] });
    const { rows } = await operator.query<{ code: string }>(
      `SELECT av.code FROM product_listing l JOIN attribute_values av ON av.id = l.color_ids[1]
       WHERE l.product_id = $1 AND l.store_code = 'en'`,
      [b.id],
    );
    const colour = rows[0]?.code ?? "";
    const coloured = await searchPage({ q: "quillon", color: colour });
    expect(coloured.body.items.map((i) => i.sku)).toContain(b.sku);
    const price = all.body.items.find((i) => i.sku === b.sku)?.price_range.minimum_price.final_price.value ?? 0;
    const inRange = await searchPage({ q: "quillon", price: `${Math.floor(price)}-${Math.floor(price) + 1}` });
    expect(inRange.body.items.map((i) => i.sku)).toContain(b.sku);
    const none = await searchPage({ q: "quillon", price: "99990-99999" });
    expect(none.body).toMatchObject({ total_count: 0, items: [], didYouMean: null });
  });

  it("pages and sorts by price", async () => {
    const a = await takeProduct();
    const b = await takeProduct();
    await rename(a.id, { en: "Pellucid cap" });
    await rename(b.id, { en: "Pellucid cap" });
    await indexed();
    const first = await searchPage({ q: "pellucid", pageSize: "1", page: "1", sort: "price", dir: "asc" });
    const second = await searchPage({ q: "pellucid", pageSize: "1", page: "2", sort: "price", dir: "asc" });
    expect(first.body.total_count).toBe(2);
    expect(second.body.total_count).toBe(2);
    const prices = [first, second].map((r) => r.body.items[0]?.price_range.minimum_price.final_price.value ?? 0);
    expect(prices[0]).toBeLessThanOrEqual(prices[1] ?? 0);
    expect(first.body.page_info).toEqual({ current_page: 1, page_size: 1, total_pages: 2 });
  });
});

describe("search page aggregations", () => {
  type Facet = WireSearchPage["aggregations"][number];
  const facet = (body: WireSearchPage, code: string) => body.aggregations.find((a) => a.attribute_code === code);
  const sum = (f: Facet | undefined) => (f?.options ?? []).reduce((n, o) => n + o.count, 0);

  it("answers the filters of the matching products with counts that agree with the filtered results", async () => {
    const products = [await takeProduct(), await takeProduct(), await takeProduct(), await takeProduct(), await takeProduct()];
    for (const p of products) await rename(p.id, { en: "Brindlewick coat", fi: "Brindlewick takki" });
    await indexed();
    const all = await searchPage({ q: "brindlewick", pageSize: "100" });
    expect(all.status).toBe(200);
    expect(all.body.total_count).toBe(5);
    // Each product has one brand and one lowest price: those facets add up to the total.
    expect(sum(facet(all.body, "brand"))).toBe(5);
    expect(sum(facet(all.body, "price"))).toBe(5);
    const colours = facet(all.body, "color");
    expect(colours?.translated_label).toBe("Colour");
    expect(colours?.options.length).toBeGreaterThan(0);
    // Every colour's count is the number of results a filter by it gives, and the filtered page's
    // other facets count those same products.
    for (const option of colours?.options ?? []) {
      const filtered = await searchPage({ q: "brindlewick", color: option.value, pageSize: "100" });
      expect(filtered.body.total_count).toBe(option.count);
      expect(filtered.body.items).toHaveLength(option.count);
      expect(sum(facet(filtered.body, "brand"))).toBe(option.count);
      expect(sum(facet(filtered.body, "price"))).toBe(option.count);
      // A facet leaves its own filter out: the colour choices stay as they were.
      expect(facet(filtered.body, "color")?.options).toEqual(colours?.options);
    }
    // Price buckets are labelled by the range they count: filtering by one gives its count.
    for (const option of facet(all.body, "price")?.options ?? []) {
      const [from, to] = option.value.split("-").map((v) => (v === "" ? Number.POSITIVE_INFINITY : Number(v)));
      expect(option.label).toMatch(/€/);
      const inRange = await searchPage({ q: "brindlewick", price: option.value, pageSize: "100" });
      expect(inRange.body.total_count).toBe(option.count);
      for (const item of inRange.body.items) {
        const price = item.price_range.minimum_price.final_price.value;
        expect(price).toBeGreaterThanOrEqual(from ?? 0);
        expect(price).toBeLessThan(to ?? Number.POSITIVE_INFINITY);
      }
    }
    const fi = await searchPage({ q: "brindlewick", color: colours?.options[0]?.value ?? "" }, { store: "fi" });
    expect(facet(fi.body, "color")?.translated_label).toBe("Väri");
    expect(fi.body.applied.filters).toEqual({ color: [colours?.options[0]?.value] });
  });

  it("counts what a typo finds the same way its results are found", async () => {
    const products = [await takeProduct(), await takeProduct()];
    for (const p of products) await rename(p.id, { en: "Marrowvale scarf" });
    await indexed();
    const typo = await searchPage({ q: "marowvale", pageSize: "100" });
    expect(typo.body.total_count).toBe(2);
    expect(sum(facet(typo.body, "brand"))).toBe(2);
    const option = facet(typo.body, "color")?.options[0];
    const filtered = await searchPage({ q: "marowvale", color: option?.value ?? "" });
    expect(filtered.body.total_count).toBe(option?.count);
  });
});

describe("privacy", () => {
  const keys = (name: string) => ({ customerKey: `ck-${name}-${Date.now()}`, sessionKey: `sk-${name}-${Date.now()}` });
  const stored = async (k: { customerKey: string; sessionKey: string }) => {
    const { rows } = await operator.query<{ signals: number; searches: number }>(
      `SELECT (SELECT count(*)::int FROM engagement_signals WHERE customer_key = $1 OR session_key = $2) AS signals,
              (SELECT count(*)::int FROM engagement_searches WHERE customer_key = $1 OR session_key = $2) AS searches`,
      [k.customerKey, k.sessionKey],
    );
    return rows[0];
  };
  const signalsOf = async (sku: string) =>
    (
      await operator.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM engagement_signals s JOIN products p ON p.id = s.product_id WHERE p.sku = $1",
        [sku],
      )
    ).rows[0]?.n;

  async function click(ticket: string, query: Record<string, string>, headers: Record<string, string>) {
    return shop.request(`/api/engagement/notifications/click?${new URLSearchParams({ ticket, ...query })}`, { method: "POST", headers });
  }

  it("with marketing consent, remembers searches and clicks as recent searches and recently viewed", async () => {
    const p = await takeProduct();
    await rename(p.id, { en: "Fennoria beanie" });
    await indexed();
    const k = keys("yes");
    expect((await searchPage({ q: "Fennoria", ...k }, { headers: CONSENT })).status).toBe(200);
    const ticket = (await autocomplete({ q: "fennoria", ...k }, { headers: CONSENT })).body.productSuggestions[0]?.ticket ?? "";
    expect((await click(ticket, k, CONSENT)).status).toBe(204);
    expect(await stored(k)).toEqual({ signals: 1, searches: 1 });
    const { body } = await autocomplete({ q: "", ...k }, { headers: CONSENT });
    expect(body.recentSearches).toEqual([{ q: "Fennoria" }]);
    expect(body.recentlyViewed.map((v) => v.title)).toEqual(["Fennoria beanie"]);
    expect(body.productSuggestions).toEqual([]);
    // Another session sees none of it.
    const other = await autocomplete({ q: "", ...keys("other") }, { headers: CONSENT });
    expect(other.body.recentSearches).toEqual([]);
    expect(other.body.recentlyViewed).toEqual([]);
  });

  it("stores and uses nothing with notify=false, even with the consent cookie", async () => {
    const p = await takeProduct();
    await rename(p.id, { en: "Kaldera mitten" });
    await indexed();
    const k = keys("notify");
    const before = await signalsOf(p.sku);
    await searchPage({ q: "kaldera", ...k, notify: "false" }, { headers: CONSENT });
    const ticket = (await autocomplete({ q: "kaldera", ...k, notify: "false" }, { headers: CONSENT })).body.productSuggestions[0]?.ticket;
    expect(ticket).toBeTruthy();
    expect((await click(ticket ?? "", { ...k, notify: "false" }, CONSENT)).status).toBe(204);
    expect(await stored(k)).toEqual({ signals: 0, searches: 0 });
    expect(await signalsOf(p.sku)).toBe(before);
    // What was stored with consent earlier is not used either.
    await searchPage({ q: "kaldera", ...k }, { headers: CONSENT });
    const { body } = await autocomplete({ q: "", ...k, notify: "false" }, { headers: CONSENT });
    expect(body.recentSearches).toEqual([]);
    expect(body.recentlyViewed).toEqual([]);
  });

  it("stores and uses nothing without marketing in the consent cookie, whatever notify says", async () => {
    const p = await takeProduct();
    await rename(p.id, { en: "Solvik glove" });
    await indexed();
    const k = keys("nomarketing");
    for (const headers of [NO_MARKETING, {}]) {
      await searchPage({ q: "solvik", ...k, notify: "true" }, { headers });
      const ticket = (await autocomplete({ q: "solvik", ...k }, { headers })).body.productSuggestions[0]?.ticket ?? "";
      expect((await click(ticket, { ...k, notify: "true" }, headers)).status).toBe(204);
      const add = await shop.request(`/api/engagement/notifications/add-to-cart?${new URLSearchParams({ productKey: p.sku, ...k })}`, {
        method: "POST",
        headers,
      });
      expect(add.status).toBe(204);
    }
    expect(await stored(k)).toEqual({ signals: 0, searches: 0 });
    expect(await signalsOf(p.sku)).toBe(0);
  });

  it("ranks by popularity learned from consented signals when the text ties", async () => {
    const a = await takeProduct();
    const b = await takeProduct();
    await rename(a.id, { en: "Marvellin sock" });
    await rename(b.id, { en: "Marvellin sock" });
    await indexed();
    const k = keys("popular");
    const before = titles((await autocomplete({ q: "marvellin" })).body);
    expect(before).toHaveLength(2);
    // The one shown second gets bought: it comes first.
    const second = (await autocomplete({ q: "marvellin" })).body.productSuggestions[1]?.key ?? "";
    for (let i = 0; i < 3; i++) {
      const r = await shop.request(`/api/engagement/notifications/purchase?${new URLSearchParams({ productKey: second, ...k })}`, {
        method: "POST",
        headers: CONSENT,
      });
      expect(r.status).toBe(204);
    }
    // Another text: the suggestions of "marvellin" are kept for a minute (decision 0022).
    expect((await autocomplete({ q: "marvellin sock" })).body.productSuggestions[0]?.key).toBe(second);
    // Two months later those purchases weigh less than one click today (half-life 7 days).
    await operator.query(
      "UPDATE product_popularity SET at = at - interval '60 days' WHERE product_id = (SELECT id FROM products WHERE sku = $1)",
      [second],
    );
    const first =
      before.length === 2 ? (await autocomplete({ q: "marvellin" })).body.productSuggestions.find((p) => p.key !== second)?.key : "";
    await shop.request(`/api/engagement/notifications/click?${new URLSearchParams({ productKey: first ?? "", ...k })}`, {
      method: "POST",
      headers: CONSENT,
    });
    expect((await autocomplete({ q: "marvellin socks" })).body.productSuggestions[0]?.key).toBe(first);
  });
});

describe("bad input", () => {
  const post = (path: string, store: "en" | "fi" = "en") => shop.request(path, { method: "POST", store });
  const firstError = async (r: Response) => ((await r.json()) as { code: string; message: string; field?: string }[])[0];

  it("refuses a 1,000-character text, in the store's language", async () => {
    const q = "a".repeat(1000);
    for (const [store, text] of [
      ["en", "Insert at most 200 characters"],
      ["fi", "Kirjoita enintään 200 merkkiä"],
    ] as const) {
      const r = await post(`/api/engagement/queries/autocomplete?q=${q}`, store);
      expect(r.status).toBe(400);
      expect(await firstError(r)).toMatchObject({ code: "invalid_input", field: "q", message: text });
    }
  });

  it("answers an empty autocomplete with nothing, and refuses an empty search", async () => {
    const r = await post("/api/engagement/queries/autocomplete?q=%20%20");
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ phraseSuggestions: [], productSuggestions: [], recentSearches: [], recentlyViewed: [], totalHits: 0 });
    const punctuation = await post("/api/engagement/queries/autocomplete?q=%22%27%26%7C!%3A*()");
    expect(punctuation.status).toBe(200);
    const search = await post("/api/engagement/queries/search-page?q=");
    expect(search.status).toBe(400);
    expect(await firstError(search)).toMatchObject({ code: "invalid_input", field: "q" });
  });

  it("refuses an unknown query or notification type, bad paging, filters, sorts, keys and tickets with a 400", async () => {
    for (const path of [
      "/api/engagement/queries/nonsense?q=x",
      "/api/engagement/notifications/nonsense?productKey=x",
      "/api/engagement/queries/search-page?q=jacket&page=0",
      "/api/engagement/queries/search-page?q=jacket&page=abc",
      "/api/engagement/queries/search-page?q=jacket&pageSize=1000",
      "/api/engagement/queries/search-page?q=jacket&sort=name",
      "/api/engagement/queries/search-page?q=jacket&color=nocolour",
      "/api/engagement/queries/search-page?q=jacket&price=abc",
      "/api/engagement/queries/autocomplete?q=x&customerKey=%3Cscript%3E",
      "/api/engagement/queries/autocomplete?q=x&locale=sv-SE",
      "/api/engagement/notifications/click?ticket=forged",
      "/api/engagement/notifications/click",
    ]) {
      const r = await post(path);
      expect(r.status, path).toBe(400);
      expect((await firstError(r))?.code, path).toBe("invalid_input");
    }
  });

  it("answers a ticket or product key of no product with a 404", async () => {
    const r = await post("/api/engagement/notifications/click?productKey=NO-SUCH-SKU");
    expect(r.status).toBe(404);
    expect((await firstError(r))?.code).toBe("product_not_found");
  });

  it("describes every engagement endpoint in the OpenAPI document", async () => {
    const doc = (await (await shop.request("/api/openapi.json")).json()) as { paths: Record<string, { post?: { description?: string } }> };
    for (const path of ["/api/engagement/queries/{type}", "/api/engagement/notifications/{type}"])
      expect(doc.paths[path]?.post?.description, path).toMatch(/consent/);
  });
});
