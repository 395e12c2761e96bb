// Errors a domain service raises on purpose: a code of the one catalogue (lib/errors) with its
// parameters, never prose. The HTTP layer turns them into the spec's error shape (§7: a JSON
// array whose first element has `message`) in the request's language; pages into a status or
// a text of their own locale.
import type { ErrorCode, ErrorParams } from "../lib/errors/catalogue.ts";
import { logMessage } from "../lib/errors/format.ts";

export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;
  readonly code: C;
  readonly params: Record<string, string | number>;
  readonly field?: string;
  /** A brand rather than instanceof: the page bundle holds its own copy of this class. */
  readonly isAppError = true;

  /** `message` is the English text, for logs only; clients get code and params. */
  constructor(status: AppError["status"], code: C, options: { params?: ErrorParams<C>; field?: string } = {}) {
    const params = (options.params ?? {}) as Record<string, string | number>;
    super(logMessage({ code, params, field: options.field }));
    this.status = status;
    this.code = code;
    this.params = params;
    this.field = options.field;
  }
}

export const notFound = (code: "not_found" | "category_not_found" | "product_not_found" = "not_found") => new AppError(404, code);
export const badInput = (field: string, params: ErrorParams<"invalid_input">) => new AppError(400, "invalid_input", { params, field });

/** A page's Retry-After for a refusal for a while (a 429 with params.seconds, decision 0035), as the API sends it. */
export function retryAfterHeader(status: number, params?: Record<string, unknown>): Record<string, string> {
  return status === 429 && typeof params?.seconds === "number" ? { "Retry-After": String(params.seconds) } : {};
}

/** A page's headers: private, plus the Retry-After of a refused form (set by its action). */
export function privatePageHeaders(actionHeaders: Headers): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "private, no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

export function isAppError(error: unknown): error is AppError {
  return typeof error === "object" && error !== null && (error as { isAppError?: unknown }).isAppError === true;
}
