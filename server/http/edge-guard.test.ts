// The edge's one rule for text (decision 0033): a NUL or a lone surrogate anywhere a client puts
// text is a 400 before any handler — in the spec's error shape on the API, as a page in the
// store's language for pages — and what the handlers read afterwards is still whole. The cases
// are the ones that gave a 500 (PostgreSQL refuses both) before the rule.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";
import { badJsonField } from "./edge-guard.ts";

let shop: TestShop;
let client: ReturnType<typeof shopClient>;
let pageApp: ReturnType<typeof createApp>;
/** What the stand-in page renderer was handed: the guard must keep the bad ones from it, and keep the rest whole. */
let rendered: { url: string; form?: Record<string, string> }[] = [];

beforeAll(async () => {
  shop = await createTestShop();
  client = shopClient(shop);
  pageApp = createApp({
    services: shop.services,
    logError: (error) => {
      throw error;
    },
    pages: async (request) => {
      const form = request.method === "POST" ? Object.fromEntries((await request.formData()) as unknown as [string, string][]) : undefined;
      rendered.push({ url: request.url, form });
      return new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
    },
  });
});
afterAll(() => shop?.close());

const BAD = ["\u0000", "a\u0000b", "\ud800", "x\udc00"];

async function expectRefusal(response: Response, field: string) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual([
    {
      code: "invalid_characters",
      field,
      message: "The text contains characters that cannot be accepted. Please remove them and try again.",
    },
  ]);
}

describe("JSON bodies on the API", () => {
  it.each(BAD)("refuses %j in a sku, a code, a comment, a payment method and an address with a 400 naming the field", async (text) => {
    const cart = await client.newCart();
    const post = (path: string, body: unknown) =>
      shop.request(path, { method: "POST", headers: { cart, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    await expectRefusal(await post("/api/cart/", { product: { sku: text, quantity: 1 } }), "product.sku");
    await expectRefusal(await post(`/api/luhta_cart/coupon/${cart}`, { code: text }), "code");
    await expectRefusal(await post(`/api/luhta_cart/setOrderComment/${cart}`, { comment: `Ovikoodi ${text}` }), "comment");
    await expectRefusal(await post("/api/checkout/paymentMethod", { code: text }), "code");
    await expectRefusal(
      await post("/api/checkout/shippingAddress", { address: { ...client.address, street: text, city: text } }),
      "address.street",
    );
    // Keys are text too.
    await expectRefusal(await post("/api/checkout/paymentMethod", { [`c${text}`]: "card" }), `c${text}`);
  });

  it("words the refusal in the store's language and leaves a good body whole for the route", async () => {
    const cart = await client.newCart("fi");
    const bad = await client.call("POST", `/api/luhta_cart/setOrderComment/${cart}`, { cart, store: "fi", body: { comment: "a\u0000b" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([
      {
        code: "invalid_characters",
        field: "comment",
        message: "Tekstissä on merkkejä, joita ei voida hyväksyä. Poista ne ja yritä uudelleen.",
      },
    ]);
    const good = await client.call("POST", `/api/luhta_cart/setOrderComment/${cart}`, {
      cart,
      store: "fi",
      body: { comment: "Ovikoodi 1234 ✓ 😀" },
    });
    expect(good.status).toBe(200);
    expect(JSON.stringify(good.body)).toContain("Ovikoodi 1234 ✓ 😀");
    // Malformed JSON is left to the route, which refuses it: not a 500.
    const malformed = await shop.request("/api/checkout/paymentMethod", {
      method: "POST",
      headers: { cart, "Content-Type": "application/json" },
      body: '{"code": "card"',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json())[0]).toMatchObject({ code: "refused" });
  });

  it("walks deeply nested JSON without recursion", () => {
    let deep: unknown = "a\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(badJsonField(deep)).toBe(`${"0.".repeat(100_000)}`.slice(0, -1));
    expect(badJsonField({ a: [{ b: "ok" }, { c: "\ud83d\ude00" }] })).toBeNull();
    expect(badJsonField({ a: [{ b: "ok" }, { c: "\ud800", d: "\u0000" }], e: "\u0000" })).toBe("a.1.c");
  });
});

describe("URLs and cookies on the API", () => {
  it("refuses a NUL in a path parameter, a query parameter and a cookie", async () => {
    await expectRefusal(await shop.request("/api/catalog/productdetails/%00"), "path");
    await expectRefusal(await shop.request("/api/product/stock-status/a%00b"), "path");
    await expectRefusal(await shop.request("/api/catalog/category?url_path=women%00"), "url_path");
    const response = await shop.request("/api/cart", { headers: { cookie: "cart_id=%00" } });
    await expectRefusal(response, "cart_id");
    // The browser is told to forget the cookie, or it would be refused for ever.
    expect(response.headers.get("set-cookie")).toMatch(/^cart_id=; Max-Age=0; Path=\//);
  });

  it("refuses malformed percent-encoding in the path", async () => {
    await expectRefusal(await shop.request("/api/catalog/productdetails/%E0%A4%A"), "path");
    await expectRefusal(await shop.request("/api/catalog/productdetails/%ED%A0%80"), "path"); // a surrogate as UTF-8
  });
});

describe("pages", () => {
  const page = (store: "en" | "fi", path: string, init: RequestInit = {}) => pageApp.request(`http://${TEST_DOMAINS[store]}${path}`, init);

  it.each(["/c/women?brand=%00", "/p/%00", "/p/%E0%A4%A", "/checkout?payment=%00", "/payments/sandbox/%00"])(
    "%s is a 400 page in the store's language, never rendered",
    async (path) => {
      rendered = [];
      const fi = await page("fi", path);
      expect(fi.status).toBe(400);
      expect(fi.headers.get("content-type")).toMatch(/^text\/html/);
      expect(fi.headers.get("cache-control")).toBe("no-store");
      const html = await fi.text();
      expect(html).toContain('<html lang="fi">');
      expect(html).toContain("Tekstissä on merkkejä, joita ei voida hyväksyä.");
      expect(html).toContain('<a href="/">Etusivulle</a>');
      const en = await page("en", path);
      expect(en.status).toBe(400);
      expect(await en.text()).toContain("The text contains characters that cannot be accepted.");
      expect(rendered).toEqual([]);
    },
  );

  it("refuses the checkout_success cookie holding a NUL, and forgets it", async () => {
    rendered = [];
    const response = await page("en", "/checkout/success", { headers: { cookie: "consent=necessary; checkout_success=%00" } });
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie")).toMatch(/^checkout_success=; Max-Age=0; Path=\//);
    expect(rendered).toEqual([]);
  });

  it("refuses a form field with a NUL, and hands a good form to the page whole", async () => {
    rendered = [];
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    expect((await page("en", "/cart", form({ intent: "coupon", code: "a\u0000b" }))).status).toBe(400);
    // (A lone surrogate cannot cross a form: its UTF-8 encoding turns it into U+FFFD.)
    const multipart = new FormData();
    multipart.set("message", "a\u0000b");
    expect((await page("fi", "/forms/contact", { method: "POST", body: multipart })).status).toBe(400);
    expect(rendered).toEqual([]);

    const good = await page("en", "/cart", form({ intent: "coupon", code: "KESÄ-2026 😀" }));
    expect(good.status).toBe(200);
    expect(rendered).toEqual([{ url: "http://localhost/cart", form: { intent: "coupon", code: "KESÄ-2026 😀" } }]);
    // File contents are not text: bytes that would be a NUL are the image's business.
    rendered = [];
    const withImage = new FormData();
    withImage.set("message", "hello");
    withImage.set("image", new File([new Uint8Array([0, 0, 0xd8, 0])], "photo.png", { type: "image/png" }));
    expect((await page("en", "/forms/contact", { method: "POST", body: withImage })).status).toBe(200);
    expect(rendered).toHaveLength(1);
  });
});

describe("API bodies that are not JSON", () => {
  it("are a 415 on the JSON operations, in the store's language", async () => {
    const cart = await client.newCart();
    const plain = await shop.request("/api/checkout/paymentMethod", { method: "POST", headers: { cart }, body: '{"code":"card"}' });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual([
      {
        code: "unsupported_media_type",
        field: "Content-Type",
        message: "The request body must be JSON (Content-Type: application/json)",
      },
    ]);
    const form = await shop.request(`/api/luhta_cart/coupon/${cart}`, {
      method: "POST",
      headers: { cart, "Content-Type": "application/x-www-form-urlencoded" },
      body: "code=KESA",
      store: "fi",
    });
    expect(form.status).toBe(415);
    expect((await form.json())[0].message).toBe("Pyynnön sisällön on oltava JSON-muotoista (Content-Type: application/json)");
    // Taken where the operation takes a form; a write without a body needs no type.
    expect((await shop.request("/api/cart/createEmptyCart", { method: "POST" })).status).toBe(200);
    const json = await shop.request("/api/checkout/paymentMethod", {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: '{"code":"card"}',
    });
    expect(json.status).not.toBe(415);
    const contact = new FormData();
    contact.set("message", "hello");
    const forms = await shop.request("/api/forms/contact", { method: "POST", body: contact });
    expect(forms.status).toBe(400); // the form's own refusal (fields, the check against bots), not a 415
    expect((await forms.json())[0].code).not.toBe("unsupported_media_type");
    const oneClick = await shop.request("/api/newsletter/unsubscribe?token=nope", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(404);
  });
});

describe("methods the shop does not speak", () => {
  it("are a quiet 405 with Allow, on pages and on the API, over a real connection", async () => {
    const logged: unknown[] = [];
    const app = createApp({
      services: shop.services,
      logError: (error) => logged.push(error),
      pages: async () => new Response("page"),
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
        const request = http.request({ host: "127.0.0.1", port, method, path, headers: { host: "fi.localhost" } }, (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
        });
        request.on("error", reject);
        request.end();
      });
    try {
      const trace = await send("TRACE", "/c/women");
      expect(trace).toMatchObject({ status: 405, allow: "GET, HEAD, POST" });
      expect(trace.body).toContain("Tätä pyyntötapaa ei voi käyttää tässä");
      expect(await send("PROPFIND", "/")).toMatchObject({ status: 405, allow: "GET, HEAD, POST" });
      expect(await send("PATCH", "/cart")).toMatchObject({ status: 405, allow: "GET, HEAD, POST" });
      const api = await send("TRACE", "/api/cart");
      expect(api).toMatchObject({ status: 405, allow: "GET, HEAD, POST, PUT, DELETE" });
      expect(JSON.parse(api.body)).toEqual([{ code: "method_not_allowed", message: "Tätä pyyntötapaa ei voi käyttää tässä" }]);
      expect((await send("GET", "/c/women")).status).toBe(200);
      expect(logged).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
