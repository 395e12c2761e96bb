// The API's error shape (spec §7): a JSON array whose first element has `message`, plus a
// stable `code` and, for bad input, the `field` at fault.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { isAppError } from "../errors.ts";

export interface ApiError {
  message: string;
  code: string;
  field?: string;
}

export function errorBody(message: string, code: string, field?: string): ApiError[] {
  return [field === undefined ? { message, code } : { message, code, field }];
}

export function zodErrorBody(error: ZodError): ApiError[] {
  return error.issues.map((issue) => {
    const field = issue.path.join(".") || "body";
    return { message: `${field}: ${issue.message}`, code: "invalid_input", field };
  });
}

/** Turns any thrown error into a response; unexpected ones are logged, never shown. */
export function handleError(error: unknown, c: Context, log: (error: unknown) => void): Response {
  if (isAppError(error)) {
    return c.json(errorBody(error.message, error.code, error.field), error.status as ContentfulStatusCode);
  }
  if (error instanceof ZodError) return c.json(zodErrorBody(error), 400);
  if (error instanceof HTTPException && error.status < 500)
    return c.json(errorBody(error.message || "The request was refused", "refused"), error.status);
  if (error instanceof SyntaxError) return c.json(errorBody("The request body is not valid JSON", "invalid_json"), 400);
  log(error);
  return c.json(errorBody("Something went wrong on our side. Please try again.", "internal_error"), 500);
}
