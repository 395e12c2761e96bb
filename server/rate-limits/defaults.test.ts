// The attacks against the shop's default thresholds (docs/decisions/0035), many at once
// from one client as an attacker sends them: each limit lets exactly its count through, however
// many requests are in flight when it is reached.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { loadConfig } from "../config.ts";

let shop: TestShop;
beforeAll(async () => {
  // The production defaults, as the settings give them.
  const defaults = loadConfig({});
  // A clock that stands still: no window ends halfway through a flood.
  const now = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  shop = await createTestShop({
    clock: () => now,
    config: {
      RATE_LIMIT_CODES_PER_CART: defaults.RATE_LIMIT_CODES_PER_CART,
      RATE_LIMIT_CODES_PER_ADDRESS: defaults.RATE_LIMIT_CODES_PER_ADDRESS,
      RATE_LIMIT_CARTS_PER_ADDRESS: defaults.RATE_LIMIT_CARTS_PER_ADDRESS,
      RATE_LIMIT_UNKNOWN_CARTS_PER_ADDRESS: defaults.RATE_LIMIT_UNKNOWN_CARTS_PER_ADDRESS,
    },
  });
});
afterAll(() => shop?.close());

/** Runs `count` requests, `parallel` in flight at a time; answers how many got each status. */
async function flood(count: number, parallel: number, send: (i: number) => Promise<Response>): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const response = await send(next++);
        await response.body?.cancel();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

describe("one client against the default thresholds", () => {
  it("gets 60 carts of 300 asked for at once", async () => {
    const statuses = await flood(300, 30, () => shop.request("/api/cart/createEmptyCart", { method: "POST" }));
    expect(statuses).toEqual({ 200: 60, 429: 240 });
  });

  it("meets 100 misses of 3,000 guessed cart ids, then only refusals", async () => {
    const statuses = await flood(3000, 50, () => shop.request("/api/cart", { headers: { cart: randomBytes(32).toString("base64url") } }));
    expect(statuses).toEqual({ 404: 100, 429: 2900 });
  });
});
