// Order events survive a crash (decision 0082): the shop is killed with SIGKILL while an endpoint
// holds a delivery open; after a restart every event arrives, each id at least once, and each
// order's events in order.
import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { configurableVariant, setFixedPrice, type TestVariant } from "../helpers/catalog-rows.ts";
import { DEMO_ADDRESS } from "../helpers/shop-client.ts";
import { type ShopProcess, startShopProcess } from "../helpers/shop-process.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

const SECRET = "whsec_process_test_0123456789abcdef";
const TOKEN = "process-events-operator-token-0123456789";
let database: TestDatabase;
let variant: TestVariant;
let dataDir: string;

/** Accepted deliveries, in the order they came: order number, sequence, event id. */
const accepted: { order: string; sequence: number; id: string }[] = [];
let holding = true;
let held = 0;
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    const [t, v1] = String(req.headers["kauppa-signature"])
      .split(",")
      .map((p) => p.slice(p.indexOf("=") + 1));
    if (v1 !== createHmac("sha256", SECRET).update(`${t}.${body}`).digest("hex")) return void res.writeHead(400).end();
    // While holding: the delivery never gets its answer (the shop is killed meanwhile).
    if (holding) return void held++;
    const event = JSON.parse(body) as { id: string; sequence: number; data: { order: { order_number: string } } };
    accepted.push({ order: event.data.order.order_number, sequence: event.sequence, id: event.id });
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  database = await createTestDatabase();
  variant = await configurableVariant(database.pool, 4, 1000);
  await setFixedPrice(database.pool, variant.variantId, 6000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-events-"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

/** A guest's invoice order over the HTTP API: its number once acknowledged. */
async function order(shop: ShopProcess): Promise<string> {
  const call = async (route: string, cart: string | null, body?: unknown) => {
    const headers: Record<string, string> = { Store: "en", "Content-Type": "application/json" };
    if (cart) headers.cart = cart;
    const response = await fetch(`${shop.url}${route}`, { method: "POST", headers, body: JSON.stringify(body ?? {}) });
    if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const cart = String((await call("/api/cart/createEmptyCart", null)).cart_id);
  await call("/api/cart/", cart, {
    product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] },
  });
  await call("/api/checkout/shippingAddress", cart, { address: DEMO_ADDRESS });
  await call("/api/checkout/shippingMethods", cart, { method_code: "home_delivery" });
  await call("/api/checkout/billingAddress", cart, { same_as_shipping: true });
  await call("/api/checkout/paymentMethod", cart, { code: "invoice" });
  return ((await call("/api/checkout/placeOrder", cart)) as { order: { order_number: string } }).order.order_number;
}

it("delivers every event after a SIGKILL mid-delivery, in order per order, each at least once", async () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: "fatal",
    OPERATOR_TOKEN: TOKEN,
    WEBHOOK_URLS: url,
    WEBHOOK_SECRETS: SECRET,
  };
  const first = await startShopProcess(env);
  const numbers = await Promise.all(Array.from({ length: 4 }, () => order(first)));
  for (const n of numbers.slice(0, 2)) {
    const canceled = await fetch(`${first.url}/api/operator/orders/${n}/cancel`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(canceled.status).toBe(200);
  }
  // A delivery is under way (its claim held, its answer never coming): kill the shop now.
  await expect.poll(() => held, { timeout: 30_000 }).toBeGreaterThan(0);
  first.child.kill("SIGKILL");
  await first.exited;

  holding = false;
  const second = await startShopProcess(env);
  const events = async () =>
    (
      await database.pool.query<{ event_id: string; order_number: string; sequence: number }>(
        "SELECT e.event_id, o.order_number, e.sequence FROM order_events e JOIN orders o ON o.id = e.order_id ORDER BY e.id",
      )
    ).rows;
  expect((await events()).length).toBe(6);
  await expect
    .poll(async () => (await events()).filter((e) => !accepted.some((a) => a.id === e.event_id)).length, { timeout: 60_000, interval: 250 })
    .toBe(0);
  for (const n of numbers) {
    const seen = accepted.filter((a) => a.order === n).map((a) => a.sequence);
    expect(seen, n).toEqual([...seen].sort((a, b) => a - b));
  }
  expect(await second.stop()).toBe(0);
}, 240_000);
