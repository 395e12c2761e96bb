// Order events for the warehouse and ERP (decision 0082), as a receiving system sees them: each
// change arrives at every endpoint in WEBHOOK_URLS as JSON signed with that endpoint's secret,
// an order's events one after another and in order, each id at least once, also after the
// endpoint was down for an hour; one down for more than a day is given up without holding the
// rest back. The pull feed lists the same events in the order their changes committed, and a
// change that commits late is never skipped by a reader who has moved on.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { customerOrder, loggedInCustomer } from "../../tests/helpers/customers.ts";
import { decideInSandbox } from "../../tests/helpers/payments.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { PlacedOrder } from "../checkout/service.ts";

const TOKEN = "events-test-operator-token-0123456789";
const SECRETS = ["whsec_warehouse_0123456789abcdef", "whsec_erp_0123456789abcdefghijkl"];

interface Received {
  id: string;
  type: string;
  sequence: number;
  order: string;
  status: string;
}

/** A receiving system: verifies the signature as docs/operations.md shows, answers `status()`, and records what it accepted. */
function receiver(secret: string) {
  const accepted: Received[] = [];
  const refused: string[] = [];
  let answer = 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const header = String(req.headers["kauppa-signature"] ?? "");
      const t = /(?:^|,)t=(\d+)/.exec(header)?.[1] ?? "";
      const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1] ?? "";
      const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
      const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= 300;
      const valid = v1.length === 64 && fresh && timingSafeEqual(Buffer.from(v1, "hex"), Buffer.from(expected, "hex"));
      const event = JSON.parse(body) as {
        id: string;
        type: string;
        sequence: number;
        data: { order: { order_number: string; status: string } };
      };
      if (!valid || answer !== 200) {
        refused.push(`${event.data.order.order_number}#${event.sequence}`);
        res.writeHead(valid ? answer : 400).end();
        return;
      }
      accepted.push({
        id: event.id,
        type: event.type,
        sequence: event.sequence,
        order: event.data.order.order_number,
        status: event.data.order.status,
      });
      res.writeHead(204).end();
    });
  });
  return {
    accepted,
    refused,
    down: () => {
      answer = 503;
    },
    up: () => {
      answer = 200;
    },
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const warehouse = receiver(SECRETS[0] as string);
const erp = receiver(SECRETS[1] as string);
let shop: TestShop;
let variant: TestVariant;

beforeAll(async () => {
  const urls = [await warehouse.start(), await erp.start()];
  shop = await createTestShop({ config: { OPERATOR_TOKEN: TOKEN, WEBHOOK_URLS: urls, WEBHOOK_SECRETS: SECRETS } });
  variant = await configurableVariant(shop.database.pool, 2, 1000);
  await setFixedPrice(shop.database.pool, variant.variantId, 6000);
});
afterAll(async () => {
  await shop?.close();
  await warehouse.close();
  await erp.close();
});

const of = (list: Received[], order: string) => list.filter((r) => r.order === order);

/** A card order paid in the sandbox: its number. */
async function paidOrder() {
  const client = shopClient(shop);
  const cart = await client.readyCart([{ variant, quantity: 1 }], "card");
  const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart });
  const paymentId = decodeURIComponent(placed.body.payment_redirect_url?.split("/")[3]?.split("?")[0] ?? "");
  await decideInSandbox(shop.services, paymentId, true);
  return placed.body.order.order_number;
}

describe("webhooks", () => {
  it("send every change to every endpoint, signed with its secret, with the whole order", async () => {
    const number = await paidOrder();
    await shop.services.shipments.ship(number, { carrier: "posti", tracking_number: "JJFI6401239001" });
    const customer = await loggedInCustomer(shop);
    const invoiced = await customerOrder(shop, customer, variant);
    await shop.services.orders.cancelByOperator(invoiced);

    for (const target of [warehouse, erp]) {
      await expect.poll(() => of(target.accepted, number).length, { timeout: 15_000 }).toBe(3);
      expect(of(target.accepted, number).map((r) => [r.type, r.sequence, r.status])).toEqual([
        ["order.placed", 1, "pending_payment"],
        ["order.paid", 2, "processing"],
        ["order.shipped", 3, "shipped"],
      ]);
      await expect
        .poll(() => of(target.accepted, invoiced).map((r) => r.type), { timeout: 15_000 })
        .toEqual(["order.placed", "order.canceled"]);
    }
    // One event, one id, the same at both endpoints.
    expect(of(warehouse.accepted, number).map((r) => r.id)).toEqual(of(erp.accepted, number).map((r) => r.id));
    expect(new Set(warehouse.accepted.map((r) => r.id)).size).toBe(warehouse.accepted.length);
  });

  it("hold an order's later events while an earlier one waits, and deliver all in order when the endpoint is back an hour later", async () => {
    warehouse.down();
    const numbers = [await paidOrder(), await paidOrder(), await paidOrder()];
    for (const n of numbers) await shop.services.shipments.ship(n, { carrier: "matkahuolto", tracking_number: `MH${n.slice(2)}` });
    // The down endpoint is asked, and refuses: only each order's first event is ever tried while it waits.
    await expect.poll(() => warehouse.refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(warehouse.refused.every((r) => r.endsWith("#1"))).toBe(true);
    // The other endpoint is not held back by this one.
    for (const n of numbers) await expect.poll(() => of(erp.accepted, n).length, { timeout: 15_000 }).toBe(3);

    // An hour later (the waits between tries have grown): back up.
    await shop.database.pool.query(
      "UPDATE outbox SET created_at = created_at - interval '1 hour', next_attempt_at = now() WHERE kind = 'order_webhook' AND sent_at IS NULL",
    );
    warehouse.up();
    shop.services.outbox.nudge();
    for (const n of numbers) {
      await expect.poll(() => of(warehouse.accepted, n).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      const seen = of(warehouse.accepted, n).map((r) => r.sequence);
      // In order, each at least once (a repeat only ever repeats what came before).
      expect([...new Set(seen)]).toEqual([1, 2, 3]);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
  });

  it("give up an event after a day and go on with the order's next", async () => {
    warehouse.down();
    const number = await paidOrder();
    await expect.poll(() => warehouse.refused.filter((r) => r.startsWith(number)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    // The first (order.placed) is past its day: the next try gives it up.
    const { rows } = await shop.database.pool.query<{ id: number }>(
      `SELECT o.id FROM outbox o JOIN order_events e ON e.event_id = o.payload->>'eventId' JOIN orders r ON r.id = e.order_id
        WHERE o.kind = 'order_webhook' AND o.sent_at IS NULL AND r.order_number = $1 AND e.sequence = 1`,
      [number],
    );
    await shop.database.pool.query(
      "UPDATE outbox SET created_at = now() - interval '25 hours', next_attempt_at = now() WHERE id = ANY($1)",
      [rows.map((r) => r.id)],
    );
    shop.services.outbox.nudge();
    // Still down at that try: given up, and the endpoint back gets the order's next event.
    const given = async () =>
      (await shop.database.pool.query("SELECT failed_at, last_error FROM outbox WHERE id = ANY($1)", [rows.map((r) => r.id)])).rows;
    await expect.poll(async () => (await given()).every((r) => r.failed_at !== null), { timeout: 15_000 }).toBe(true);
    warehouse.up();
    shop.services.outbox.nudge();
    await expect.poll(() => of(warehouse.accepted, number).map((r) => r.sequence), { timeout: 15_000 }).toEqual([2]);
    expect((await given()).every((r) => /503/.test(r.last_error))).toBe(true);
  });
});

describe("the pull feed", () => {
  type Feed = { events: { id: string; type: string; sequence: number; data: { order: { order_number: string } } }[]; last: string | null };
  const feed = (query = "") =>
    shopClient(shop).call<Feed>("GET", `/api/operator/events${query}`, { headers: { authorization: `Bearer ${TOKEN}` } });

  /** Every event from the start, a page at a time. */
  async function readAll(after?: string): Promise<Feed["events"]> {
    const all: Feed["events"] = [];
    let cursor = after;
    for (;;) {
      const page = await feed(`?limit=7${cursor ? `&after=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      all.push(...page.body.events);
      if (page.body.events.length === 0) return all;
      cursor = page.body.last ?? undefined;
    }
  }

  it("lists every event once, in order, a page at a time", async () => {
    const number = await paidOrder();
    const all = await readAll();
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(all.filter((e) => e.data.order.order_number === number).map((e) => e.type)).toEqual(["order.placed", "order.paid"]);
    const after = all.at(-1)?.id as string;
    expect((await feed(`?after=${after}`)).body).toEqual({ events: [], last: after });
  });

  it("keeps the order of transactions across a power of ten of their ids", async () => {
    const before = (await readAll()).at(-1)?.id as string;
    const first = await paidOrder();
    // Transaction ids to the next power of ten (as text, "1000" sorts before "999").
    const now = Number((await shop.database.pool.query("SELECT pg_current_xact_id()::text AS x")).rows[0].x);
    const boundary = 10 ** String(now).length;
    for (let left = boundary - now; left > 0; left -= 10)
      await Promise.all(Array.from({ length: 10 }, () => shop.database.pool.query("SELECT pg_current_xact_id()")));
    const second = await paidOrder();
    expect((await readAll(before)).map((e) => [e.data.order.order_number, e.type])).toEqual([
      [first, "order.placed"],
      [first, "order.paid"],
      [second, "order.placed"],
      [second, "order.paid"],
    ]);
  }, 60_000);

  it("never skips a change that commits after a later one was read", async () => {
    const start = (await readAll()).at(-1)?.id as string;
    const customer = await loggedInCustomer(shop);
    const [slow, quick] = [await customerOrder(shop, customer, variant), await customerOrder(shop, customer, variant)];
    const mark = (await readAll(start)).at(-1)?.id as string;
    const slowId = (await shop.database.pool.query("SELECT id FROM orders WHERE order_number = $1", [slow])).rows[0].id as number;

    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      begun = resolve;
    });
    // A transaction that began first (it has its id) and commits last.
    const slowCancel = shop.services.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_current_xact_id()`);
      begun();
      await gate;
      await shop.services.orders.transition(tx, slowId, "cancel", "operator");
    });
    await started;
    await shop.services.orders.cancelByOperator(quick);
    // The quick one has committed, but a reader does not get it before the slow one is settled.
    expect((await readAll(mark)).map((e) => e.data.order.order_number)).toEqual([]);
    release();
    await slowCancel;
    // Both now, the one that began first first (the feed waits, at most, for transactions older than its events).
    await expect
      .poll(async () => (await readAll(mark)).map((e) => [e.data.order.order_number, e.type]), { timeout: 10_000 })
      .toEqual([
        [slow, "order.canceled"],
        [quick, "order.canceled"],
      ]);
  });

  it("answers only the operator, and 400 for an unknown position", async () => {
    expect((await shopClient(shop).call("GET", "/api/operator/events")).status).toBe(401);
    expect((await feed("?after=evt_nothing")).status).toBe(400);
    expect((await feed("?limit=0")).status).toBe(400);
  });
});
