// No confirmation lost (docs/decisions/0005): the shop is killed with SIGKILL right after it
// acknowledged orders; after a restart every acknowledged order's confirmation is in
// DATA_DIR/mail, each order's mail under one Message-ID however often it went out.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/db/embedded.ts";
import { configurableVariant, setFixedPrice, type TestVariant } from "../helpers/catalog-rows.ts";
import { mailsIn } from "../helpers/mail.ts";
import { DEMO_ADDRESS } from "../helpers/shop-client.ts";
import { type ShopProcess, startShopProcess } from "../helpers/shop-process.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

let database: TestDatabase;
let variant: TestVariant;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  variant = await configurableVariant(database.pool, 3, 1000);
  // 60 € a unit: every order may pay by invoice (from 50 €), which confirms at once.
  await setFixedPrice(database.pool, variant.variantId, 6000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-mail-"));
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

/** One guest's order over the HTTP API, paid by invoice: answers the order number once acknowledged. */
async function order(shop: ShopProcess): Promise<string> {
  const call = async (method: string, route: string, cart: string | null, body?: unknown) => {
    const headers: Record<string, string> = { Store: "en" };
    if (cart) headers.cart = cart;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${shop.url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`${route}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const cart = String((await call("POST", "/api/cart/createEmptyCart", null)).cart_id);
  await call("POST", "/api/cart/", cart, {
    product: { sku: variant.productSku, quantity: 1, selected_options: [variant.colorUid, variant.sizeUid] },
  });
  await call("POST", "/api/checkout/shippingAddress", cart, { address: DEMO_ADDRESS });
  await call("POST", "/api/checkout/shippingMethods", cart, { method_code: "home_delivery" });
  await call("POST", "/api/checkout/billingAddress", cart, { same_as_shipping: true });
  await call("POST", "/api/checkout/paymentMethod", cart, { code: "invoice" });
  const placed = (await call("POST", "/api/checkout/placeOrder", cart, {})) as { order: { order_number: string } };
  return placed.order.order_number;
}

/** Message-IDs of the mails in the mail folder that name the order number. */
function messageIdsOf(orderNumber: string): Set<string> {
  const ids = new Set<string>();
  for (const mail of mailsIn(path.join(dataDir, "mail")))
    if (mail.includes(orderNumber)) ids.add(/^Message-ID:\s*(\S+)/im.exec(mail)?.[1] ?? "(none)");
  return ids;
}

async function killed(shop: ShopProcess) {
  shop.child.kill("SIGKILL");
  await shop.exited;
}

describe("order confirmations across a crash", () => {
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: "fatal" });

  it("sends, after a restart, the confirmation of every order acknowledged before SIGKILL", async () => {
    // The mail server is down: the acknowledged orders' mails can only wait in the outbox.
    const closedPort = await freePort();
    const first = await startShopProcess({ ...env(), SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
    const early = await Promise.all(Array.from({ length: 6 }, () => order(first)));
    await killed(first);
    expect(mailsIn(path.join(dataDir, "mail"))).toEqual([]);

    // Back up with the file transport: the mail left behind goes out without being asked.
    const second = await startShopProcess(env());
    await expect.poll(() => early.filter((n) => messageIdsOf(n).size === 0), { timeout: 60_000, interval: 250 }).toEqual([]);

    // Killed again right after acknowledging more orders, this time with a working mail transport.
    const late = await Promise.all(Array.from({ length: 6 }, () => order(second)));
    await killed(second);
    const third = await startShopProcess(env());
    await expect.poll(() => late.filter((n) => messageIdsOf(n).size === 0), { timeout: 60_000, interval: 250 }).toEqual([]);

    // A mail written again after a crash before its commit carries the same Message-ID.
    for (const n of [...early, ...late]) expect(messageIdsOf(n).size, n).toBe(1);
    const left = await database.pool.query("SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL");
    expect(left.rows[0]?.n).toBe(0);
    expect(await third.stop()).toBe(0);
  }, 240_000);
});
