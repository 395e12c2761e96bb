// A coupon once per customer, on two shop processes over one database (issue 36): a customer's
// carts placed at the same moment, half through each process, give exactly one order with it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCartId } from "../../server/cart/service.ts";
import { hashPassword } from "../../server/customers/passwords.ts";
import { configurableVariant } from "../helpers/catalog-rows.ts";
import { CUSTOMER_PASSWORD } from "../helpers/customers.ts";
import { type ShopProcess, startShopProcess } from "../helpers/shop-process.ts";
import { DEMO_ADDRESS } from "../helpers/shop-client.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

describe("a once-per-customer coupon on two shop processes", () => {
  let database: TestDatabase;
  const dirs: string[] = [];
  const shops: ShopProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-coupon-proc-"));
      dirs.push(dataDir);
      shops.push(await startShopProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: "warn" }));
    }
  }, 240_000);
  afterAll(async () => {
    for (const shop of shops) await shop.stop();
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("gives ONCE to exactly one of a customer's carts ordered at once, every round", async () => {
    const [a, b] = shops;
    if (!a || !b) throw new Error("no shops");
    const email = `kahdesti.${Date.now()}@example.com`;
    const { rows } = await database.pool.query<{ id: number }>(
      `INSERT INTO customers (email, firstname, lastname, password_hash, store_code, confirmed_at)
       VALUES ($1, 'Aino', 'Asiakas', $2, 'en', now()) RETURNING id`,
      [email, await hashPassword(CUSTOMER_PASSWORD)],
    );
    const customerId = rows[0]?.id;
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: CUSTOMER_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { token: { accessToken: string } }).token.accessToken;
    const variant = await configurableVariant(database.pool, 0, 10_000);

    for (let round = 0; round < 10; round++) {
      await database.pool.query("DELETE FROM coupon_redemptions WHERE customer_id = $1", [customerId]);
      const carts = Array.from({ length: round % 2 === 0 ? 2 : 4 }, () => newCartId());
      await database.pool.query(
        `INSERT INTO carts (id, store_code, customer_id, shipping_address, shipping_method, payment_method, coupon_code)
         SELECT id, 'en', $2, $3::jsonb, 'home_delivery', 'invoice', 'ONCE' FROM unnest($1::text[]) AS id`,
        [carts, customerId, JSON.stringify({ ...DEMO_ADDRESS, email })],
      );
      await database.pool.query(
        `INSERT INTO cart_items (cart_id, variant_id, quantity, options, options_hash)
         SELECT id, $2, 1, '{}'::jsonb, 'plain' FROM unnest($1::text[]) AS id`,
        [carts, variant.variantId],
      );
      const replies = await Promise.all(
        carts.map((cart, i) =>
          fetch(`${(i % 2 === 0 ? a : b).url}/api/checkout/placeOrder`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, cart, "content-type": "application/json" },
            body: "{}",
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      for (const refused of replies.filter((r) => r.status !== 200))
        expect(refused).toMatchObject({ status: 409, body: [{ code: "coupon_customer_limit" }] });
      const { rows: orders } = await database.pool.query(
        "SELECT count(*)::int AS n FROM orders WHERE coupon_code = 'ONCE' AND cart_id = ANY($1)",
        [carts],
      );
      expect(orders[0].n).toBe(1);
    }
  }, 120_000);
});
