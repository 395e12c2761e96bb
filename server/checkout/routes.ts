// Checkout endpoints of spec §7 (/api/checkout/*) and the sandbox provider's hosted payment
// page (/payments/sandbox/{id}). Thin: parse, call the checkout service, answer.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { clearedCartCookies, requestCookie } from "../../lib/cookies.ts";
import { requestPurchaseContext } from "../crm/context.ts";
import { cartNotFound } from "../cart/service.ts";
import { ownerOf } from "../identity.ts";
import type { PlaceOrderBody } from "./service.ts";

const field = (max: number) => z.string().max(max);
const address = z.strictObject({
  firstname: field(100),
  lastname: field(100),
  company: field(200).optional(),
  vat_id: field(40).optional(),
  street: field(200),
  postcode: field(20),
  city: field(100),
  country_code: field(2),
  telephone: field(40),
});
const shippingAddress = address.extend({ email: field(254) }).openapi("ShippingAddress");

const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const cartResponse = { 200: jsonContent(z.object({ cart: z.looseObject({ id: z.string() }) }), "The cart as it is now") };

const setShippingAddress = createRoute({
  method: "post",
  path: "/api/checkout/shippingAddress",
  tags: ["checkout"],
  summary: "Sets the shipping address (with the email for the confirmation), or a logged-in customer's saved one",
  description:
    "`customer_address_id` is one of GET /api/customer/addresses (decision 0018): that address with the account's email. " +
    "A guest sending it is 401 not_logged_in; an id that is not the customer's own is 404 address_not_found.",
  request: body(
    z.union([
      z.strictObject({ address: shippingAddress }),
      z.strictObject({ customer_address_id: z.number().int().min(1).max(2_147_483_647) }),
    ]),
  ),
  responses: { ...cartResponse, ...errorResponses(400, 401, 404, 429) },
});

const setShippingMethod = createRoute({
  method: "post",
  path: "/api/checkout/shippingMethods",
  tags: ["checkout"],
  summary: "Chooses one of the cart's available_shipping_methods (store_pickup needs pickup_store, pickup_point needs pickup_point_id)",
  description:
    "pickup_point_id is one of GET /api/checkout/pickup-points; without it the pickup_point method is refused with " +
    "400 `pickup_point_required`, with an id that does not exist with 400 `pickup_point_unknown`. The chosen point is the " +
    "cart's shipping_addresses[0].pickup_point and goes with the order.",
  request: body(
    z.strictObject({
      method_code: z.string().max(40),
      pickup_store: z.string().max(100).optional(),
      pickup_point_id: z.number().int().min(1).max(2_147_483_647).optional(),
    }),
  ),
  responses: { ...cartResponse, ...errorResponses(400, 404, 429) },
});

const pickupPoint = z
  .object({
    id: z.number().int(),
    carrier: z.string(),
    name: z.string(),
    street: z.string(),
    postcode: z.string(),
    city: z.string(),
    country_code: z.string(),
    opening_hours: z.string().openapi({ description: "In the store's language" }),
  })
  .openapi("PickupPoint");

const listPickupPoints = createRoute({
  method: "get",
  path: "/api/checkout/pickup-points",
  tags: ["checkout"],
  summary: "The pickup points nearest a postcode, nearest first (for the pickup_point shipping method)",
  description:
    "Nearness is the numeric distance of the five-digit Finnish postcodes. A postcode that is not five digits is a 400 " +
    "`invalid_input` (rule postcode). Opening hours are in the store's language.",
  request: { query: z.object({ postcode: z.string().max(20).openapi({ example: "00100" }) }) },
  responses: {
    200: jsonContent(z.object({ postcode: z.string(), pickup_points: z.array(pickupPoint) }), "The nearest points"),
    ...errorResponses(400),
  },
});

const setBillingAddress = createRoute({
  method: "post",
  path: "/api/checkout/billingAddress",
  tags: ["checkout"],
  summary: "Billing address: the shipping address, or another one",
  description: "A company name with a valid VAT ID (FI12345678) makes the order a business order: 5 % off the goods after any coupon.",
  request: body(z.strictObject({ same_as_shipping: z.boolean(), address: address.optional() })),
  responses: { ...cartResponse, ...errorResponses(400, 404, 429) },
});

const setPaymentMethod = createRoute({
  method: "post",
  path: "/api/checkout/paymentMethod",
  tags: ["checkout"],
  summary: "Chooses one of the cart's available_payment_methods (card, invoice from the store's minimum, free at 0 €)",
  request: body(z.strictObject({ code: z.string().max(40) })),
  responses: { ...cartResponse, ...errorResponses(400, 404, 429) },
});

const placeOrder = createRoute({
  method: "post",
  path: "/api/checkout/placeOrder",
  tags: ["checkout"],
  summary: "Places the order",
  description:
    "One transaction re-prices the cart, takes the stock, counts the coupon and debits the gift card. Placing again for the " +
    "same cart answers the same order; an Idempotency-Key reused with a different body is a 422. Sold-out items and used-up " +
    "codes are a 409. Card payments answer payment_redirect_url: send the shopper there; they come back to /checkout. " +
    "Send expected_grand_total (the grand_total the shopper saw): if the total moved (a gift card used meanwhile, a price " +
    "change) the order is not placed and the answer is 409 total_changed with the new total; the cart is untouched. " +
    "A code on the cart that no longer applies (see the cart's invalid_codes) is a 409 until it is removed; without " +
    "expected_grand_total, a gift card that now pays less than when it was applied is a 409 giftcard_balance.",
  request: {
    headers: z.object({ "idempotency-key": z.string().min(1).max(200).optional() }),
    body: {
      content: {
        "application/json": {
          schema: z
            .strictObject({
              payment_method: z.string().max(40).optional(),
              expected_grand_total: z.number().min(0).max(10_000_000).optional(),
            })
            .openapi({
              description:
                "payment_method: choose (or change) the payment method in the same call; expected_grand_total: the " +
                "grand total (euros) the shopper saw and agreed to",
            }),
        },
      },
      required: false,
    },
  },
  responses: {
    200: jsonContent(
      z.object({
        order: z.looseObject({ order_number: z.string(), status: z.string() }),
        payment_redirect_url: z.string().nullable(),
      }),
      "The order",
    ),
    ...errorResponses(400, 404, 409, 422, 429),
  },
});

function cartId(c: Context<AppEnv>): string {
  const id = c.var.shopper.guestCartId;
  if (!id) throw cartNotFound();
  return id;
}

export function checkoutRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const checkout = (c: Context<AppEnv>) => c.var.services.checkout;
  const owner = (c: Context<AppEnv>) => ownerOf(c.var.shopper);

  app.openapi(setShippingAddress, async (c) => {
    const input = c.req.valid("json");
    const address =
      "customer_address_id" in input
        ? { ...(await c.var.services.addresses.shippingAddress(owner(c), input.customer_address_id)) }
        : input.address;
    return c.json({ cart: await checkout(c).setShippingAddress(c.var.store, cartId(c), address, owner(c)) }, 200);
  });
  app.openapi(setShippingMethod, async (c) => {
    const { method_code, pickup_store, pickup_point_id } = c.req.valid("json");
    const pickup =
      method_code === "pickup_point" ? (pickup_point_id === undefined ? null : String(pickup_point_id)) : (pickup_store ?? null);
    return c.json({ cart: await checkout(c).setShippingMethod(c.var.store, cartId(c), method_code, pickup, owner(c)) }, 200);
  });
  app.openapi(listPickupPoints, async (c) => {
    const postcode = c.req.valid("query").postcode.trim();
    return c.json({ postcode, pickup_points: await checkout(c).pickupPoints(c.var.store, postcode) }, 200);
  });
  app.openapi(setBillingAddress, async (c) => {
    const { same_as_shipping, address: input } = c.req.valid("json");
    return c.json({ cart: await checkout(c).setBillingAddress(c.var.store, cartId(c), same_as_shipping, input ?? null, owner(c)) }, 200);
  });
  app.openapi(setPaymentMethod, async (c) =>
    c.json({ cart: await checkout(c).setPaymentMethod(c.var.store, cartId(c), c.req.valid("json").code, owner(c)) }, 200),
  );
  app.openapi(placeOrder, async (c) => {
    const key = c.req.valid("header")["idempotency-key"] ?? null;
    const body = (c.req.valid("json") as PlaceOrderBody | undefined) ?? {};
    // A browser's consent and engagement cookies now, for the report of an order paid when placed (decision 0031).
    const purchase = requestPurchaseContext(c.var.store, c.var.shopper, (name) => requestCookie(c.req.raw, name));
    const placed = await checkout(c).placeOrder(c.var.store, cartId(c), { idempotencyKey: key, body }, owner(c), purchase);
    // The cart is closed: the browser forgets it (a declined card payment gives it back at /checkout).
    if (!c.req.header("cart") && !placed.payment_redirect_url)
      for (const cookie of clearedCartCookies(c.req.raw)) c.header("Set-Cookie", cookie, { append: true });
    return c.json(placed, 200);
  });
  return app;
}
