// What one request's body may cost (docs/decisions/0034): refused past the limit while it
// streams, in the API's error shape or as a page in the store's language; a stalled body timed out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db.ts";
import { createApp, DEFAULT_BODY_LIMITS } from "../app.ts";
import { createServices, type Services } from "../services.ts";

let database: TestDatabase;
let services: Services;
let app: ReturnType<typeof createApp>;
let pageBodies: number[];

const LIMIT = DEFAULT_BODY_LIMITS.maxBytes;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await createServices(database.db, { STORE_DOMAINS: { en: "localhost", fi: "fi.localhost" } }, { pollMs: 0 });
  pageBodies = [];
  app = createApp({
    services,
    bodies: { idleMs: 300 },
    pages: async (request) => {
      const body = await request.text();
      pageBodies.push(body.length);
      return new Response(`<p>${body.length}</p>`, { headers: { "content-type": "text/html" } });
    },
  });
});

afterAll(async () => {
  await services.close();
  await database.drop();
});

/** A body sent in chunks with no declared length; `total` Infinity: it never ends. Counts what was pulled. */
function streamed(total: number, chunk = 16 * 1024) {
  const sent = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent.bytes >= total) return controller.close();
      const size = Math.min(chunk, total - sent.bytes);
      sent.bytes += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { body, sent };
}

const post = (url: string, init: RequestInit & { headers?: Record<string, string> }) =>
  app.request(url, { method: "POST", duplex: "half", ...init } as RequestInit);

describe("request bodies", () => {
  it("refuses an API body whose declared length is over the limit with 413 in the error shape, in the store's language", async () => {
    const body = JSON.stringify({ cartId: "x".repeat(LIMIT) });
    const en = await post("http://localhost/api/luhta_cart/addProductsToCart", { body, headers: { "content-type": "application/json" } });
    expect(en.status).toBe(413);
    expect(en.headers.get("connection")).toBe("close");
    const [error] = await en.json();
    expect(error).toEqual({
      code: "body_too_large",
      params: { limit: LIMIT },
      message: expect.stringMatching(/too large.*65,536 bytes/),
    });
    const fi = await post("http://fi.localhost/api/luhta_cart/addProductsToCart", {
      body,
      headers: { "content-type": "application/json" },
    });
    expect(fi.status).toBe(413);
    expect((await fi.json())[0].message).toMatch(/liian suuri.*65\s536 tavua/);
  });

  it("answers 413 to a body that never ends once it is past the limit, having read little more than the limit", async () => {
    const { body, sent } = streamed(Number.POSITIVE_INFINITY);
    const response = await post("http://localhost/api/luhta_cart/addProductsToCart", {
      body,
      headers: { "content-type": "application/json", Store: "fi" },
    });
    expect(response.status).toBe(413);
    expect((await response.json())[0]).toMatchObject({
      code: "body_too_large",
      params: { limit: LIMIT },
      message: expect.stringMatching(/liian suuri/),
    });
    // The stream pulls ahead a little; it never reads on toward the end that does not come.
    expect(sent.bytes).toBeLessThan(LIMIT + 4 * 16 * 1024);
  });

  it("answers a page post over the limit with a page in the store's language", async () => {
    const form = `comment=${"y".repeat(LIMIT)}`;
    const response = await post("http://fi.localhost/cart", {
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<html lang="fi">/);
    expect(html).toMatch(/Pyyntö on liian suuri: kauppa ottaa vastaan enintään 65\s536 tavua/);
    expect(pageBodies).toEqual([]);
  });

  it("hands a body within the limit, streamed without a declared length, to the page whole", async () => {
    const { body } = streamed(LIMIT, 7000);
    const response = await post("http://localhost/cart", { body, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`<p>${LIMIT}</p>`);
  });

  it("times out a body that stops arriving with 408 and a closed connection", async () => {
    // 10 bytes of a declared 1000, then silence.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10).fill(0x7b));
      },
    });
    const started = performance.now();
    const response = await post("http://localhost/api/luhta_cart/addProductsToCart", {
      body,
      headers: { "content-type": "application/json", "content-length": "1000" },
    });
    expect(response.status).toBe(408);
    expect(response.headers.get("connection")).toBe("close");
    expect((await response.json())[0]).toMatchObject({ code: "request_timeout", message: expect.stringMatching(/stopped arriving/) });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("leaves the CMS forms their own larger limit", async () => {
    const response = await post("http://localhost/api/forms/contact", {
      body: JSON.stringify({ message: "z".repeat(LIMIT * 2) }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).not.toBe(413);
  });
});
