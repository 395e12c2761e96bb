// Orders over the API (decision 0081). A logged-in customer cancels their own order; operators
// (server/http/operator.ts checks their token) list and search orders, read one with its
// history and payments, and cancel one. Thin: parse, call the order services.
import { createRoute, type OpenAPIHono, OpenAPIHono as Hono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { ownerOf } from "../identity.ts";
import { DESK_PAGE_MAX } from "./desk.ts";
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

export function customerOrderRoutes() {
  const app = new Hono<AppEnv>();
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

/** Adds the orders to the operator API. */
export function orderDeskRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(list, async (c) => c.json(await c.var.services.orderDesk.search(c.req.valid("query")), 200));
  app.openapi(one, async (c) => c.json({ order: await c.var.services.orderDesk.one(c.req.valid("param").number) }, 200));
  app.openapi(cancel, async (c) => {
    const { number } = c.req.valid("param");
    await c.var.services.orders.cancelByOperator(number, c.req.valid("json")?.note);
    return c.json({ order: await c.var.services.orderDesk.one(number) }, 200);
  });
}
