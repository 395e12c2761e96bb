// No key of the shop's reaches a log (docs/decisions/0035): an unexpected error on a path that
// names a cart is logged with the route and without the id — neither in the path, nor in the
// error's message, stack or a database error's parameters — and /metrics never names it.
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { createApp } from "../app.ts";
import { createLogger } from "../logging.ts";
import { REDACTED, redactKeys, redactPath } from "./redact.ts";

const key = () => randomBytes(32).toString("base64url");

describe("redactPath", () => {
  it("names the cart and payment segments, drops query values and blanks any other key", () => {
    const id = key();
    expect(redactPath(`/api/luhta_cart/coupon/${id}`)).toBe("/api/luhta_cart/coupon/:cart");
    expect(redactPath(`/api/luhta_cart/removeCoupon/${id}?x=1#frag`)).toBe("/api/luhta_cart/removeCoupon/:cart?x=");
    expect(redactPath(`/payments/sandbox/${id}`)).toBe("/payments/sandbox/:payment");
    expect(redactPath(`/account/reset-password?id=12&key=${id}`)).toBe("/account/reset-password?id=&key=");
    expect(redactPath(`/orders/${id}/view`)).toBe(`/orders/${REDACTED}/view`);
    expect(redactPath("/c/women?brand=x")).toBe("/c/women?brand=");
  });

  it("leaves longer and shorter words alone", () => {
    const hex = "a".repeat(64);
    expect(redactKeys(`sha ${hex} and short-word_1`)).toBe(`sha ${hex} and short-word_1`);
    const id = key();
    expect(redactKeys(`params: ${id},5`)).toBe(`params: ${REDACTED},5`);
  });
});

describe("an unexpected error on a cart's path", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop?.close());

  it("is logged with the route and no cart id, and /metrics names none", async () => {
    const lines: string[] = [];
    const log = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const app = createApp({
      services: shop.services,
      logError: (error, request) => log.error({ err: error, ...request }, "unexpected error"),
    });
    const id = key();
    // A failing database says what it was asked, parameters and all.
    const failing = Object.assign(new Error(`Failed query: select * from carts where id = $1\nparams: ${id}`), {
      query: "select * from carts where id = $1",
      params: [id],
      cause: new Error(`connection lost while reading ${id}`),
    });
    shop.services.cart.applyCoupon = async () => {
      throw failing;
    };
    const response = await app.request(`http://localhost/api/luhta_cart/coupon/${id}?trace=${id}`, {
      method: "POST",
      headers: { "content-type": "application/json", cart: id },
      body: JSON.stringify({ code: "SUMMER" }),
    });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain(id);
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? "";
    expect(line).not.toContain(id);
    expect(JSON.parse(line)).toMatchObject({ method: "POST", path: "/api/luhta_cart/coupon/:cart?trace=", msg: "unexpected error" });
    expect(line).toContain(`params: ${REDACTED}`);
    expect(await (await app.request("http://localhost/metrics")).text()).not.toContain(id);
  });
});
