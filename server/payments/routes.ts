// Payment providers' server-to-server notifications (decision 0037, docs/payments.md). Not for
// shoppers: only what the named provider verifies (its signature, in constant time, within its
// time window) gets past the check. Thin: the raw body and headers to the payment service.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";

const notify = createRoute({
  method: "post",
  path: "/api/payments/{provider}/notifications",
  tags: ["payments"],
  summary: "A payment provider's signed notification of a payment's outcome (providers only)",
  description:
    "The body and its signature are the provider's own (the sandbox: JSON with id, reference, amount {value in cents, currency} and " +
    "outcome, signed in the Sandbox-Signature header; docs/payments.md). 404 for a provider that is not on; 401 " +
    "payment_notification_unverified for a missing, wrong or too old signature; 409 payment_mismatch when the amount or currency is " +
    "not the order's; 404 payment_not_found for an unknown payment. The same provider payment id again answers 200 with applied false.",
  request: { params: z.object({ provider: z.string().max(40).openapi({ example: "sandbox" }) }) },
  responses: {
    200: jsonContent(
      z.object({ status: z.enum(["pending", "approved", "declined", "canceled"]), applied: z.boolean() }),
      "The payment's status now; applied: whether this notification decided it",
    ),
    ...errorResponses(401, 404, 409),
  },
});

export function paymentRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(notify, async (c) => {
    const raw = { body: await c.req.text(), headers: c.req.raw.headers };
    return c.json(await c.var.services.payments.receive(c.req.valid("param").provider, raw), 200);
  });
  return app;
}
