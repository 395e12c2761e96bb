// The catalogue's image keys, as /img/p/ asks after them (docs/decisions/0034).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db.ts";
import { catalogueImageKeys } from "./keys.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("catalogue image keys", () => {
  it("knows the keys of the media table, and one added later once the catalogue changes or a minute has passed", async () => {
    const { rows } = await database.pool.query<{ key: string; product_id: number }>("SELECT key, product_id FROM media LIMIT 1");
    const existing = rows[0];
    if (!existing) throw new Error("no media");
    let now = 1_000_000;
    const keys = catalogueImageKeys(database.db, { clock: () => now });
    expect(await keys.has(existing.key)).toBe(true);
    const added = "tee/123abc/1/1";
    expect(await keys.has(added)).toBe(false);
    await database.pool.query("INSERT INTO media (product_id, key, labels) VALUES ($1, $2, '{}')", [existing.product_id, added]);
    expect(await keys.has(added)).toBe(false); // read a moment ago
    now += 61_000;
    expect(await keys.has(added)).toBe(true);
    await database.pool.query("DELETE FROM media WHERE key = $1", [added]);
    keys.invalidate();
    expect(await keys.has(added)).toBe(false);
  });
});
