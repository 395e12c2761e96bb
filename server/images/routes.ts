// GET /img/p/<key>?w=&h=&fit=&q=&fm= — product images (mounted at /img by the app);
// GET /img/c/<file key>?w=&h=&fit=&q=&fm=&bg= — CMS pictures, with Contentful's parameters.
// An image URL never changes meaning, so answers are cached for a year (immutable), with
// a strong ETag for revalidation; errors use the API's shape (a JSON array).
import { Hono, type Context } from "hono";
import type { ErrorParams } from "../../lib/errors/catalogue.ts";
import { ENGLISH, errorBody } from "../http/errors.ts";
import type { ImageService } from "./service.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const ERROR_CACHE = "public, max-age=60";

/** True if an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export interface ImageRoutesOptions {
  logError?: (error: unknown) => void;
}

export function imageRoutes(service: ImageService, { logError = console.error }: ImageRoutesOptions = {}): Hono {
  const app = new Hono();
  // Images are not of one store: their errors are worded in English.
  const fail = (
    c: Context,
    status: 400 | 404 | 500 | 503,
    code: "invalid_input" | "not_found" | "internal_error" | "busy",
    params?: ErrorParams<"invalid_input">,
    field?: string,
  ) => {
    c.header("Cache-Control", status >= 500 ? "no-store" : ERROR_CACHE);
    return c.json(errorBody(ENGLISH, code, { params, field }), status);
  };

  const serve = async (c: Context, prefix: string, etagOf: ImageService["etag"], render: ImageService["render"]) => {
    const keyPath = c.req.path.slice(prefix.length);
    const params = new URL(c.req.url).searchParams;
    // Revalidation needs neither the disk nor sharp.
    const etag = etagOf(keyPath, params);
    if (etag && matches(c.req.header("If-None-Match"), etag)) {
      return c.body(null, 304, { ETag: etag, "Cache-Control": IMMUTABLE });
    }
    const result = await render(keyPath, params);
    if ("error" in result) return fail(c, result.status, result.error, result.params, result.field);
    // Another size is the same picture at the next drawn size, for good (docs/decisions/0034).
    if ("redirect" in result) return c.body(null, 301, { Location: result.redirect, "Cache-Control": IMMUTABLE });
    if ("busy" in result) {
      c.header("Retry-After", String(result.retryAfter));
      return fail(c, 503, "busy");
    }
    // Buffers from sharp and fs are backed by a plain ArrayBuffer.
    return c.body(result.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": result.contentType,
      "Content-Length": String(result.body.byteLength),
      "Cache-Control": IMMUTABLE,
      ETag: result.etag,
      "X-Cache": result.cached ? "HIT" : "MISS",
    });
  };
  app.get("/p/*", (c) => serve(c, "/p/", service.etag, service.render));
  // A CMS picture's key names its content (server/content/files.ts): immutable as well.
  app.get("/c/*", (c) => serve(c, "/c/", service.contentEtag, service.renderContent));

  app.notFound((c) => fail(c, 404, "not_found"));
  app.onError((error, c) => {
    logError(error);
    return fail(c, 500, "internal_error");
  });
  return app;
}
