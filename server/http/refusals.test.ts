// Refused requests are logged (issue 36): one line per 4xx with its error code, status, method,
// route and request id, and nothing personal (no query values, no body, no address); the
// request id is the answer's X-Request-Id (a proxy's own id is kept). Answers that succeed are not logged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";
import { createApp } from "../app.ts";
import { ERROR_CODE_HEADER, type Refusal } from "./refusals.ts";

let shop: TestShop;
let app: ReturnType<typeof createApp>;
const logged: Refusal[] = [];

beforeAll(async () => {
  shop = await createTestShop();
  app = createApp({
    services: shop.services,
    logRefusal: (refusal) => logged.push(refusal),
    pages: async () => new Response("<p>not here</p>", { status: 404, headers: { "content-type": "text/html" } }),
  });
});
afterAll(() => shop?.close());

async function send(path: string, init: RequestInit = {}) {
  logged.length = 0;
  const response = await app.request(`http://${TEST_DOMAINS.en}${path}`, init);
  return { response, logged: [...logged] };
}

describe("a refused request", () => {
  it("is logged once with its code, status, route and the request id it was answered with", async () => {
    const { response, logged: lines } = await send("/api/checkout/placeOrder", {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "proxy-id-123" },
      body: '{"broken":',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-request-id")).toBe("proxy-id-123");
    expect(lines).toEqual([{ requestId: "proxy-id-123", status: 400, code: "refused", method: "POST", path: "/api/checkout/placeOrder" }]);
  });

  it("names the code of a refusal page, which the answer does not carry out", async () => {
    const { response, logged: lines } = await send("/c/women?x=%00");
    expect(response.status).toBe(400);
    expect(response.headers.has(ERROR_CODE_HEADER)).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 400, code: "invalid_characters", method: "GET", path: "/c/women" });
    expect(lines[0]?.requestId).toBe(response.headers.get("x-request-id"));
  });

  it("keeps query values, emails and keys out of the line", async () => {
    const { logged: lines } = await send("/api/luhta_cart/coupon/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?email=aino@example.com", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: "WELCOME10" }),
    });
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain("aino");
    expect(JSON.stringify(lines)).not.toContain("AAAAAAAAAA");
    expect(lines[0]?.path).toBe("/api/luhta_cart/coupon/:cart");
  });

  it("is a page's 404 too, by its status; an answer that succeeds is not logged", async () => {
    expect((await send("/no-such-page")).logged).toMatchObject([{ status: 404, code: "http_404", path: "/no-such-page" }]);
    const ok = await send("/api/core/storeconfig");
    expect(ok.response.status).toBe(200);
    expect(ok.logged).toEqual([]);
  });
});
