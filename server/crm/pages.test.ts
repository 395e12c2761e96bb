// The purchase report from the pages (decision 0031), against the production build rendered
// in-process: the success page reports its order once however often it is opened; a card
// payment's report is written when the shopper comes back paid, so it is delivered even if the
// success page is never opened; nothing is reported without marketing consent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIES } from "../../lib/cookies.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { configurableVariant, setFixedPrice, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { pageRequest } from "../../tests/helpers/page-requests.ts";
import { decideInSandbox } from "../../tests/helpers/payments.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
let pages: BuiltPages;
let serial = 40;
beforeAll(async () => {
  shop = await createTestShop();
  pages = await loadBuiltPages();
});
afterAll(() => shop?.close());

const page = (pathname: string, cookie: string, form?: Record<string, string>) =>
  pages(pageRequest("en", pathname, { cookie, form }), shop.services, "en");

const setCookie = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith(`${name}=`));

const MARKETING = `${COOKIES.consent}=necessary,marketing; ${COOKIES.customerKey}=page-customer-key; ${COOKIES.sessionKey}=page-session-key; ${COOKIES.touchpoint}=mobile`;

/** A product of this test alone, at 60 € (invoice is offered from 50 €). */
async function ownVariant(): Promise<TestVariant> {
  const variant = await configurableVariant(shop.database.pool, serial++, 50);
  await setFixedPrice(shop.database.pool, variant.variantId, 6000);
  return variant;
}

/** Places the cart's order through the checkout page as a browser would; the answer of the place step. */
async function placeThroughPage(variant: TestVariant, payment: "invoice" | "card", cookies: string) {
  const cart = await shopClient(shop).readyCart([{ variant, quantity: 1 }], payment);
  const cookie = `${COOKIES.cartId}=${cart}; ${cookies}`;
  const step2 = await (await page("/checkout", cookie)).text();
  const total = /name="expected_total" value="([\d.]+)"/.exec(step2)?.[1] as string;
  expect(total).toBeTruthy();
  const placed = await page("/checkout", cookie, {
    intent: "place",
    billing_same: "on",
    company: "",
    vat_id: "",
    payment_method: payment,
    expected_total: total,
  });
  return { placed, cookie, cart };
}

async function orderOfCart(cart: string) {
  const { rows } = await shop.database.pool.query<{ id: number }>("SELECT id FROM orders WHERE cart_id = $1", [cart]);
  return rows[0]?.id as number;
}

const reportsOf = async (orderId: number) =>
  (await shop.database.pool.query("SELECT customer_key, session_key, touchpoint, market FROM crm_reports WHERE order_id = $1", [orderId]))
    .rows;

async function purchaseSignals(variant: TestVariant): Promise<number> {
  const { rows } = await shop.database.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM engagement_signals s JOIN products p ON p.id = s.product_id WHERE p.sku = $1 AND s.kind = 'purchase'",
    [variant.productSku],
  );
  return rows[0]?.n ?? 0;
}

describe("the success page's purchase report", () => {
  it("reports the order once, however often the page is opened, under the shopper's keys", async () => {
    const variant = await ownVariant();
    const { placed, cart } = await placeThroughPage(variant, "invoice", MARKETING);
    expect(placed.status).toBe(302);
    const flag = setCookie(placed, COOKIES.checkoutSuccess) as string;
    // Opened, and opened again with the same flag (a reload that raced its clearing).
    for (let i = 0; i < 2; i++) expect((await page("/checkout/success", `${flag}; ${MARKETING}`)).status).toBe(200);
    const orderId = await orderOfCart(cart);
    expect(await reportsOf(orderId)).toEqual([
      { customer_key: "page-customer-key", session_key: "page-session-key", touchpoint: "mobile", market: "INT" },
    ]);
    await expect.poll(async () => (await shop.services.crm.state(orderId))?.deliveredAt ?? null, { timeout: 10_000 }).not.toBeNull();
    expect(await purchaseSignals(variant)).toBe(1);
  });

  it("reports nothing without marketing consent", async () => {
    const variant = await ownVariant();
    const { placed, cart } = await placeThroughPage(variant, "invoice", `${COOKIES.consent}=necessary,analytics`);
    const flag = setCookie(placed, COOKIES.checkoutSuccess) as string;
    const success = await page("/checkout/success", `${flag}; ${COOKIES.consent}=necessary,analytics`);
    expect(success.status).toBe(200);
    expect(await reportsOf(await orderOfCart(cart))).toEqual([]);
    expect(await purchaseSignals(variant)).toBe(0);
  });

  it("a card payment is reported when the shopper comes back paid, even if the success page is never opened", async () => {
    const variant = await ownVariant();
    const { placed, cookie, cart } = await placeThroughPage(variant, "card", MARKETING);
    const provider = placed.headers.get("location") ?? "";
    const paymentId = decodeURIComponent(provider.split("/")[3]?.split("?")[0] ?? "");
    expect(paymentId).not.toBe("");
    await decideInSandbox(shop.services, paymentId, true);
    const back = await page(`/checkout?payment=${encodeURIComponent(paymentId)}`, cookie);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/checkout/success");
    const orderId = await orderOfCart(cart);
    expect(await reportsOf(orderId)).toHaveLength(1);
    await expect.poll(async () => (await shop.services.crm.state(orderId))?.deliveredAt ?? null, { timeout: 10_000 }).not.toBeNull();
    expect(await purchaseSignals(variant)).toBe(1);
  });
});
