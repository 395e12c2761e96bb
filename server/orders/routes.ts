// Orders over the API (decision 0081). A logged-in customer cancels their own order; operators
// (server/http/operator.ts checks their token) list and search orders, read one with its
// history and payments, and cancel one. Thin: parse, call the order services.
import { createRoute, type OpenAPIHono, OpenAPIHono as Hono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { clientAddress } from "../http/client-address.ts";
import { ownerOf } from "../identity.ts";
import { DESK_PAGE_MAX } from "./desk.ts";
import { FEED_PAGE_MAX, ORDER_EVENT_TYPES } from "./events.ts";
import { ORDER_STATUSES } from "./transitions.ts";

const numberParam = z.object({ number: z.string().max(40).openapi({ example: "EN0000001" }) });
const order = z.record(z.string(), z.unknown()).openapi("Order", {
  description: "The order as the account page shows it: lines, totals, addresses, shipments, history (its timeline), refunds, can_cancel",
});

const cancelOwn = createRoute({
  method: "post",
  path: "/api/customer/orders/{number}/cancel",
  tags: ["customer"],
  summary: "Cancels the logged-in customer's order before it ships",
  description:
    "Stock, the coupon's use and the gift card's balance come back; a paid order is refunded to its payment. The shopper is mailed " +
    "in the store's language. 409 order_transition_refused when the order has shipped, is cancelled already or waits for its " +
    "payment; 404 for an order that is not the customer's in this store; 401 for a guest.",
  request: { params: numberParam },
  responses: { 200: jsonContent(z.object({ order }), "Cancelled: the order as it now is"), ...errorResponses(401, 404, 409) },
});

const lookupBody = z.strictObject({
  order_number: z.string().min(1).max(40).openapi({ example: "EN0000001" }),
  email: z.string().min(1).max(254),
  postcode: z.string().min(1).max(20),
});

const lookup = createRoute({
  method: "post",
  path: "/api/order-lookup",
  tags: ["orders"],
  summary: "Finds a guest's order by its number, email and postcode",
  description:
    "All three must match an order of this store. Every miss is the same 404 order_lookup_failed, whichever part was wrong; " +
    "RATE_LIMIT_ORDER_LOOKUPS_PER_ADDRESS lookups per client address (429 after). A match answers the order and a pass " +
    "that opens it for an hour (for POST /api/order-lookup/cancel).",
  request: { body: { content: { "application/json": { schema: lookupBody } }, required: true } },
  responses: {
    200: jsonContent(z.object({ order, pass: z.string() }), "The order and its pass"),
    ...errorResponses(400, 404, 429),
  },
});

const lookupCancel = createRoute({
  method: "post",
  path: "/api/order-lookup/cancel",
  tags: ["orders"],
  summary: "Cancels the order a guest's pass opens, before it ships",
  description: "As the customer's cancel. 404 order_lookup_failed for a pass that is forged, expired or for another order.",
  request: {
    body: {
      content: {
        "application/json": { schema: z.strictObject({ order_number: z.string().min(1).max(40), pass: z.string().min(1).max(200) }) },
      },
      required: true,
    },
  },
  responses: { 200: jsonContent(z.object({ order }), "Cancelled: the order as it now is"), ...errorResponses(400, 404, 409) },
});

/** The shopper's own orders: a customer's cancel, a guest's lookup and cancel. */
export function customerOrderRoutes() {
  const app = new Hono<AppEnv>();
  app.openapi(lookup, async (c) => {
    const found = await c.var.services.orderLookup.find(
      c.var.store,
      c.req.valid("json"),
      clientAddress(c, c.var.services.trustedProxyHops),
    );
    return c.json(found, 200);
  });
  app.openapi(lookupCancel, async (c) => {
    const { order_number, pass } = c.req.valid("json");
    return c.json({ order: await c.var.services.orderLookup.cancel(c.var.store, pass, order_number) }, 200);
  });
  app.openapi(cancelOwn, async (c) => {
    const owner = ownerOf(c.var.shopper);
    const { number } = c.req.valid("param");
    await c.var.services.orders.cancelByCustomer(owner, c.var.store, number);
    return c.json({ order: await c.var.services.customerOrders.one(owner, c.var.store, number) }, 200);
  });
  return app;
}

const list = createRoute({
  method: "get",
  path: "/api/operator/orders",
  tags: ["operator"],
  summary: "Lists and searches orders, newest first (operator only)",
  description:
    "Filters combine: status, email (exact, any case), number (a prefix), from and to (ISO 8601, placed in [from, to)). A page " +
    "holds `limit` orders (default 50); `next_cursor` (null on the last page) is the `cursor` of the next.",
  request: {
    query: z.object({
      status: z.enum(ORDER_STATUSES).optional(),
      email: z.string().max(254).optional(),
      number: z.string().max(40).optional(),
      from: z.string().max(40).optional(),
      to: z.string().max(40).optional(),
      cursor: z.string().max(20).optional(),
      limit: z.coerce.number().int().min(1).max(DESK_PAGE_MAX).optional(),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({
        items: z.array(
          z.object({
            order_number: z.string(),
            store_code: z.string(),
            status: z.enum(ORDER_STATUSES),
            email: z.string(),
            customer_id: z.number().nullable(),
            grand_total: z.number(),
            currency: z.string(),
            created_at: z.string(),
          }),
        ),
        next_cursor: z.string().nullable(),
      }),
      "A page of orders",
    ),
    ...errorResponses(400, 401, 404),
  },
});

const one = createRoute({
  method: "get",
  path: "/api/operator/orders/{number}",
  tags: ["operator"],
  summary: "One order with its history, payments and refunds (operator only)",
  request: { params: numberParam },
  responses: { 200: jsonContent(z.object({ order }), "The order"), ...errorResponses(401, 404) },
});

const cancel = createRoute({
  method: "post",
  path: "/api/operator/orders/{number}/cancel",
  tags: ["operator"],
  summary: "Cancels an order before it ships (operator only)",
  description:
    "As the customer's cancel, by customer service: the history says an operator did it (with the note), and the mail says so. " +
    "409 order_transition_refused when it has shipped, is cancelled already or waits for its payment.",
  request: {
    params: numberParam,
    body: { content: { "application/json": { schema: z.strictObject({ note: z.string().max(500).optional() }) } }, required: false },
  },
  responses: { 200: jsonContent(z.object({ order }), "Cancelled: the order as it now is"), ...errorResponses(400, 401, 404, 409) },
});

const feed = createRoute({
  method: "get",
  path: "/api/operator/events",
  tags: ["operator"],
  summary: "Order events after the one named, for systems that poll (operator only)",
  description:
    "order.placed, order.paid, order.canceled, order.shipped, order.refunded (and, with returns, order.return_requested and " +
    "order.returned), each with its unique id, its place among its order's events (sequence) and the whole order. In the order " +
    "their changes committed; without `after`, from the first. `last` is the id to ask after next (the same `after` when there " +
    "is nothing new). 400 for an `after` that names no event. The same events go to WEBHOOK_URLS (docs/operations.md).",
  request: {
    query: z.object({
      after: z.string().max(60).optional(),
      limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).optional(),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({
        events: z.array(
          z.object({
            id: z.string(),
            type: z.enum(ORDER_EVENT_TYPES),
            created_at: z.string(),
            sequence: z.number(),
            data: z.object({ order }),
          }),
        ),
        last: z.string().nullable(),
      }),
      "A page of events",
    ),
    ...errorResponses(400, 401, 404),
  },
});

/** Adds the orders to the operator API. */
export function orderDeskRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(feed, async (c) => {
    const { after, limit } = c.req.valid("query");
    return c.json(await c.var.services.orderEvents.feed(after, limit), 200);
  });
  app.openapi(list, async (c) => c.json(await c.var.services.orderDesk.search(c.req.valid("query")), 200));
  app.openapi(one, async (c) => c.json({ order: await c.var.services.orderDesk.one(c.req.valid("param").number) }, 200));
  app.openapi(cancel, async (c) => {
    const { number } = c.req.valid("param");
    await c.var.services.orders.cancelByOperator(number, c.req.valid("json")?.note);
    return c.json({ order: await c.var.services.orderDesk.one(number) }, 200);
  });
}
