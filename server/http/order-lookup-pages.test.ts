// The guest's order lookup as pages (decision 0081), without JavaScript: the form finds the
// order and keeps its pass in an HttpOnly cookie, the order's page opens with it (private, never
// cached) and cancels the order; without the pass the page sends the guest back to the lookup.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { cookiesOf, pageRequest } from "../../tests/helpers/page-requests.ts";
import { DEMO_ADDRESS, shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { PlacedOrder } from "../checkout/service.ts";

let shop: TestShop;
let pages: BuiltPages;
let variant: TestVariant;
beforeAll(async () => {
  shop = await createTestShop();
  pages = await loadBuiltPages();
  variant = await configurableVariant(shop.database.pool, 7, 100);
  await setFixedPrice(shop.database.pool, variant.variantId, 6000);
});
afterAll(() => shop?.close());

const page = (pathname: string, init?: Parameters<typeof pageRequest>[2]) => pages(pageRequest("fi", pathname, init), shop.services, "fi");

it("finds the order by the form, opens its page with the pass, and cancels it there", async () => {
  const client = shopClient(shop);
  const cart = await client.readyCart([{ variant, quantity: 1 }], "invoice", "fi");
  const number = (await client.call<PlacedOrder>("POST", "/api/checkout/placeOrder", { cart, store: "fi" })).body.order.order_number;

  const wrong = await page("/order-lookup", { form: { order_number: number, email: DEMO_ADDRESS.email, postcode: "99999" } });
  expect(wrong.status).toBe(404);
  expect(await wrong.text()).toContain("Näillä tiedoilla ei löytynyt tilausta");

  const found = await page("/order-lookup", { form: { order_number: number, email: DEMO_ADDRESS.email, postcode: DEMO_ADDRESS.postcode } });
  expect([found.status, found.headers.get("location")]).toEqual([302, `/order-lookup/${number}`]);
  expect(found.headers.getSetCookie()[0]).toMatch(/^order_pass=[^;]+;.*HttpOnly/i);
  const cookie = cookiesOf(found);

  const opened = await page(`/order-lookup/${number}`, { cookie });
  expect(opened.status).toBe(200);
  expect(opened.headers.get("cache-control")).toBe("private, no-store");
  const html = await opened.text();
  expect(html).toContain(`Tilaus ${number}`);
  expect(html).toContain("Tilauksen vaiheet");
  expect(html).toContain("Peru tilaus");

  const canceled = await page(`/order-lookup/${number}`, { cookie, form: {} });
  expect([canceled.status, canceled.headers.get("location")]).toEqual([302, `/order-lookup/${number}?notice=orderCanceled`]);
  const after = await (await page(`/order-lookup/${number}?notice=orderCanceled`, { cookie })).text();
  expect(after).toContain("Tilauksesi on peruttu.");
  expect(after).not.toContain("Peru tilaus");

  // Without the pass: back to the lookup, which says why.
  const without = await page(`/order-lookup/${number}`);
  expect([without.status, without.headers.get("location")]).toEqual([302, "/order-lookup?error=order_lookup_failed"]);
});
