// Shared pieces of the OpenAPI document.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { FORM_BODY_PATHS } from "./edge-guard.ts";

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
  400: "Malformed input: field names the field at fault (invalid_input; invalid_characters for a NUL or a lone surrogate anywhere in the request)",
  401: "Not logged in",
  403: "cross_site: a browser's write from a page of another site",
  404: "No such resource",
  408: "request_timeout: the body stopped arriving (the connection is closed)",
  409: "Conflict with the current state",
  413: "The request or its file is too large (body_too_large)",
  415: "unsupported_media_type: the body is not JSON (send Content-Type: application/json)",
  422: "Semantically invalid request",
  429: "too_many_requests: wait the Retry-After header's seconds",
  503: "A service the request needs cannot answer right now",
};

/** The error schema as the generated document names it (responses added after generation cannot use zod). */
const errorSchemaRef = { $ref: "#/components/schemas/Error" };

export function jsonContent<T extends z.ZodType | typeof errorSchemaRef>(schema: T, description: string) {
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

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;
type Operation = { parameters?: { $ref?: string; name?: string; in?: string }[]; responses?: Record<string, object> };

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;
const WRITES = new Set(["put", "post", "delete", "patch"]);

const HEADERS = {
  Store: {
    name: "Store",
    in: "header",
    required: false,
    schema: { type: "string", example: "fi" },
    description: "The store (en, fi) the request is for; without it the host decides. A store that does not exist is a 400 unknown_store.",
  },
  Cart: {
    name: "cart",
    in: "header",
    required: false,
    schema: { type: "string" },
    description: "The guest cart's id (else the cart_id cookie); a logged-in customer's cart comes from the token.",
  },
} as const;

/**
 * What the edge does to every operation, declared in one place rather than on each route (decision
 * 0033): the Store and cart headers every /api request is read with; the 400 any request can get
 * (invalid_characters); on writes the 403 of the cross-site guard, the 408 and 413 of the body limit and
 * (but for form operations) the 415; and the 429 with Retry-After, which any request carrying a
 * cart id can meet (guessing cart ids is limited) beside the limits of login, registration,
 * password reset, cart creation and codes.
 */
export function withEdgeAnswers(document: Document): Document {
  document.components ??= {};
  document.components.parameters = { ...document.components.parameters, ...HEADERS };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      operation.parameters ??= [];
      const parameters = operation.parameters;
      for (const [key, header] of Object.entries(HEADERS)) {
        const declared = parameters.some((p) => p.in === "header" && p.name?.toLowerCase() === header.name.toLowerCase());
        if (!declared) parameters.push({ $ref: `#/components/parameters/${key}` });
      }
      const statuses = [400, 429];
      if (WRITES.has(method)) statuses.push(403, 408, 413, ...(FORM_BODY_PATHS.test(path) ? [] : [415]));
      operation.responses ??= {};
      const responses = operation.responses;
      for (const status of statuses) responses[status] ??= jsonContent(errorSchemaRef, descriptions[status] ?? "Error");
      responses[429] = { ...responses[429], headers: retryAfter };
    }
  }
  return document;
}
