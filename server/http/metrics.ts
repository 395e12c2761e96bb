// Prometheus metrics at /metrics: process defaults plus request counts and durations by
// route kind (api, page, image, static) and status class — bounded label values only.
import type { MiddlewareHandler } from "hono";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to the response head, by kind of path and status class",
    labelNames: ["kind", "method", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  const kindOf = (path: string) =>
    path.startsWith("/api/") ? "api" : path.startsWith("/img/") ? "image" : path.startsWith("/assets/") ? "static" : "page";

  const middleware: MiddlewareHandler = async (c, next) => {
    const end = duration.startTimer();
    await next();
    end({ kind: kindOf(c.req.path), method: c.req.method, status: `${Math.floor(c.res.status / 100)}xx` });
  };

  return {
    middleware,
    async respond() {
      return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType } });
    },
  };
}
