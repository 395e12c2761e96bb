// Two shop processes on one database (issue 9, decision 0001): an operator's stock change by
// plain SQL reaches the cached product pages of both, while another product's page stays cached.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShopProcess, startShopProcess } from "../helpers/shop-process.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

describe("two shop processes on one database", () => {
  let database: TestDatabase;
  const dirs: string[] = [];
  const shops: ShopProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-fresh-proc-"));
      dirs.push(dataDir);
      shops.push(await startShopProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: "warn" }));
    }
  }, 240_000);
  afterAll(async () => {
    for (const shop of shops) await shop.stop();
    await database.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("show a product sold out by an operator's SQL on their cached pages, and keep other pages cached", async () => {
    const { rows } = await database.pool.query<{ product_id: number; url_key: string }>(
      `SELECT t.product_id, t.url_key FROM product_translations t JOIN products p ON p.id = t.product_id
        WHERE t.locale = 'en' AND p.type = 'ConfigurableProduct' AND p.enabled ORDER BY p.id LIMIT 2`,
    );
    const [sold, other] = rows;
    if (!sold || !other) throw new Error("no products");
    await database.pool.query("UPDATE variants SET stock = 5 WHERE product_id = ANY($1)", [[sold.product_id, other.product_id]]);
    const page = async (shop: ShopProcess, slug: string) => {
      const response = await fetch(`${shop.url}/p/${slug}`);
      expect(response.status).toBe(200);
      return { cache: response.headers.get("x-cache"), html: await response.text() };
    };
    for (const shop of shops) {
      for (const { url_key } of [sold, other]) {
        // The restock above reaches the processes as a change too: wait until the page stays cached.
        await expect.poll(async () => (await page(shop, url_key)).cache, { timeout: 10_000, interval: 100 }).toBe("HIT");
        expect((await page(shop, url_key)).html).toContain("schema.org/InStock");
      }
    }

    await database.pool.query("UPDATE variants SET stock = 0 WHERE product_id = $1", [sold.product_id]);
    for (const shop of shops) {
      await expect
        .poll(async () => (await page(shop, sold.url_key)).html.includes("schema.org/OutOfStock"), { timeout: 10_000, interval: 100 })
        .toBe(true);
      expect(await page(shop, other.url_key)).toMatchObject({ cache: "HIT" });
    }
  }, 60_000);
});
