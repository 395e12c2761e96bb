// A page's unexpected error is logged without the cart id or any other key it may quote
// (docs/decisions/0035): the production build's error log blanks them out.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageRequest } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { createPageCache } from "./page-cache.ts";
import { REDACTED } from "./redact.ts";

let shop: TestShop;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop();
  pages = await loadBuiltPages({ cache: createPageCache({ maxEntries: 10, ttlSeconds: 60 }) });
});
afterAll(() => shop?.close());

describe("a page's unexpected error", () => {
  it("is logged with the cart id it quotes blanked out", async () => {
    const id = randomBytes(32).toString("base64url");
    shop.services.cart.getCart = async () => {
      throw new Error(`Failed query: select * from carts where id = $1\nparams: ${id}`);
    };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await pages(pageRequest("en", "/cart", { cookie: `cart_id=${id}` }), shop.services, "en", "192.0.2.1");
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain(id);
      const lines = logged.mock.calls.map((args) =>
        args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(" "),
      );
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join("\n")).not.toContain(id);
      expect(lines.join("\n")).toContain(`params: ${REDACTED}`);
    } finally {
      logged.mockRestore();
    }
  });
});
