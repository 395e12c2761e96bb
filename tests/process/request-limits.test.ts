// What one connection can cost the shop as an operator runs it (docs/decisions/0034), over a
// raw socket: a body that stops arriving, headers that never end, a body that never ends.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShopProcess, startShopProcess } from "../helpers/shop-process.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

interface Exchange {
  socket: net.Socket;
  /** Everything the shop sent, once it closed the connection. */
  closed: Promise<{ text: string; ms: number }>;
  received(): string;
}

function connect(port: number, head: string): Exchange {
  const started = performance.now();
  const socket = net.connect(port, "127.0.0.1");
  socket.write(head);
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    text += chunk;
  });
  socket.on("error", () => {}); // a reset after the answer is the point
  const closed = new Promise<{ text: string; ms: number }>((resolve) =>
    socket.once("close", () => resolve({ text, ms: performance.now() - started })),
  );
  return { socket, closed, received: () => text };
}

describe("connections that cost the shop", () => {
  let database: TestDatabase;
  let dataDir: string;
  let shop: ShopProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-limits-"));
    shop = await startShopProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: "warn",
      BODY_TIMEOUT_SECONDS: "1",
      REQUEST_TIMEOUT_SECONDS: "3",
    });
  }, 240_000);
  afterAll(async () => {
    await shop?.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a declared body that never arrives with 408 and closes the connection within seconds", async () => {
    const exchange = connect(
      shop.port,
      'POST /api/luhta_cart/addProductsToCart HTTP/1.1\r\nHost: fi.localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"cartId":',
    );
    const { text, ms } = await exchange.closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/"code":"request_timeout"/);
    expect(text).toMatch(/Pyyntö lakkasi saapumasta/);
    // BODY_TIMEOUT_SECONDS is 1; Node's default would have held it 300 s.
    expect(ms).toBeLessThan(15_000);
  }, 30_000);

  it("closes a connection whose headers never end, with 408, within the request timeout", async () => {
    const exchange = connect(shop.port, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    const { text, ms } = await exchange.closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(20_000);
  }, 30_000);

  it("draws the catalogue's product images at the shop's sizes, and no other key", async () => {
    const { rows } = await database.pool.query<{ key: string }>("SELECT key FROM media ORDER BY id LIMIT 1");
    const key = rows[0]?.key;
    const thumbnail = await fetch(`${shop.url}/img/p/${key}?w=100&h=140&fit=bounds&q=80&fm=webp`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    const unknown = await fetch(`${shop.url}/img/p/tee/0a0b0c/1/1?w=100&h=140`);
    expect(unknown.status).toBe(404);
    const odd = await fetch(`${shop.url}/img/p/${key}?w=101&h=140`, { redirect: "manual" });
    expect(odd.status).toBe(301);
    expect(odd.headers.get("location")).toBe("?w=120&h=140");
  }, 30_000);

  it("stops taking a body that never ends once it is past the limit, answering 413 to a client that listens", async () => {
    const exchange = connect(
      shop.port,
      "POST /api/luhta_cart/addProductsToCart HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
    );
    const chunk = `4000\r\n${"a".repeat(0x4000)}\r\n`;
    let sent = 0;
    // Keep sending until the shop answers or closes (or 8 MB have gone unanswered: no limit).
    while (exchange.received() === "" && sent < 8 * 1024 * 1024 && !exchange.socket.destroyed) {
      const flushed = exchange.socket.write(chunk);
      sent += 0x4000;
      await new Promise((resolve) => (flushed ? setImmediate(resolve) : setTimeout(resolve, 5)));
    }
    const { text } = await exchange.closed;
    expect(sent).toBeLessThan(8 * 1024 * 1024);
    // The shop answers and closes without reading the rest; a client still sending can meet that
    // close as a reset before it has read the answer (CI saw it once: no lingering close, decision
    // 0034). The answer, when it was read, is the 413; the in-process test checks it every time.
    if (text !== "") {
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toMatch(/"code":"body_too_large"/);
      expect(text).toMatch(/"params":\{"limit":65536\}/);
    }
  }, 60_000);

  it("answers a page's action sent JSON, text or a broken form with a 4xx, and prints nothing but JSON log lines", async () => {
    const printed = shop.output().length;
    for (const [type, body] of [
      ["application/json", '{"email":"a@example.com"}'],
      ["text/plain", "x"],
      ["multipart/form-data", "--x--"],
      [null, ""],
    ] as const) {
      for (const page of ["/cart", "/account/login", "/account/register", "/cookie-consent", "/newsletter"]) {
        const response = await fetch(`${shop.url}${page}`, {
          method: "POST",
          headers: { origin: shop.url, ...(type ? { "content-type": type } : {}) },
          body,
        });
        expect(response.status, `${page} ${type}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${page} ${type}`).toBeLessThan(500);
        await response.body?.cancel();
      }
    }
    const lines = shop
      .output()
      .slice(printed)
      .split("\n")
      .filter((line) => line.trim() !== "");
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  }, 60_000);
});
