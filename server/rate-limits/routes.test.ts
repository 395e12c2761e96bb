// The rate limits as a client meets them (docs/decisions/0035): coupon and gift-card attempts
// per cart and per client address, new carts per address, guessed cart ids per address, and
// registrations and password resets per address and email — each answered 429 with
// Retry-After and the wait in the shopper's language, counted in the database so that two
// processes on one database share the count. Each test speaks from client addresses of its
// own (X-Forwarded-For behind one trusted proxy), on a shop with low thresholds.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createServices } from "../services.ts";
import { ALTCHA_TEST_SETTINGS } from "../../tests/helpers/captcha.ts";
import { TEST_RATE_LIMITS } from "../../tests/helpers/rate-limits.ts";
import { createTestShop, TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";

const LIMITS = {
  TRUSTED_PROXY_HOPS: 1,
  RATE_LIMIT_CODES_PER_CART: { max: 3, windowSeconds: 600 },
  RATE_LIMIT_CODES_PER_ADDRESS: { max: 5, windowSeconds: 600 },
  RATE_LIMIT_CARTS_PER_ADDRESS: { max: 3, windowSeconds: 3600 },
  RATE_LIMIT_UNKNOWN_CARTS_PER_ADDRESS: { max: 4, windowSeconds: 600 },
  RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: { max: 2, windowSeconds: 3600 },
  RATE_LIMIT_PASSWORD_RESETS_PER_ADDRESS: { max: 3, windowSeconds: 3600 },
  RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL: { max: 2, windowSeconds: 3600 },
} as const;

// The shop's clock, moved by the test that waits out a window: from the start of the next hour,
// so every window starts with the test (whole waits) and the bot check's challenges are fresh.
let now = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
let shop: TestShop;
/** A second process of the shop: its own services and app over the same database. */
let other: { request: TestShop["request"]; close(): Promise<void> };

beforeAll(async () => {
  shop = await createTestShop({ config: LIMITS, clock: () => now });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-limits-"));
  const services = await createServices(
    shop.database.db,
    { ...ALTCHA_TEST_SETTINGS, ...TEST_RATE_LIMITS, ...LIMITS, STORE_DOMAINS: TEST_DOMAINS, dataDir },
    { pollMs: 0, clock: () => now, log: () => {} },
  );
  const app = createApp({ services, logError: () => {} });
  other = {
    request: async (pathname, { store = "en", ...init } = {}) => app.request(`http://${TEST_DOMAINS[store]}${pathname}`, init),
    async close() {
      await services.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
afterAll(async () => {
  await other?.close();
  await shop?.close();
});

/** A client address no other test uses. */
let serial = 0;
const newAddress = () => `203.0.113.${++serial}`;

type Reply = { status: number; headers: Headers; body: { message: string; code: string; params?: Record<string, unknown> }[] };

async function call(
  address: string,
  method: string,
  pathname: string,
  { body, cart, store = "en", via = shop.request }: { body?: unknown; cart?: string; store?: "en" | "fi"; via?: TestShop["request"] } = {},
): Promise<Reply> {
  const response = await via(pathname, {
    method,
    store,
    headers: {
      "x-forwarded-for": address,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cart ? { cart } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Reply["body"] };
}

async function newCart(address: string, via = shop.request): Promise<string> {
  const reply = await call(address, "POST", "/api/cart/createEmptyCart", { via });
  expect(reply.status).toBe(200);
  return (reply.body as unknown as { cart_id: string }).cart_id;
}

const wrongCode = () => `NOPE${randomBytes(4).toString("hex")}`;
const coupon = (address: string, cart: string, store: "en" | "fi" = "en") =>
  call(address, "POST", `/api/luhta_cart/coupon/${cart}`, { body: { code: wrongCode() }, store });
const giftCard = (address: string, cart: string) =>
  call(address, "POST", `/api/luhta_cart/giftCard/${cart}`, { body: { code: wrongCode() } });

/** A 429 as the spec's error shape: the wait in params, in Retry-After and in the message. */
function expectRefused(reply: Reply, windowSeconds: number) {
  expect(reply.status).toBe(429);
  const [error] = reply.body;
  expect(error?.code).toBe("too_many_requests");
  const seconds = Number(error?.params?.seconds);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  expect(reply.headers.get("retry-after")).toBe(String(seconds));
  return { seconds, message: error?.message ?? "" };
}

describe("coupon and gift-card attempts", () => {
  it("refuses the fourth attempt on one cart, coupons and gift cards alike, in the shopper's language", async () => {
    const address = newAddress();
    const cart = await newCart(address);
    expect((await coupon(address, cart)).status).toBe(404);
    expect((await giftCard(address, cart)).status).toBe(404);
    expect((await coupon(address, cart)).body[0]?.code).toBe("coupon_not_found");
    const en = expectRefused(await coupon(address, cart), 600);
    expect(en.message).toBe(`Too many attempts. Please try again in ${en.seconds} seconds.`);
    const fi = expectRefused(await coupon(address, cart, "fi"), 600);
    expect(fi.message).toBe(`Liian monta yritystä. Yritä uudelleen ${fi.seconds} sekunnin kuluttua.`);
    expectRefused(await giftCard(address, cart), 600);
    // The cart itself is as it was, and another cart from elsewhere is not held up.
    expect((await call(address, "GET", "/api/cart", { cart })).status).toBe(200);
    const stranger = newAddress();
    expect((await coupon(stranger, await newCart(stranger))).status).toBe(404);
  });

  it("refuses an address past its count however many carts it spreads the attempts over", async () => {
    const address = newAddress();
    const [a, b] = [await newCart(address), await newCart(address)] as [string, string];
    for (let i = 0; i < 3; i++) expect((await coupon(address, a)).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await giftCard(address, b)).status).toBe(404);
    expectRefused(await coupon(address, b), 600);
  });
});

describe("new carts", () => {
  it("refuses the fourth cart of an address within the hour, until the hour is over", async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i++) await newCart(address);
    const refused = expectRefused(await call(address, "POST", "/api/cart/createEmptyCart"), 3600);
    expect(refused.seconds).toBeGreaterThan(0);
    expect((await call(address, "POST", "/api/cart/createEmptyCart")).headers.getSetCookie()).toEqual([]);
    // Another client is not affected.
    await newCart(newAddress());
    now += refused.seconds * 1000;
    await newCart(address);
  });

  it("counts the carts of two processes on one database together", async () => {
    const address = newAddress();
    await newCart(address);
    await newCart(address, other.request);
    await newCart(address);
    expectRefused(await call(address, "POST", "/api/cart/createEmptyCart", { via: other.request }), 3600);
    expectRefused(await call(address, "POST", "/api/cart/createEmptyCart"), 3600);
  });
});

describe("guessed cart ids", () => {
  const guess = () => randomBytes(32).toString("base64url");

  it("refuses an address that named too many carts that do not exist, even for a cart that does", async () => {
    const address = newAddress();
    const real = await newCart(newAddress());
    for (let i = 0; i < 4; i++) expect((await call(address, "GET", "/api/cart", { cart: guess() })).status).toBe(404);
    expectRefused(await call(address, "GET", "/api/cart", { cart: guess() }), 600);
    // Refused before the lookup: the guesser learns nothing of a real cart now.
    const hit = await call(address, "GET", "/api/cart", { cart: real });
    expectRefused(hit, 600);
    expect(JSON.stringify(hit.body)).not.toContain(real);
    expectRefused(await call(address, "POST", `/api/luhta_cart/setOrderComment/${real}`, { body: { comment: "hi" } }), 600);
    // Its owner, elsewhere, still has it.
    expect((await call(newAddress(), "GET", "/api/cart", { cart: real })).status).toBe(200);
  });

  it("counts the misses of two processes together, on every route that names a cart", async () => {
    const address = newAddress();
    expect((await call(address, "GET", "/api/cart", { cart: guess() })).status).toBe(404);
    expect((await call(address, "GET", "/api/cart", { cart: "malformed", via: other.request })).status).toBe(404);
    expect((await call(address, "POST", `/api/luhta_cart/removeCoupon/${guess()}`)).status).toBe(404);
    expect((await call(address, "POST", "/api/checkout/placeOrder", { cart: guess(), body: {}, via: other.request })).status).toBe(404);
    expectRefused(await call(address, "POST", "/api/cart/", { cart: guess(), body: { product: { sku: "X", quantity: 1 } } }), 600);
    expectRefused(await call(address, "GET", "/api/cart", { cart: guess(), via: other.request }), 600);
  });

  it("does not count a request that names no cart, nor a real cart", async () => {
    const address = newAddress();
    const real = await newCart(address);
    for (let i = 0; i < 6; i++) expect((await call(address, "GET", "/api/cart")).status).toBe(404);
    for (let i = 0; i < 6; i++) expect((await call(address, "GET", "/api/cart", { cart: real })).status).toBe(200);
  });
});

describe("registration and password reset", () => {
  const GOOD = "Kesä-2026-salasana";
  const registration = async (email: string) => ({
    firstname: "Maija",
    lastname: "Meikäläinen",
    email,
    newPassword: GOOD,
    confirmPassword: GOOD,
    captcha: await shop.captcha(),
  });
  const newEmail = () => `limits.${++serial}.${randomBytes(3).toString("hex")}@example.com`;

  it("refuses the third registration from an address within the hour", async () => {
    const address = newAddress();
    for (let i = 0; i < 2; i++) {
      const reply = await call(address, "POST", "/api/customer/customer", { body: await registration(newEmail()) });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    }
    const email = newEmail();
    expectRefused(await call(address, "POST", "/api/customer/customer", { body: await registration(email) }), 3600);
    // Nothing was written: the address registers once the limit allows it.
    expect((await call(newAddress(), "POST", "/api/customer/customer", { body: await registration(email) })).status).toBe(201);
  });

  it("refuses reset requests past the count per email and per address", async () => {
    const email = newEmail();
    const forgot = (address: string, to = email) => call(address, "POST", "/api/customer/customer/forgotPassword", { body: { email: to } });
    expect((await forgot(newAddress())).status).toBe(200);
    expect((await forgot(newAddress())).status).toBe(200);
    const fi = await call(newAddress(), "POST", "/api/customer/customer/forgotPassword", { body: { email }, store: "fi" });
    expect(expectRefused(fi, 3600).message).toMatch(/^Liian monta yritystä/);

    const address = newAddress();
    expect((await forgot(address, newEmail())).status).toBe(200);
    expect((await forgot(address, newEmail())).status).toBe(200);
    const reset = { customerId: "1", resetToken: "x".repeat(43), newPassword: GOOD, confirmPassword: GOOD };
    expect((await call(address, "POST", "/api/customer/customer/resetPassword", { body: reset })).status).toBe(400);
    expectRefused(await call(address, "POST", "/api/customer/customer/resetPassword", { body: reset }), 3600);
    expectRefused(await forgot(address, newEmail()), 3600);
  });
});

describe("the OpenAPI document", () => {
  it("declares the 429 and its Retry-After on the operations that can give it", async () => {
    const doc = (await (await shop.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    for (const [pathname, method] of [
      ["/api/cart/createEmptyCart", "post"],
      ["/api/cart", "get"],
      ["/api/luhta_cart/coupon/{id}", "post"],
      ["/api/luhta_cart/giftCard/{id}", "post"],
      ["/api/checkout/placeOrder", "post"],
      ["/api/customer/customer", "post"],
      ["/api/customer/customer/forgotPassword", "post"],
      ["/api/customer/customer/resetPassword", "post"],
    ] as const) {
      const refused = doc.paths[pathname]?.[method]?.responses["429"];
      expect(refused, `${method} ${pathname}`).toBeDefined();
      expect(refused?.headers?.["Retry-After"], `${method} ${pathname}`).toBeDefined();
    }
  });
});

describe("the sweep", () => {
  it("deletes the counts of windows that have ended, and only those", async () => {
    const rows = async () => Number((await shop.database.pool.query("SELECT count(*) AS n FROM rate_limits")).rows[0].n);
    await newCart(newAddress());
    expect(await rows()).toBeGreaterThan(0);
    await shop.services.rateLimits.deleteExpired();
    expect(await rows()).toBeGreaterThan(0);
    now += 2 * 3600 * 1000;
    await shop.services.rateLimits.deleteExpired();
    expect(await rows()).toBe(0);
  });
});
