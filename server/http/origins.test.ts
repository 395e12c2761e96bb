// What no request can choose for others (decision 0036): each store's public origin comes from
// configuration; the cross-site guard compares whole origins; X-Forwarded-Proto counts only
// behind trusted proxies, and so does HSTS; /metrics opens only with its token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { createStoreOrigins } from "./origins.ts";

const METRICS_TOKEN = "a-metrics-token-for-decision-0036-tests";

describe("each store's public origin", () => {
  const domains = { en: "localhost", fi: "fi.localhost" };

  it("is its domain over http on the port the shop listens on, without a configured URL", () => {
    const origins = createStoreOrigins({ domains, port: 3000 });
    expect(origins.all()).toEqual({ en: "http://localhost:3000", fi: "http://fi.localhost:3000" });
    expect(createStoreOrigins({ domains, port: 80 }).of("fi")).toBe("http://fi.localhost");
  });

  it("follows the port the shop really got when it asked for any (PORT=0)", () => {
    const origins = createStoreOrigins({ domains, port: 0 });
    origins.listening(41234);
    expect(origins.of("en")).toBe("http://localhost:41234");
    expect(origins.isPublicHost("fi.localhost:41234")).toBe(true);
    expect(origins.isPublicHost("fi.localhost:3000")).toBe(false);
  });

  it("is the configured public URL where there is one, as an origin", () => {
    const origins = createStoreOrigins({ domains, publicUrls: { fi: "https://Kauppa.example.fi/" }, port: 3000 });
    expect(origins.all()).toEqual({ en: "http://localhost:3000", fi: "https://kauppa.example.fi" });
    expect(origins.isPublicHost("kauppa.example.fi")).toBe(true);
    expect(origins.isPublicHost("fi.localhost:3000")).toBe(false);
    expect(origins.isPublicOrigin("https://kauppa.example.fi")).toBe(true);
    expect(origins.isPublicOrigin("http://kauppa.example.fi")).toBe(false);
  });
});

describe("the shop's edges", () => {
  let shop: TestShop;
  let proxied: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ config: { PORT: 3000, METRICS_TOKEN } });
    proxied = await createTestShop({ config: { PORT: 3000, TRUSTED_PROXY_HOPS: 1 } });
  });
  afterAll(async () => {
    await shop?.close();
    await proxied?.close();
  });

  const createCart = (target: TestShop, url: string, headers: Record<string, string> = {}) =>
    target.app.request(url, { method: "POST", headers });

  describe("the cross-site guard", () => {
    it.each([
      ["another port", "http://localhost:6666"],
      ["another scheme", "https://localhost:3000"],
      ["no port", "http://localhost"],
    ])("refuses a write whose Origin is this host on %s, in the shopper's language", async (_, origin) => {
      const response = await createCart(shop, "http://localhost:3000/api/cart/createEmptyCart", { origin });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual([{ code: "cross_site", message: expect.any(String) }]);
      const fi = await createCart(shop, "http://fi.localhost:3000/api/cart/createEmptyCart", { origin: "http://fi.localhost:6666" });
      expect(fi.status).toBe(403);
      expect((await fi.json())[0]).toMatchObject({ code: "cross_site", message: expect.stringMatching(/[äö]/) });
    });

    it("takes a write from the store's own public origin", async () => {
      const response = await createCart(shop, "http://localhost:3000/api/cart/createEmptyCart", { origin: "http://localhost:3000" });
      expect(response.status).toBe(200);
    });
  });

  describe("X-Forwarded-Proto and HSTS", () => {
    const cookieOf = async (response: Response) => {
      expect(response.status).toBe(200);
      return response.headers.getSetCookie().find((c) => c.startsWith("cart_id=")) ?? "";
    };

    it("ignores a client's X-Forwarded-Proto without trusted proxies: no Secure cookie, no HSTS", async () => {
      const response = await createCart(shop, "http://localhost:3000/api/cart/createEmptyCart", { "x-forwarded-proto": "https" });
      expect(await cookieOf(response)).not.toMatch(/;\s*Secure/i);
      expect(response.headers.get("strict-transport-security")).toBeNull();
    });

    it("believes a trusted proxy that says https: Secure cookies and HSTS", async () => {
      const response = await createCart(proxied, "http://localhost:3000/api/cart/createEmptyCart", { "x-forwarded-proto": "https" });
      expect(await cookieOf(response)).toMatch(/;\s*Secure/i);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
      const page = await proxied.app.request("http://localhost:3000/robots.txt", { headers: { "x-forwarded-proto": "https" } });
      expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000");
    });

    it("reads the scheme the trusted proxy saw, not what the client wrote before it", async () => {
      // The client claimed https; the one trusted proxy appended the http it was reached over.
      const response = await createCart(proxied, "http://localhost:3000/api/cart/createEmptyCart", { "x-forwarded-proto": "https, http" });
      expect(await cookieOf(response)).not.toMatch(/;\s*Secure/i);
      expect(response.headers.get("strict-transport-security")).toBeNull();
    });

    it("sends HSTS on a request that came over TLS itself, and never over plain http", async () => {
      expect((await shop.app.request("https://localhost/robots.txt")).headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect((await shop.app.request("http://localhost:3000/robots.txt")).headers.get("strict-transport-security")).toBeNull();
    });
  });

  describe("/metrics", () => {
    it("does not exist without METRICS_TOKEN", async () => {
      expect((await proxied.app.request("http://localhost:3000/metrics")).status).toBe(404);
    });

    it("answers 401 without the token or with a wrong one", async () => {
      for (const authorization of [undefined, "Bearer wrong", `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN]) {
        const response = await shop.app.request("http://localhost:3000/metrics", { headers: authorization ? { authorization } : {} });
        expect(response.status).toBe(401);
        expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect((await response.json())[0]).toMatchObject({ code: "metrics_unauthorized" });
      }
    });

    it("is Prometheus text for the token's holder", async () => {
      const response = await shop.app.request("http://localhost:3000/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain("http_request_duration_seconds_count");
      expect(body).toContain("process_cpu_user_seconds_total");
    });
  });

  describe("links for others", () => {
    const forged = { host: "localhost:6666" };

    it("robots.txt and sitemaps name the configured origin whatever the Host", async () => {
      const robots = await (await shop.app.request("http://localhost:6666/robots.txt", { headers: forged })).text();
      expect(robots).toContain("Sitemap: http://localhost:3000/sitemap.xml");
      const index = await (await shop.app.request("http://localhost:6666/sitemap.xml", { headers: forged })).text();
      expect(index).toContain("<loc>http://localhost:3000/sitemaps/categories.xml</loc>");
      expect(index).not.toContain("6666");
    });

    it("the language switch sends the shopper to the other store's configured origin", async () => {
      const response = await shop.app.request("http://localhost:6666/language/fi?from=/", { headers: forged });
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location") ?? "").origin).toBe("http://fi.localhost:3000");
    });
  });
});
