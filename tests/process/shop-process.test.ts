// The shop as an operator runs it: its own process, its own embedded database, signals.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedClient } from "../helpers/embedded-client.ts";
import { startShopProcess } from "../helpers/shop-process.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

/** A GET with a Host header of the client's choosing (fetch will not send one). */
function getWithHost(port: number, address: string, host: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: address, headers: { host } }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

const canonicalOf = (html: string) => /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(html)?.[1];

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the shop on its embedded database", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-proc-"));
    fs.chmodSync(dataDir, 0o755);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("starts with demo data, refuses a second process on the same DATA_DIR, and survives SIGKILL without losing acknowledged writes", async () => {
    const first = await startShopProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    const config = await fetch(`${first.url}/api/core/storeconfig`);
    expect(config.status).toBe(200);
    // The demo takes card payments in the sandbox, and says so on every start (decision 0037).
    expect(first.output()).toMatch(/"level":40,.*card payments go to the sandbox/);

    const second = await startShopProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }, { waitReady: false });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/DATA_DIR .* is in use by another shop process/);

    // An acknowledged write, then the shop and its database are killed outright.
    const { pid: postmaster, client } = embeddedClient(dataDir);
    await client.connect();
    await client.query("INSERT INTO data_versions (name, version) VALUES ('crash-test', 42)");
    await client.end();
    first.child.kill("SIGKILL");
    await first.exited;
    process.kill(postmaster, "SIGKILL");
    await expect.poll(() => isAlive(postmaster), { timeout: 10_000 }).toBe(false);

    const again = await startShopProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    expect(again.output()).toMatch(/card payments go to the sandbox/);
    const check = embeddedClient(dataDir).client;
    await check.connect();
    const row = await check.query("SELECT version FROM data_versions WHERE name = 'crash-test'");
    const products = await check.query("SELECT count(*)::int AS n FROM products");
    await check.end();
    expect(row.rows[0]?.version).toBe(42);
    expect(products.rows[0]?.n).toBeGreaterThan(300);

    // SIGTERM: a clean exit, the database stopped, the DATA_DIR lock released.
    const { pid } = embeddedClient(dataDir);
    expect(await again.stop()).toBe(0);
    expect(isAlive(pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "shop.pid"))).toBe(false);
  }, 240_000);

  it("serves guest pages from its HTML cache, linked to its own origin whatever Host a client sends, and drops them when another process changes the data", async () => {
    const shop = await startShopProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    try {
      const { client } = embeddedClient(dataDir);
      await client.connect();
      const { rows } = await client.query<{ product_id: number; url_key: string }>(
        "SELECT product_id, url_key FROM product_translations WHERE locale = 'en' ORDER BY product_id LIMIT 1",
      );
      const { product_id, url_key } = rows[0] ?? { product_id: 0, url_key: "" };
      const page = () => fetch(`${shop.url}/p/${url_key}`, { headers: { "accept-encoding": "br" } });

      // A forged Host first (decision 0036): its page names the configured origin, and what the
      // guests after it get does too — from the cache as well.
      const forged = await getWithHost(shop.port, `/p/${url_key}`, "localhost:6666");
      expect(forged.status).toBe(200);
      expect(canonicalOf(forged.body)).toBe(`http://localhost:${shop.port}/p/${url_key}`);
      const first = await page();
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
      // Just after start the price clock's catch-up refreshes every product with a recent price
      // history, in the background, and a page rendered meanwhile is not kept: a later one is.
      await expect.poll(async () => (await page()).headers.get("x-cache"), { timeout: 30_000, interval: 250 }).toBe("HIT");
      expect((await page()).headers.get("content-encoding")).toBe("br");
      const cached = await fetch(`${shop.url}/p/${url_key}`);
      expect(cached.headers.get("x-cache")).toBe("HIT");
      expect(canonicalOf(await cached.text())).toBe(`http://localhost:${shop.port}/p/${url_key}`);

      await client.query("UPDATE product_translations SET name = 'Renamed parka, unisex' WHERE product_id = $1 AND locale = 'en'", [
        product_id,
      ]);
      await client.query("UPDATE data_versions SET version = version + 1 WHERE name = 'catalog'");
      await client.end();
      await expect.poll(async () => (await (await page()).text()).includes("Renamed parka"), { timeout: 10_000, interval: 250 }).toBe(true);
    } finally {
      expect(await shop.stop()).toBe(0);
    }
  }, 240_000);

  it("stops a leftover database server of a killed shop before starting", async () => {
    const shop = await startShopProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    const { pid: postmaster } = embeddedClient(dataDir);
    shop.child.kill("SIGKILL");
    await shop.exited;
    expect(isAlive(postmaster)).toBe(true); // the child outlives a SIGKILLed parent
    const next = await startShopProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    expect(isAlive(postmaster)).toBe(false);
    expect((await fetch(`${next.url}/healthz`)).status).toBe(200);
    expect(await next.stop()).toBe(0);
  }, 240_000);
});

describe("the shop on a PostgreSQL server it did not start", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it("serves from DATABASE_URL and leaves that server running when it stops", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-ext-"));
    const shop = await startShopProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: "warn" });
    const response = await fetch(`${shop.url}/api/productList/applicableFilters`);
    expect(response.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, "pg"))).toBe(false);
    expect(await shop.stop()).toBe(0);
    const still = await database.pool.query("SELECT count(*)::int AS n FROM products");
    expect(still.rows[0]?.n).toBeGreaterThan(300);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it("refuses to start with the sandbox in production outside the demo, naming the setting", async () => {
    const shop = await startShopProcess({ SEED_DEMO_DATA: "false", PAYMENT_PROVIDERS: "sandbox" }, { waitReady: false });
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toMatch(/PAYMENT_PROVIDERS: the sandbox lets buyers approve their own payments/);
  });

  it("refuses a bad setting, naming the variable", async () => {
    const shop = await startShopProcess({ PORT: "not-a-port" }, { waitReady: false });
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toMatch(/PORT/);
  });
});
