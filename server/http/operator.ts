// The operator API (decision 0020, 0081): the warehouse's and customer service's systems. Not
// for shoppers: it answers only a Bearer token equal to OPERATOR_TOKEN, and does not exist
// (404, as any unknown path) while no token is configured.
import { createHash, timingSafeEqual } from "node:crypto";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";
import { orderDeskRoutes } from "../orders/routes.ts";
import { shipmentRoutes } from "../shipments/routes.ts";
import type { AppEnv } from "./env.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Only the configured token gets through, compared in constant time; no token configured: no such API. */
export function operatorOnly(token: string | undefined): MiddlewareHandler<AppEnv> {
  const expected = token ? digest(token) : null;
  return async (c, next) => {
    if (!expected) throw new AppError(404, "not_found");
    const given = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!timingSafeEqual(digest(given), expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="operator"');
      throw new AppError(401, "operator_unauthorized");
    }
    await next();
  };
}

export function operatorRoutes(token: string | undefined) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/api/operator/*", operatorOnly(token));
  shipmentRoutes(app);
  orderDeskRoutes(app);
  return app;
}
