// Shared pieces of the OpenAPI document.
import { z } from "@hono/zod-openapi";

export const errorSchema = z
  .array(
    z.object({
      message: z.string(),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      field: z.string().optional(),
    }),
  )
  .openapi("Error", {
    description:
      "Spec §7 error shape: the first element's message is the one to show, in the store's language; code and params (amounts in euros) let a client word it itself.",
  });

const descriptions: Record<number, string> = {
  400: "Malformed input: field names the field at fault",
  401: "Not logged in",
  404: "No such resource",
  409: "Conflict with the current state",
  413: "The request or its file is too large",
  422: "Semantically invalid request",
  429: "Too many requests",
  503: "A service the request needs cannot answer right now",
};

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

/** A 429 says when to come back (docs/decisions/0035): the same seconds as its params.seconds. */
const retryAfter = {
  "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer" as const, minimum: 1 } },
};

export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((s) => [s, { ...jsonContent(errorSchema, descriptions[s] ?? "Error"), ...(s === 429 ? { headers: retryAfter } : {}) }]),
  );
}
