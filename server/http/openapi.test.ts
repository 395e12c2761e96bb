// The OpenAPI document declares what the edge does to every operation (decision 0033), so a client
// generated from it knows the Store and cart headers and every answer it can get.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

type Parameter = { $ref?: string; name?: string; in?: string };
type Operation = { parameters?: Parameter[]; responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter>; schemas: Record<string, unknown> };
};

let shop: TestShop;
let document: Document;

beforeAll(async () => {
  shop = await createTestShop();
  document = (await (await shop.request("/api/openapi.json")).json()) as Document;
});
afterAll(() => shop?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

/** A parameter as declared, its $ref followed. */
const parameter = (p: Parameter) => (p.$ref ? document.components.parameters[p.$ref.split("/").pop() as string] : p) as Parameter;
const headerNames = (operation: Operation) =>
  (operation.parameters ?? []).map(parameter).flatMap((p) => (p.in === "header" ? [p.name?.toLowerCase()] : []));

describe("the OpenAPI document", () => {
  it("declares the Store and cart headers on every operation", () => {
    expect(operations().length).toBeGreaterThan(40);
    for (const { path, method, operation } of operations()) {
      expect(headerNames(operation), `${method} ${path}`).toEqual(expect.arrayContaining(["store", "cart"]));
    }
    expect(headerNames(document.paths["/api/checkout/placeOrder"]?.post as Operation)).toContain("idempotency-key");
  });

  it("declares the edge's answers in the error shape: 400 and 429 (with Retry-After) everywhere, 403, 413 and 415 on writes", () => {
    for (const { path, method, operation } of operations()) {
      const where = `${method} ${path}`;
      // (A route may word its own 400 — spec §7 wraps some operations' errors — but it has one.)
      expect(operation.responses["400"]?.content, `${where} 400`).toHaveProperty("application/json");
      const statuses = ["429"];
      if (method !== "get") statuses.push("403", "413");
      for (const status of statuses) {
        expect(operation.responses[status]?.content, `${where} ${status}`).toEqual({
          "application/json": { schema: { $ref: "#/components/schemas/Error" } },
        });
      }
      expect(operation.responses["429"]?.headers, where).toHaveProperty("Retry-After");
      const takesForm = path.startsWith("/api/forms/") || path === "/api/newsletter/unsubscribe";
      expect(Boolean(operation.responses["415"]), `${where} 415`).toBe(method !== "get" && !takesForm);
    }
    expect(document.components.schemas).toHaveProperty("Error");
  });
});
