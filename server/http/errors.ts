// The API's error shape (spec §7): a JSON array whose first element has `message`, plus a
// stable `code`, the code's `params` (so a client can word it itself) and, for bad input,
// the `field` at fault. `message` is the catalogue's text in the request's store language.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError, type z } from "zod";
import type { ErrorCode, ErrorParams, InputRule } from "../../lib/errors/catalogue.ts";
import { type ErrorDetail, errorMessage } from "../../lib/errors/format.ts";
import { DEFAULT_LOCALE, type LocaleCode } from "../../lib/locales.ts";
import type { PriceFormat } from "../../lib/money.ts";
import type { Store } from "../catalog/service.ts";
import { isAppError } from "../errors.ts";
import { redactPath } from "./redact.ts";

export interface ApiError {
  message: string;
  code: string;
  params?: Record<string, string | number>;
  field?: string;
}

/** The language and price format errors are worded in: the request's store, else en. */
export interface ErrorLanguage {
  locale: LocaleCode;
  price?: PriceFormat;
}

export const ENGLISH: ErrorLanguage = { locale: DEFAULT_LOCALE };

export function languageOf(store: Store | undefined): ErrorLanguage {
  if (!store) return ENGLISH;
  return { locale: store.locale, price: { symbol: store.config.base_currency_symbol, leftSide: store.leftSideCurrency } };
}

/** The store a request was resolved to (set by the /api middleware), if it got that far. */
export const requestLanguage = (c: Context): ErrorLanguage => languageOf(c.get("store") as Store | undefined);

export function apiError(detail: ErrorDetail, language: ErrorLanguage): ApiError {
  const out: ApiError = { message: errorMessage(detail, language.locale, language.price), code: detail.code };
  if (detail.params && Object.keys(detail.params).length > 0) out.params = detail.params;
  if (detail.field !== undefined) out.field = detail.field;
  return out;
}

export function errorBody<C extends ErrorCode>(
  language: ErrorLanguage,
  code: C,
  options: { params?: ErrorParams<C>; field?: string } = {},
): ApiError[] {
  return [apiError({ code, params: options.params as Record<string, string | number> | undefined, field: options.field }, language)];
}

/** A zod issue as the rule of spec §5 it breaks (a missing value is "required", a long text "maxLength"). */
function issueParams(issue: z.core.$ZodIssue): Record<string, string | number> {
  const rule = (r: InputRule, extra: Record<string, string | number> = {}) => ({ rule: r, ...extra });
  if (issue.code === "invalid_type" && /received undefined|received null/.test(issue.message)) return rule("required");
  if (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) <= 1) return rule("required");
  if (issue.code === "too_small" && issue.origin === "string") return rule("minLength", { minLength: Number(issue.minimum) });
  if (issue.code === "too_big" && issue.origin === "string") return rule("maxLength", { maxLength: Number(issue.maximum) });
  if (issue.code === "too_small" && issue.origin === "number") return rule("min", { min: Number(issue.minimum) });
  if (issue.code === "too_big" && issue.origin === "number") return rule("max", { max: Number(issue.maximum) });
  if (issue.code === "unrecognized_keys") return rule("unknownKeys", { value: issue.keys.join(", ") });
  if (issue.code === "invalid_format" && issue.format === "email") return rule("email");
  if (issue.code === "invalid_value") return rule("choice", { choices: issue.values.map(String).join(", ") });
  return rule("format");
}

export function zodErrorBody(error: ZodError, language: ErrorLanguage): ApiError[] {
  return error.issues.map((issue) => {
    const field = issue.path.join(".") || "body";
    return apiError({ code: "invalid_input", params: issueParams(issue), field }, language);
  });
}

/** What an unexpected error's log line says of its request: the method and the path with no key in it. */
export interface LoggedRequest {
  method: string;
  path: string;
  /** The request's id, as its answer's X-Request-Id header says it. */
  requestId?: string;
}

/** Turns any thrown error into a response; unexpected ones are logged (with the redacted path), never shown. */
export function handleError(error: unknown, c: Context, log: (error: unknown, request?: LoggedRequest) => void): Response {
  const language = requestLanguage(c);
  if (isAppError(error)) {
    // A refusal for a while (rate limits, failed logins) says when to come back.
    if (error.status === 429 && typeof error.params.seconds === "number") c.header("Retry-After", String(error.params.seconds));
    return c.json([apiError(error, language)], error.status as ContentfulStatusCode);
  }
  if (error instanceof ZodError) return c.json(zodErrorBody(error, language), 400);
  if (error instanceof HTTPException && error.status < 500) return c.json(errorBody(language, "refused"), error.status);
  if (error instanceof SyntaxError) return c.json(errorBody(language, "invalid_json"), 400);
  const url = new URL(c.req.url);
  const requestId = (c.get as (key: string) => unknown)("requestId");
  log(error, {
    method: c.req.method,
    path: redactPath(url.pathname + url.search),
    requestId: typeof requestId === "string" ? requestId : undefined,
  });
  return c.json(errorBody(language, "internal_error"), 500);
}
