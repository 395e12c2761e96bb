// Purchase reports (decision 0031; spec §7 POST /api/voyado/payment): a paid order is reported
// to the loyalty programme and the engagement engine once, whatever asks how often; nothing
// without marketing consent; only the order's own shopper may ask; a failing delivery is tried
// again and delivered later, with what the failed tries wrote undone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { customerOrder, loggedInCustomer } from "../../tests/helpers/customers.ts";
import { decideInSandbox } from "../../tests/helpers/payments.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db.ts";
import { createApp } from "../app.ts";
import type { PlacedOrder } from "../checkout/service.ts";
import { createServices, type ServiceOptions } from "../services.ts";
import { purchaseContext } from "./context.ts";
import { type CrmSink, DEFAULT_SINKS } from "./reports.ts";

let database: TestDatabase;
let dataDir: string;
let variantSerial = 20;
beforeAll(async () => {
  database = await createTestDatabase(10);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-crm-"));
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

const MARKETING = { cookie: "consent=necessary,marketing" };
const KEYS = "customerKey=ck-0123456789&sessionKey=sk-0123456789&market=INT&touchpoint=mobile";

/** A product of this test alone (its popularity moves with nobody else's signals), at 64.90 €. */
async function ownVariant(): Promise<TestVariant> {
  const variant = await configurableVariant(database.pool, variantSerial++, 100);
  await setFixedPrice(database.pool, variant.variantId, 6490);
  return variant;
}

/** The shop's services and API on the test database, as one process of the shop would have them. */
async function shopProcess(crm: ServiceOptions["crm"] = { start: false }) {
  const services = await createServices(database.db, { STORE_DOMAINS: TEST_DOMAINS, dataDir }, { pollMs: 0, log: () => {}, crm });
  const app = createApp({ services, logError: () => {} });
  const shop = {
    services,
    database,
    request: (route: string, init: RequestInit & { store?: "en" | "fi" } = {}) => {
      const { store = "en", ...rest } = init;
      return app.request(`http://${TEST_DOMAINS[store]}${route}`, rest);
    },
  } as unknown as TestShop;
  const store = await services.catalog.store("en");
  if (!store) throw new Error("no store");
  return { services, shop, client: shopClient(shop), store };
}
type Process = Awaited<ReturnType<typeof shopProcess>>;

async function orderRow(orderNumber: string) {
  const { rows } = await database.pool.query<{ id: number; view_token: string; grand_total_cents: number }>(
    "SELECT id, view_token, grand_total_cents FROM orders WHERE order_number = $1",
    [orderNumber],
  );
  if (!rows[0]) throw new Error(`no order ${orderNumber}`);
  return rows[0];
}

/** A guest's order paid by invoice (paid when placed). */
async function invoiceOrder(p: Process, variant: TestVariant, quantity = 2) {
  const cart = await p.client.readyCart([{ variant, quantity }], "invoice");
  const placed = await p.client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart });
  expect(placed.status).toBe(200);
  return { orderNumber: placed.body.order.order_number, ...(await orderRow(placed.body.order.order_number)) };
}

/** A guest's card order, placed and not yet paid; its payment id. */
async function cardOrder(p: Process, variant: TestVariant) {
  const cart = await p.client.readyCart([{ variant, quantity: 1 }], "card");
  const placed = await p.client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart });
  expect(placed.status).toBe(200);
  const paymentId = decodeURIComponent(placed.body.payment_redirect_url?.split("/")[3]?.split("?")[0] ?? "");
  return { orderNumber: placed.body.order.order_number, paymentId, ...(await orderRow(placed.body.order.order_number)) };
}

/** The API's answer: { reported } or the error's code. */
async function report(p: Process, body: Record<string, string>, headers: Record<string, string> = MARKETING, query = KEYS) {
  const reply = await p.client.call<{ reported: boolean } | { code: string }[]>("POST", `/api/voyado/payment?${query}`, { body, headers });
  return { status: reply.status, body: Array.isArray(reply.body) ? { code: reply.body[0]?.code } : reply.body };
}

async function purchaseSignals(variant: TestVariant) {
  const { rows } = await database.pool.query<{ n: number; customer_key: string | null; session_key: string | null }>(
    `SELECT count(*)::int AS n, min(customer_key) AS customer_key, min(session_key) AS session_key FROM engagement_signals s
     JOIN products p ON p.id = s.product_id WHERE p.sku = $1 AND s.kind = 'purchase'`,
    [variant.productSku],
  );
  return rows[0];
}

async function popularity(variant: TestVariant): Promise<number> {
  const { rows } = await database.pool.query<{ score: number }>(
    "SELECT pp.score FROM product_popularity pp JOIN products p ON p.id = pp.product_id WHERE p.sku = $1",
    [variant.productSku],
  );
  return Number(rows[0]?.score ?? 0);
}

async function reportRows(orderId: number) {
  const { rows } = await database.pool.query("SELECT * FROM crm_reports WHERE order_id = $1", [orderId]);
  return rows as { attempts: number; delivered_at: Date | null; market: string; touchpoint: string; customer_key: string }[];
}

describe("POST /api/voyado/payment", () => {
  it("reports a paid order once: two calls and the success page's reload make one report, one signal, one rise in popularity", async () => {
    const p = await shopProcess();
    try {
      const variant = await ownVariant();
      const order = await invoiceOrder(p, variant);
      const body = { order_number: order.orderNumber, order_token: order.view_token };
      const first = await report(p, body);
      const second = await report(p, body);
      expect([first.status, first.body]).toEqual([202, { reported: true }]);
      expect([second.status, second.body]).toEqual([202, { reported: true }]);
      // The success page's own report (its loader), opened twice.
      const context = purchaseContext({ storeLocale: "en", marketing: true, customerKey: "ck-other-key", sessionKey: "sk-other-key" });
      expect(await p.services.crm.reportByViewToken(p.store, order.view_token, context)).toBe(true);
      expect(await p.services.crm.reportByViewToken(p.store, order.view_token, context)).toBe(true);

      const rows = await reportRows(order.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ market: "INT", touchpoint: "mobile", customer_key: "ck-0123456789", delivered_at: null });

      expect(await p.services.crm.drain()).toBe(1);
      expect(await p.services.crm.drain()).toBe(0);
      // One product, bought twice over in one line: one purchase signal, weight 5, under the shopper's keys.
      expect(await purchaseSignals(variant)).toEqual({ n: 1, customer_key: "ck-0123456789", session_key: "sk-0123456789" });
      expect(await popularity(variant)).toBeCloseTo(5, 3);
      expect((await p.services.crm.state(order.id))?.deliveredAt).toBeInstanceOf(Date);

      // Asked again after delivery: nothing more.
      expect((await report(p, body)).status).toBe(202);
      expect(await p.services.crm.drain()).toBe(0);
      expect((await purchaseSignals(variant))?.n).toBe(1);
    } finally {
      await p.services.close();
    }
  });

  it("reports nothing without marketing consent, nor with notify=false", async () => {
    const p = await shopProcess();
    try {
      const variant = await ownVariant();
      const order = await invoiceOrder(p, variant);
      const body = { order_number: order.orderNumber, order_token: order.view_token };
      expect((await report(p, body, { cookie: "consent=necessary,analytics" })).body).toEqual({ reported: false });
      expect((await report(p, body, {})).body).toEqual({ reported: false });
      expect((await report(p, body, MARKETING, `${KEYS}&notify=false`)).body).toEqual({ reported: false });
      expect(await reportRows(order.id)).toEqual([]);
      expect(await p.services.crm.drain()).toBe(0);
      expect((await purchaseSignals(variant))?.n).toBe(0);
    } finally {
      await p.services.close();
    }
  });

  it("refuses an unknown or unpaid order (404), someone else's (403), and a market not the store's (400)", async () => {
    const p = await shopProcess();
    try {
      const variant = await ownVariant();
      expect(await report(p, { order_number: "EN-NO-SUCH" })).toEqual({ status: 404, body: { code: "order_not_found" } });
      const unpaid = await cardOrder(p, variant);
      const notPaid = await report(p, { order_number: unpaid.orderNumber, order_token: unpaid.view_token });
      expect(notPaid).toEqual({ status: 404, body: { code: "order_not_paid" } });

      const paid = await invoiceOrder(p, variant);
      const noToken = await report(p, { order_number: paid.orderNumber });
      expect(noToken).toEqual({ status: 403, body: { code: "order_not_yours" } });
      const wrongToken = await report(p, { order_number: paid.orderNumber, order_token: unpaid.view_token });
      expect(wrongToken).toEqual({ status: 403, body: { code: "order_not_yours" } });

      // A customer's order: theirs to report (their own key), not another customer's.
      const aino = await loggedInCustomer(p.shop);
      const other = await loggedInCustomer(p.shop, "en", "Eero");
      const ainoOrder = await customerOrder(p.shop, aino, variant);
      const refused = await report(p, { order_number: ainoOrder }, { ...MARKETING, ...other.auth });
      expect(refused).toEqual({ status: 403, body: { code: "order_not_yours" } });
      const fromFi = await p.client.call("POST", `/api/voyado/payment?${KEYS}`, {
        body: { order_number: ainoOrder },
        headers: { ...MARKETING, ...aino.auth },
        store: "fi",
      });
      expect(fromFi.status).toBe(400);
      const own = await report(p, { order_number: ainoOrder }, { ...MARKETING, ...aino.auth });
      expect([own.status, own.body]).toEqual([202, { reported: true }]);
      const { rows } = await database.pool.query("SELECT engagement_key FROM customers WHERE id = $1", [aino.id]);
      const ainoId = (await orderRow(ainoOrder)).id;
      expect((await reportRows(ainoId))[0]?.customer_key).toBe(rows[0]?.engagement_key);
      expect(await reportRows(paid.id)).toEqual([]);
    } finally {
      await p.services.close();
    }
  });
});

describe("the report of an order paid when placed", () => {
  it("is written with the order when the browser placing it has marketing consent: no success page needed", async () => {
    const p = await shopProcess();
    try {
      const variant = await ownVariant();
      const cart = await p.client.readyCart([{ variant, quantity: 1 }], "invoice");
      const cookie = `${MARKETING.cookie}; engagement.customer_key=placing-key-01; engagement.session_key=placing-ses-01`;
      const placed = await p.client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart, headers: { cookie } });
      expect(placed.status).toBe(200);
      const orderNumber = placed.body.order.order_number;
      const order = await orderRow(orderNumber);
      expect(await reportRows(order.id)).toMatchObject([{ customer_key: "placing-key-01", touchpoint: "desktop", market: "INT" }]);
      // The same order placed again (a retry) and reported by the success page: still one report, one delivery.
      expect((await p.client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart, headers: { cookie } })).status).toBe(200);
      expect((await report(p, { order_number: orderNumber, order_token: order.view_token })).body).toEqual({ reported: true });
      expect(await reportRows(order.id)).toHaveLength(1);
      await p.services.crm.drain();
      expect((await p.services.crm.state(order.id))?.deliveredAt).toBeInstanceOf(Date);
      expect(await purchaseSignals(variant)).toEqual({ n: 1, customer_key: "placing-key-01", session_key: "placing-ses-01" });
    } finally {
      await p.services.close();
    }
  });
});

describe("the report of a card payment", () => {
  it("is written when the payment completes, so it is delivered even if the success page is never seen", async () => {
    const p = await shopProcess({ pollMs: 25 });
    try {
      const variant = await ownVariant();
      const order = await cardOrder(p, variant);
      await decideInSandbox(p.services, order.paymentId, true);
      const context = purchaseContext({ storeLocale: "en", marketing: true, customerKey: "ck-card-00001", sessionKey: "sk-card-00001" });
      expect((await p.services.checkout.completePayment(p.store, order.paymentId, context)).paid).toBe(true);
      await expect.poll(async () => (await p.services.crm.state(order.id))?.deliveredAt ?? null, { timeout: 10_000 }).not.toBeNull();
      expect(await purchaseSignals(variant)).toEqual({ n: 1, customer_key: "ck-card-00001", session_key: "sk-card-00001" });
      // The success page's report afterwards, and the spec's client: the same report.
      expect((await report(p, { order_number: order.orderNumber, order_token: order.view_token })).body).toEqual({ reported: true });
      expect(await reportRows(order.id)).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await purchaseSignals(variant))?.n).toBe(1);
    } finally {
      await p.services.close();
    }
  });

  it("without consent at payment: no report, then or later", async () => {
    const p = await shopProcess();
    try {
      const variant = await ownVariant();
      const order = await cardOrder(p, variant);
      await decideInSandbox(p.services, order.paymentId, true);
      expect((await p.services.checkout.completePayment(p.store, order.paymentId, null)).paid).toBe(true);
      expect(await reportRows(order.id)).toEqual([]);
    } finally {
      await p.services.close();
    }
  });
});

describe("delivery", () => {
  it("a sink that fails twice: retried with backoff, delivered on the third try, its signals and points written once", async () => {
    let failures = 0;
    const flaky: CrmSink = async () => {
      if (failures < 2) {
        failures++;
        throw new Error("engagement service unavailable");
      }
    };
    // The failing sink runs last: what the others wrote in a failed try must be undone.
    const p = await shopProcess({ pollMs: 25, baseDelayMs: 50, sinks: [...DEFAULT_SINKS, flaky] });
    try {
      const variant = await ownVariant();
      const member = await loggedInCustomer(p.shop);
      const joined = await p.client.call("POST", "/api/loyalty/join", { headers: member.auth });
      expect(joined.status).toBe(201);
      const orderNumber = await customerOrder(p.shop, member, variant);
      const order = await orderRow(orderNumber);
      const answered = await report(p, { order_number: orderNumber }, { ...MARKETING, ...member.auth });
      expect(answered.body).toEqual({ reported: true });

      await expect.poll(async () => (await p.services.crm.state(order.id))?.deliveredAt ?? null, { timeout: 10_000 }).not.toBeNull();
      const state = await p.services.crm.state(order.id);
      expect(state).toMatchObject({ attempts: 3, lastError: null });
      expect((await purchaseSignals(variant))?.n).toBe(1);
      expect(await popularity(variant)).toBeCloseTo(5, 3);

      // The member's points: one per whole euro of the order, once.
      const membership = await p.client.call<{ membership: { points: number } }>("GET", "/api/loyalty/membership", {
        headers: member.auth,
      });
      expect(membership.body.membership.points).toBe(Math.floor(order.grand_total_cents / 100));
      expect(membership.body.membership.points).toBeGreaterThan(0);
    } finally {
      await p.services.close();
    }
  });

  it("a guest's order earns no points (no member) and is still delivered", async () => {
    const p = await shopProcess();
    try {
      const variant = await ownVariant();
      const order = await invoiceOrder(p, variant, 1);
      await report(p, { order_number: order.orderNumber, order_token: order.view_token });
      await p.services.crm.drain();
      const { rows } = await database.pool.query("SELECT * FROM loyalty_points WHERE order_id = $1", [order.id]);
      expect(rows).toEqual([]);
      expect((await p.services.crm.state(order.id))?.deliveredAt).toBeInstanceOf(Date);
    } finally {
      await p.services.close();
    }
  });
});
