// Retention of what the engine keeps about shoppers (issue 12, decision 0025): signals and
// searches older than the retention period are deleted by the sweep, popularity rows with them,
// and a shopper's searches never pile up past the cap. Rows are back-dated in the database, as
// if written long ago.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant } from "../../tests/helpers/catalog-rows.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { MAX_SEARCHES_PER_KEY, RETENTION_DAYS } from "./repository.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const MARKETING = { cookie: "consent=necessary,marketing" };
const query = async <T extends object>(text: string, params: unknown[] = []) => (await shop.database.pool.query<T>(text, params)).rows;

async function click(sku: string, sessionKey: string) {
  const response = await shop.request(`/api/engagement/notifications/click?productKey=${sku}&sessionKey=${sessionKey}`, {
    method: "POST",
    headers: MARKETING,
  });
  expect(response.status).toBe(204);
}

async function recentlyViewed(sessionKey: string): Promise<string[]> {
  const response = await shop.request(`/api/engagement/queries/landing-page?list=recently-viewed&sessionKey=${sessionKey}`, {
    method: "POST",
    headers: MARKETING,
  });
  const body = (await response.json()) as { recommendationLists: { products: { key: string }[] }[] };
  return body.recommendationLists[0]?.products.map((p) => p.key) ?? [];
}

async function recentSearches(sessionKey: string): Promise<string[]> {
  const response = await shop.request(`/api/engagement/queries/autocomplete?sessionKey=${sessionKey}`, {
    method: "POST",
    headers: MARKETING,
  });
  return ((await response.json()) as { recentSearches: { q: string }[] }).recentSearches.map((s) => s.q);
}

describe("the retention sweep", () => {
  it(`deletes signals older than ${RETENTION_DAYS} days and the popularity they leave, keeps newer ones as they were`, async () => {
    const old = await configurableVariant(shop.database.pool, 60, 20);
    const recent = await configurableVariant(shop.database.pool, 61, 20);
    const key = `retention-${Date.now()}`;
    await click(old.productSku, key);
    await click(recent.productSku, key);
    // The old product's signal and popularity were written 100 days ago; the recent one's 89 days ago and today.
    await query(
      `UPDATE engagement_signals SET at = now() - interval '100 days'
        WHERE session_key = $1 AND product_id = (SELECT id FROM products WHERE sku = $2)`,
      [key, old.productSku],
    );
    await query(
      "UPDATE product_popularity SET at = now() - interval '100 days' WHERE product_id = (SELECT id FROM products WHERE sku = $1)",
      [old.productSku],
    );
    await query(
      `INSERT INTO engagement_signals (product_id, kind, session_key, at)
       SELECT id, 'click', $1, now() - interval '89 days' FROM products WHERE sku = $2`,
      [key, recent.productSku],
    );
    expect(await recentlyViewed(key)).toEqual([recent.productSku, old.productSku]);
    const popularityBefore = await query<{ sku: string; score: number }>(
      "SELECT p.sku, pp.score FROM product_popularity pp JOIN products p ON p.id = pp.product_id WHERE p.sku = ANY($1) ORDER BY p.sku",
      [[old.productSku, recent.productSku]],
    );
    expect(popularityBefore).toHaveLength(2);

    const pruned = await shop.services.engagement.prune();
    expect(pruned.signals).toBeGreaterThanOrEqual(1);
    expect(pruned.popularity).toBeGreaterThanOrEqual(1);

    const left = await query<{ sku: string; days: number }>(
      `SELECT p.sku, floor(extract(epoch FROM now() - s.at) / 86400)::int AS days
         FROM engagement_signals s JOIN products p ON p.id = s.product_id WHERE s.session_key = $1 ORDER BY s.at`,
      [key],
    );
    expect(left).toEqual([
      { sku: recent.productSku, days: 89 },
      { sku: recent.productSku, days: 0 },
    ]);
    // A product has a popularity row exactly when it has a signal kept; the kept score is untouched.
    const popularityAfter = await query<{ sku: string; score: number }>(
      "SELECT p.sku, pp.score FROM product_popularity pp JOIN products p ON p.id = pp.product_id WHERE p.sku = ANY($1) ORDER BY p.sku",
      [[old.productSku, recent.productSku]],
    );
    expect(popularityAfter).toEqual(popularityBefore.filter((r) => r.sku === recent.productSku));
    const orphans = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM product_popularity pp
        WHERE NOT EXISTS (SELECT 1 FROM engagement_signals s WHERE s.product_id = pp.product_id)`,
    );
    expect(orphans[0]?.n).toBe(0);
    // What the shopper sees follows: the product viewed 100 days ago is no longer recently viewed.
    expect(await recentlyViewed(key)).toEqual([recent.productSku]);
    // A second sweep finds nothing more to do.
    expect(await shop.services.engagement.prune()).toEqual({ signals: 0, searches: 0, popularity: 0 });
  });

  it(`deletes searches older than ${RETENTION_DAYS} days`, async () => {
    const key = `oldsearch-${Date.now()}`;
    for (const q of ["ancient anorak", "fresh fleece"]) {
      const response = await shop.request(`/api/engagement/queries/search-page?q=${encodeURIComponent(q)}&sessionKey=${key}`, {
        method: "POST",
        headers: MARKETING,
      });
      expect(response.status).toBe(200);
    }
    await query("UPDATE engagement_searches SET at = now() - interval '91 days' WHERE session_key = $1 AND q = 'ancient anorak'", [key]);
    expect(await recentSearches(key)).toEqual(["fresh fleece", "ancient anorak"]);
    const pruned = await shop.services.engagement.prune();
    expect(pruned.searches).toBe(1);
    expect(await recentSearches(key)).toEqual(["fresh fleece"]);
  });

  it(`keeps at most ${MAX_SEARCHES_PER_KEY} searches per shopper, the newest`, async () => {
    const key = `manysearches-${Date.now()}`;
    const other = `othersearches-${Date.now()}`;
    // Searches made over the past days, oldest first.
    await query(
      `INSERT INTO engagement_searches (store_code, q, session_key, at)
       SELECT 'en', 'word ' || n, $1, now() - make_interval(hours => 100 - n) FROM generate_series(1, 60) n`,
      [key],
    );
    await query("INSERT INTO engagement_searches (store_code, q, session_key) VALUES ('en', 'another shopper', $1)", [other]);
    const response = await shop.request(`/api/engagement/queries/search-page?q=newest&sessionKey=${key}`, {
      method: "POST",
      headers: MARKETING,
    });
    expect(response.status).toBe(200);
    const kept = await query<{ q: string }>("SELECT q FROM engagement_searches WHERE session_key = $1 ORDER BY at DESC", [key]);
    expect(kept).toHaveLength(MAX_SEARCHES_PER_KEY);
    expect(kept[0]?.q).toBe("newest");
    // The newest 49 of the 60 earlier searches stay: word 60 … word 12.
    expect(kept.at(-1)?.q).toBe(`word ${60 - (MAX_SEARCHES_PER_KEY - 2)}`);
    expect(await recentSearches(key)).toEqual(["newest", "word 60", "word 59", "word 58", "word 57"]);
    // Another shopper's searches are not touched.
    expect(await query("SELECT q FROM engagement_searches WHERE session_key = $1", [other])).toEqual([{ q: "another shopper" }]);
  });
});
