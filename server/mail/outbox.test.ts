// No confirmation lost (docs/decisions/0005): a failing mail server delays a confirmation and
// never loses it, a process that dies before sending leaves it to the next one, and two
// senders on one database send each message once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurableVariant, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { decideInSandbox } from "../../tests/helpers/payments.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db.ts";
import { createApp } from "../app.ts";
import type { PlacedOrder } from "../checkout/service.ts";
import { createServices, type ServiceOptions } from "../services.ts";
import type { Mailer, MailMessage } from "./mailer.ts";
import { createOutbox } from "./outbox.ts";

let database: TestDatabase;
let variant: TestVariant;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase(10);
  variant = await configurableVariant(database.pool, 4, 10_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-outbox-"));
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

/** A mail server that records what it accepted; failures: how many sends to refuse first. */
function recordingMailer(failures = 0, delayMs = 0): Mailer & { sent: MailMessage[]; attempts: number } {
  const mailer = {
    sent: [] as MailMessage[],
    attempts: 0,
    async send(message: MailMessage) {
      mailer.attempts++;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (mailer.attempts <= failures) throw new Error("421 mail server busy");
      mailer.sent.push(message);
    },
  };
  return mailer;
}

/** The shop's services and API on the shared database, as one process of the shop would have them. */
async function shopProcess(outbox: ServiceOptions["outbox"]) {
  const services = await createServices(database.db, { STORE_DOMAINS: TEST_DOMAINS, dataDir }, { pollMs: 0, log: () => {}, outbox });
  const app = createApp({ services, logError: () => {} });
  const shop = {
    services,
    request: (route: string, init: RequestInit & { store?: "en" | "fi" } = {}) => {
      const { store = "en", ...rest } = init;
      return app.request(`http://${TEST_DOMAINS[store]}${route}`, rest);
    },
  } as unknown as TestShop;
  return { services, client: shopClient(shop) };
}

async function invoiceOrder(client: ReturnType<typeof shopClient>): Promise<string> {
  const cart = await client.readyCart([{ variant, quantity: 5 }], "invoice");
  const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart });
  expect(placed.status).toBe(200);
  return placed.body.order.order_number;
}

const confirmationsOf = (mailer: { sent: MailMessage[] }, orderNumber: string) =>
  mailer.sent.filter((m) => m.subject.includes(orderNumber));

describe("the confirmation mail through the outbox", () => {
  it("a mail server that fails twice: the confirmation goes out once, after the retries", async () => {
    const mailer = recordingMailer(2);
    const { services, client } = await shopProcess({ mailer, pollMs: 25, baseDelayMs: 50 });
    try {
      const orderNumber = await invoiceOrder(client);
      await expect.poll(() => confirmationsOf(mailer, orderNumber).length, { timeout: 10_000 }).toBe(1);
      expect(mailer.attempts).toBe(3);
      const [mail] = confirmationsOf(mailer, orderNumber);
      expect(mail).toMatchObject({ to: "aino.virtanen@example.com", subject: `Order confirmation ${orderNumber}` });
      expect(mail?.text).toContain(`Your order number is ${orderNumber}`);
      expect(mail?.messageId).toMatch(/^<outbox-\d+\.\d+@[^>]+>$/);
      // Sent is final: no more tries however long the outbox keeps polling.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailer.attempts).toBe(3);
    } finally {
      await services.close();
    }
  });

  it("an order whose process stops before sending: the next process sends its confirmation", async () => {
    const silent = recordingMailer();
    const first = await shopProcess({ mailer: silent, start: false });
    const orderNumber = await invoiceOrder(first.client);
    await first.services.close();
    expect(silent.attempts).toBe(0);

    const mailer = recordingMailer();
    const next = await shopProcess({ mailer, pollMs: 50 });
    try {
      await expect.poll(() => confirmationsOf(mailer, orderNumber).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await next.services.close();
    }
  });

  it("a card order is confirmed when its payment completes, not when it is placed", async () => {
    const mailer = recordingMailer();
    const { services, client } = await shopProcess({ mailer, pollMs: 25 });
    try {
      const cart = await client.readyCart([{ variant, quantity: 1 }], "card");
      const placed = await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart });
      const orderNumber = placed.body.order.order_number;
      const paymentId = decodeURIComponent(placed.body.payment_redirect_url?.split("/")[3]?.split("?")[0] ?? "");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(confirmationsOf(mailer, orderNumber)).toEqual([]);
      await decideInSandbox(services, paymentId, true);
      const store = await services.catalog.store("en");
      if (!store) throw new Error("no store");
      expect((await services.checkout.completePayment(store, paymentId)).paid).toBe(true);
      await expect.poll(() => confirmationsOf(mailer, orderNumber).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await services.close();
    }
  });
});

describe("several senders on one database", () => {
  it("two outbox workers send each of 40 messages exactly once", async () => {
    const mailers = [recordingMailer(0, 5), recordingMailer(0, 5)];
    const workers = mailers.map((mailer) => {
      const outbox = createOutbox({ db: database.db, mailer, pollMs: 20, log: () => {} });
      outbox.register("note", async (payload) => ({ to: "ops@example.com", subject: `note ${String(payload.n)}`, text: "", html: "" }));
      return outbox;
    });
    for (let n = 0; n < 40; n++) await workers[0]?.enqueue(database.db, "note", { n });
    for (const worker of workers) worker.start();
    const all = () => mailers.flatMap((m) => m.sent.map((s) => s.subject));
    await expect.poll(() => all().length, { timeout: 15_000 }).toBe(40);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const worker of workers) await worker.stop();

    expect(all().sort()).toEqual(Array.from({ length: 40 }, (_, n) => `note ${n}`).sort());
    // Both took part (each claim skips what the other holds), and each message has its own Message-ID.
    for (const mailer of mailers) expect(mailer.sent.length).toBeGreaterThan(0);
    expect(new Set(mailers.flatMap((m) => m.sent.map((s) => s.messageId))).size).toBe(40);
    const { rows } = await database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox WHERE kind = 'note' AND sent_at IS NULL",
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("a message whose renderer fails is retried later, and the failure is kept for the operator", async () => {
    const mailer = recordingMailer();
    let fail = true;
    const outbox = createOutbox({ db: database.db, mailer, pollMs: 0, baseDelayMs: 60_000, log: () => {} });
    outbox.register("flaky", async () => {
      if (fail) throw new Error("renderer broke");
      return { to: "ops@example.com", subject: "flaky", text: "", html: "" };
    });
    await outbox.enqueue(database.db, "flaky", {});
    await outbox.drain();
    const { rows } = await database.pool.query("SELECT attempts, last_error, sent_at FROM outbox WHERE kind = 'flaky'");
    expect(rows[0]).toMatchObject({ attempts: 1, last_error: "renderer broke", sent_at: null });
    fail = false;
    await outbox.drain(); // not due yet: it waits for its back-off
    expect(mailer.sent).toEqual([]);
    await database.pool.query("UPDATE outbox SET next_attempt_at = now() WHERE kind = 'flaky'"); // the minute has passed
    await outbox.drain();
    expect(mailer.sent.map((m) => m.subject)).toEqual(["flaky"]);
  });
});
