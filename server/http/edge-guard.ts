// One rule at the edge for everything a client can send (docs/decisions/0033): text with a NUL
// character or a lone surrogate — which PostgreSQL refuses, so it used to surface as a 500 from
// whichever query met it first — is refused here, before any handler, with a 400 in the shopper's
// language. The same edge answers a method the shop does not speak with a quiet 405, and an API
// write whose body is not JSON with a 415. The API gets the spec's error shape; pages a small
// page of their own, built without the database (the request is the problem, not the shop).
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { FORM_TOO_LARGE_HEADER } from "../../lib/cms-forms.ts";
import { clearedCookie, readCookies } from "../../lib/cookies.ts";
import type { ErrorCode } from "../../lib/errors/catalogue.ts";
import { errorPage } from "./error-page.ts";
import { errorBody, type ErrorLanguage } from "./errors.ts";

/** A string PostgreSQL (and any UTF-8 consumer) cannot take: a NUL, or half of a surrogate pair. */
export const isBadText = (text: string) => text.includes("\u0000") || !text.isWellFormed();

const API_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE"];
const PAGE_METHODS = ["GET", "HEAD", "POST"];

/** API writes that take form bodies rather than JSON: the CMS forms and RFC 8058's one-click unsubscribe. */
export const FORM_BODY_PATHS = /^\/api\/(forms\/|newsletter\/unsubscribe$)/;
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");
/** Whether the client says it sends a body (a fetch always says so for a write with one). */
const declaresBody = (request: Request) =>
  request.headers.has("transfer-encoding") || Number(request.headers.get("content-length") ?? "0") > 0;

/** The first place in the URL or cookies holding bad text (its field name and, for a cookie, the cookie), if any. */
function badUrlOrCookie(request: Request): { field: string; cookie?: string } | null {
  const url = new URL(request.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { field: "path" }; // malformed percent-encoding (`/p/%E0%A4%A`)
  }
  if (isBadText(path)) return { field: "path" };
  for (const [name, value] of url.searchParams) if (isBadText(name) || isBadText(value)) return { field: name };
  for (const [name, value] of Object.entries(readCookies(request.headers.get("cookie")))) {
    if (isBadText(value)) return { field: name, cookie: name };
  }
  return null;
}

/**
 * The path (as zod names fields: `address.street`, `items.0.sku`) of the first bad string in
 * parsed JSON, keys included. A loop, not recursion: a body of nested brackets must not blow the stack.
 */
export function badJsonField(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  const join = (path: string, key: string | number) => (path === "" ? String(key) : `${path}.${key}`);
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string };
    if (typeof item.value === "string") {
      if (isBadText(item.value)) return item.path || "body";
    } else if (Array.isArray(item.value)) {
      // Pushed last to first, so the first bad string in the document is the one named.
      for (let i = item.value.length - 1; i >= 0; i--) stack.push({ value: item.value[i], path: join(item.path, i) });
    } else if (item.value !== null && typeof item.value === "object") {
      const entries = Object.entries(item.value);
      for (const [key] of entries) if (isBadText(key)) return join(item.path, key);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, v] = entries[i] as [string, unknown];
        stack.push({ value: v, path: join(item.path, key) });
      }
    }
  }
  return null;
}

/** The first bad field of a body (JSON, or a form's names, text values and file names; never file contents). */
async function badBodyField(request: Request): Promise<string | typeof UNREADABLE_FORM | null> {
  const type = request.headers.get("content-type") ?? "";
  // A copy: the handler (a route's validator, a page's action) reads the request itself later.
  if (JSON_TYPE.test(type)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await request.clone().text());
    } catch {
      return null; // not JSON: the handler says so (invalid_json), or the body limit does
    }
    return badJsonField(parsed);
  }
  if (FORM_TYPE.test(type)) {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return UNREADABLE_FORM;
    }
    for (const [name, value] of form) {
      if (isBadText(name) || isBadText(typeof value === "string" ? value : value.name)) return name;
    }
  }
  return null;
}

/** badBodyField's answer for a body that says it is a form and cannot be read as one (a multipart without its boundary). */
const UNREADABLE_FORM = Symbol("unreadable form");

export interface EdgeGuard {
  /** Method, path, query and cookies: first, before anything reads the request. */
  request: MiddlewareHandler;
  /** Bodies: after the body limits, before the routes and the pages. */
  body: MiddlewareHandler;
}

/** `language` finds the store a request is for (its Store header or host) without reading anything else. */
export function edgeGuard(language: (request: Request) => Promise<ErrorLanguage>): EdgeGuard {
  async function refuse(
    c: Context,
    status: ContentfulStatusCode,
    code: ErrorCode,
    field?: string,
    headers: Record<string, string | string[]> = {},
  ) {
    const lang = await language(c.req.raw);
    const body = errorBody(lang, code, { field });
    const response = isApi(c.req.path) ? Response.json(body, { status }) : errorPage(lang, status, code);
    response.headers.set("Cache-Control", "no-store");
    for (const [name, value] of Object.entries(headers)) {
      for (const v of Array.isArray(value) ? value : [value]) response.headers.append(name, v);
    }
    return response;
  }

  return {
    async request(c, next) {
      // A method nobody here speaks (TRACE, PATCH, …) never reaches a handler: the runtime cannot
      // even build a Request for some of them, which used to print a stack trace per request.
      const allowed = isApi(c.req.path) ? API_METHODS : PAGE_METHODS;
      if (!allowed.includes(c.req.method)) {
        return refuse(c, 405, "method_not_allowed", undefined, { Allow: allowed.join(", ") });
      }
      const bad = badUrlOrCookie(c.req.raw);
      // A refused cookie is forgotten too: the browser would otherwise send it, and be refused, for ever.
      if (bad) {
        const forget: Record<string, string> = bad.cookie ? { "Set-Cookie": clearedCookie(c.req.raw, bad.cookie) } : {};
        return refuse(c, 400, "invalid_characters", bad.field, forget);
      }
      await next();
    },
    async body(c, next) {
      const request = c.req.raw;
      if (c.req.method === "GET" || c.req.method === "HEAD") return next();
      // An API write's body is JSON (the CMS forms and one-click unsubscribe take forms): a body of
      // another type, or of none named, would otherwise reach a route that skips or misreads it.
      const type = request.headers.get("content-type");
      const takesJson = isApi(c.req.path) && !FORM_BODY_PATHS.test(c.req.path);
      if (takesJson && (type !== null || declaresBody(request)) && !JSON_TYPE.test(type ?? "")) {
        return refuse(c, 415, "unsupported_media_type", "Content-Type");
      }
      // A page's action reads a form, as a browser sends it (decision 0033): anything else (JSON,
      // text, no type) is refused here rather than failing in the action as a 500. The form
      // limit's stand-in for a form too large (server/app.ts) carries no body on purpose.
      if (!isApi(c.req.path) && !FORM_TYPE.test(type ?? "") && !request.headers.has(FORM_TOO_LARGE_HEADER)) {
        return refuse(c, 415, "form_expected", "Content-Type");
      }
      if (request.body === null) return next();
      const field = await badBodyField(request);
      if (field === UNREADABLE_FORM) return refuse(c, 400, "invalid_form", "body");
      if (field !== null) return refuse(c, 400, "invalid_characters", field);
      await next();
    },
  };
}
