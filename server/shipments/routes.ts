// The operator API's shipment report (decision 0020): the warehouse reports a parcel that left.
// Thin: parse, call the shipment service (the token is checked by server/http/operator.ts).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { CARRIERS } from "../../lib/tracking.ts";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";

const shipmentSchema = z
  .object({
    order_number: z.string(),
    shipment_number: z.string().openapi({ example: "EN0000001-1" }),
    carrier: z.enum(CARRIERS),
    tracking_number: z.string(),
    shipped_at: z.string(),
  })
  .openapi("Shipment");

const ship = createRoute({
  method: "post",
  path: "/api/operator/orders/{number}/shipments",
  tags: ["operator"],
  summary: "Reports a parcel of an order that left the warehouse (operator only)",
  description:
    "Authorization: Bearer <OPERATOR_TOKEN>; without a configured token this path does not exist (404), with a wrong or missing one " +
    "401 operator_unauthorized. The order becomes shipped and the shopper gets a mail with the carrier's tracking link. 201 with the " +
    "new shipment; the same carrier and tracking number again answers 200 with the shipment reported before (no second mail). " +
    "409 order_not_shippable for an order waiting for payment or canceled; 404 for an unknown order number.",
  request: {
    params: z.object({ number: z.string().max(40).openapi({ example: "EN0000001" }) }),
    body: {
      content: {
        "application/json": {
          schema: z.strictObject({
            carrier: z.enum(CARRIERS),
            tracking_number: z.string().max(100).openapi({ example: "JJFI64012345678901234" }),
            shipped_at: z.string().max(40).optional().openapi({ description: "ISO 8601; now when left out" }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: jsonContent(z.object({ shipment: shipmentSchema }), "Reported before: the same shipment"),
    201: jsonContent(z.object({ shipment: shipmentSchema }), "Recorded"),
    ...errorResponses(400, 401, 404, 409),
  },
});

/** Adds the shipment report to the operator API (server/http/operator.ts guards it). */
export function shipmentRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(ship, async (c) => {
    const { shipment, created } = await c.var.services.shipments.ship(c.req.valid("param").number, c.req.valid("json"));
    return created ? c.json({ shipment }, 201) : c.json({ shipment }, 200);
  });
}
