// Refused requests in the log (issue 36): every 4xx answer is one info line with its error code,
// status, method, route (server/http/redact.ts: no key, no query value) and the request id that
// the answer's X-Request-Id header carries too, so an operator sees which clients are refused and
// why, and a shopper's report can be found. Nothing personal: no address, body or cookie.
import type { MiddlewareHandler } from "hono";
import { redactPath } from "./redact.ts";

/** The header an answer that is not JSON (a refusal page) names its error code in; dropped before it leaves. */
export const ERROR_CODE_HEADER = "x-kauppa-error-code";

export interface Refusal {
  requestId: string;
  status: number;
  code: string;
  method: string;
  path: string;
}

/** The error code of a refusal: the JSON error shape's first code, the refusal page's header, or the status. */
async function codeOf(response: Response): Promise<string> {
  const named = response.headers.get(ERROR_CODE_HEADER);
  if (named) return named;
  if (response.headers.get("content-type")?.startsWith("application/json")) {
    try {
      const body = (await response.clone().json()) as unknown;
      const errors = Array.isArray(body) ? body : (body as { data?: { errors?: unknown } })?.data?.errors;
      const code = Array.isArray(errors) ? (errors[0] as { code?: unknown } | undefined)?.code : undefined;
      if (typeof code === "string") return code;
    } catch {
      // not the error shape: the status says it
    }
  }
  return `http_${response.status}`;
}

/**
 * Logs each 4xx answer once (`log`), after the request id middleware; every answer names its id
 * (hono's middleware sets it only on answers made through the context, not on a Response a
 * middleware returns, such as the edge's refusals).
 */
export function refusalLog(log: (refusal: Refusal) => void): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    await next();
    try {
      if (!c.res.headers.has("x-request-id")) c.res.headers.set("X-Request-Id", c.get("requestId"));
    } catch {
      // a fetched answer's headers cannot change: it goes without the id
    }
    const status = c.res.status;
    if (status < 400 || status >= 500) return;
    const code = await codeOf(c.res);
    if (c.res.headers.has(ERROR_CODE_HEADER)) c.res.headers.delete(ERROR_CODE_HEADER);
    const url = new URL(c.req.url);
    log({ requestId: c.get("requestId"), status, code, method: c.req.method, path: redactPath(url.pathname) });
  };
}
