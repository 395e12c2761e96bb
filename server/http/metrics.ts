// Prometheus metrics at /metrics: process defaults plus request counts and durations by
// route kind (api, page, image, static) and status class — bounded label values only.
// Only for the holder of METRICS_TOKEN (decision 0036): memory, traffic and error rates tell an
// attacker when a push hurts.
import { createHash, timingSafeEqual } from "node:crypto";
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

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether a request may read the metrics: "none" when no token is configured (there are no
 * metrics to find), "denied" without the Bearer token — compared in constant time, as digests
 * of equal length — and "allowed" with it.
 */
export function metricsAccess(token: string | undefined): (authorization: string | undefined) => "none" | "denied" | "allowed" {
  const expected = token ? digest(token) : null;
  return (authorization) => {
    if (!expected) return "none";
    const given = /^Bearer (.+)$/i.exec(authorization ?? "")?.[1] ?? "";
    return timingSafeEqual(digest(given), expected) ? "allowed" : "denied";
  };
}
