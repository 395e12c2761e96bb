// The purchase report's API (spec §7 POST /api/voyado/payment; decision 0031): keys and market
// in the query, the paid order in the body. Thin: the consent and keys decide the report's
// context, the service checks the order and its owner and writes the report once.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { badInput } from "../errors.ts";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { ownerOf } from "../identity.ts";
import { CONSENT_NOTE, queryCommon } from "../engagement/routes.ts";
import { marketOf, purchaseContext } from "./context.ts";

const payment = createRoute({
  method: "post",
  path: "/api/voyado/payment",
  tags: ["engagement"],
  summary: "Reports a paid order to the customer-relationship side",
  description:
    "The order's member earns loyalty points (one per whole euro) and the engagement engine gets one `purchase` signal per " +
    "product under the shopper's keys, raising its popularity. At most once per order: the report may already have been " +
    "written when the order was paid, and asking again (a reload) changes nothing. Delivered in the background with retries; " +
    "the answer does not wait for it. Only the order's own shopper: the customer who placed it, or whoever holds its " +
    "`order_token` (the secret of its success page). 404 for an unknown or unpaid order, 403 for someone else's. " +
    `\`reported\` is false when nothing is reported: ${CONSENT_NOTE}`,
  request: {
    query: z.object(queryCommon),
    body: {
      content: {
        "application/json": {
          schema: z.object({
            order_number: z.string().min(1).max(40),
            order_token: z.string().min(1).max(200).optional().openapi({ description: "The order's view token (guests)" }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    202: jsonContent(z.object({ reported: z.boolean() }), "Reported (or already reported); false without marketing consent"),
    ...errorResponses(400, 403, 404),
  },
});

export function crmRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(payment, async (c) => {
    const query = c.req.valid("query");
    const body = c.req.valid("json");
    const { shopper, store } = c.var;
    // The market is the store's: a client that names another is confused about where it is.
    if (query.market && query.market !== marketOf(store.locale).market)
      throw badInput("market", { rule: "unknownValue", value: query.market });
    const context = purchaseContext({
      storeLocale: store.locale,
      marketing: shopper.consent.marketing,
      customer: shopper.customer,
      ...query,
    });
    const reported = await c.var.services.crm.reportByNumber(store, ownerOf(shopper), body.order_number, body.order_token ?? null, context);
    return c.json({ reported }, 202);
  });

  return app;
}
