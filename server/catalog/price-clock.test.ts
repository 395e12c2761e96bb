// The price clock's start-up catch-up (decision 0001): a shop that was down across price
// periods starts with every listing row right, refreshed in short batches so that orders
// selling out a size never wait for the whole catalogue.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db.ts";
import { createProductChanges, type ProductChange } from "./changes.ts";
import { createPriceClock } from "./price-clock.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const listing = async () =>
  (
    await database.pool.query<{ product_id: number; store_code: string; min_final_cents: number; in_stock: boolean }>(
      "SELECT product_id, store_code, min_final_cents, in_stock FROM product_listing ORDER BY product_id, store_code",
    )
  ).rows;

it("catches up on periods that started while no process ran, batch by batch, and tells each batch", async () => {
  const truth = await listing();
  // What a shop down across a sale would find: listing rows priced as before it.
  await database.pool.query("UPDATE product_listing SET min_final_cents = min_final_cents + 100");
  expect(await listing()).not.toEqual(truth);

  const changes = await createProductChanges(database.db, { pollMs: 0, listen: false });
  const told: ProductChange[] = [];
  changes.onChange((change) => told.push(change));
  const clock = await createPriceClock(database.db, changes, { tickMs: 0, batchSize: 50 });
  try {
    await expect.poll(() => told.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await clock.check(); // the catch-up under way, then nothing more is due
    const refreshed = new Set(told.flatMap((c) => c.productIds));
    // The demo catalogue's price history starts within the last month for (nearly) every product.
    expect(refreshed.size).toBeGreaterThan(100);
    expect(told.every((c) => c.listing && c.productIds.length <= 50)).toBe(true);
    const after = await listing();
    expect(after.filter((r) => refreshed.has(r.product_id))).toEqual(truth.filter((r) => refreshed.has(r.product_id)));
  } finally {
    clock.stop();
    await changes.stop();
  }
});
