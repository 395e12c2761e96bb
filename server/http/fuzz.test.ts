// Hostile input, permanently (issue 15, decision 0033): a property-based fuzz test walks the
// OpenAPI document and sends random and malformed bodies, parameters and headers to every
// operation, and odd requests to a set of pages (the real production build), asserting that
// nothing answers 5xx and that every JSON 4xx is in the spec's error shape. In `npm test` with a
// fixed seed and a bounded count; for longer: `npm run fuzz -- --runs 20000 [--seed N]`
// (or FUZZ_RUNS / FUZZ_SEED). The request and 5xx counts are printed for the record.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { configurableVariant, type TestVariant } from "../../tests/helpers/catalog-rows.ts";
import { shopClient } from "../../tests/helpers/shop-client.ts";
import { createTestShop, TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";
import { createApp } from "../app.ts";
import { createPageCache } from "./page-cache.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 15);
const TIMEOUT_MS = Math.max(120_000, RUNS * 200);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
  example?: unknown;
  format?: string;
  minimum?: number;
};
type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; schema?: Schema; $ref?: string };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
interface Target {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { type: string; schema: Schema };
}

let shop: TestShop;
let app: ReturnType<typeof createApp>;
let targets: Target[] = [];
/** Stands for the current ready cart's id in generated requests (an order placed by the fuzz closes it; another is made). */
const CART = "cart-under-fuzz";
let cartId = "";
let variant: TestVariant;
let client: ReturnType<typeof shopClient>;
let schemas: Record<string, Schema> = {};
const unexpected: unknown[] = [];
const counts = { requests: 0, status5xx: 0 };

beforeAll(async () => {
  shop = await createTestShop();
  const pages = await loadBuiltPages({ cache: createPageCache({ maxEntries: 50, ttlSeconds: 60 }) });
  app = createApp({ services: shop.services, pages, logError: (error) => unexpected.push(error) });
  client = shopClient(shop);
  variant = await configurableVariant(shop.database.pool, 0, 1_000_000);
  // A cart ready to be ordered: the deepest checks (payment method, order step) are reached only from there.
  cartId = await client.readyCart([{ variant, quantity: 1 }]);
  const document = (await (await shop.request("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, Operation>>;
    components: { parameters?: Record<string, Parameter>; schemas?: Record<string, Schema> };
  };
  schemas = document.components.schemas ?? {};
  const resolve = (p: Parameter) => (p.$ref ? (document.components.parameters?.[p.$ref.split("/").pop() as string] as Parameter) : p);
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const [type, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      targets.push({
        method: method.toUpperCase(),
        path: template,
        parameters: (operation.parameters ?? []).map(resolve),
        body: type ? { type, schema: content?.schema ?? {} } : undefined,
      });
    }
  }
  targets = targets.filter((t) => t.path !== "/api/openapi.json");
});
afterAll(() => shop?.close());

// ---- what a hostile client sends

const SPECIALS = ["\u0000", "\ud800", "\udfff", "%", "%00", "%E0%A4%A", "'", '"', "\\", "/", "..", "<", "&", "ä", "😀", "\u202e", "\n"];
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...SPECIALS) },
);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit, maxLength: 40 }) },
  // A real-looking value with one poisoned character, the shape of the findings ("a\u0000b").
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "FI", "card", "KESA"), fc.constantFrom("\u0000", "\ud800", "\udc00"))
      .map(([a, b]) => `${a}${b}x`),
  },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "null", "0", "-1", "1e309", "card", "FI", "en", "fi", "women", "a".repeat(5000)) },
);
/** A header value (the Fetch API takes only Latin-1 text there; Node refuses a NUL before the shop sees it). */
const headerText = fc.string({ unit: fc.constantFrom(..."abcXYZ019 -_.;,=%/:*'\"ä"), maxLength: 30 });

/** Something of roughly the schema's shape, often wrong in type, size or text. */
function valueFor(schema: Schema | undefined, schemas: Record<string, Schema>, depth = 0): fc.Arbitrary<unknown> {
  const anything = fc.oneof(
    text,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
  );
  if (!schema || depth > 4) return anything;
  if (schema.$ref) return valueFor(schemas[schema.$ref.split("/").pop() as string], schemas, depth + 1);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(v, schemas, depth + 1)));
  let typed: fc.Arbitrary<unknown> = anything;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  // A plausible value most of the time, so that the other fields pass and the odd one reaches the database.
  const plausible =
    schema.example !== undefined
      ? fc.constant(schema.example)
      : schema.format === "email"
        ? fc.constant("fuzz@example.com")
        : fc.constantFrom("FI", "card", "invoice", "home_delivery", "Aino", "00100", "+358401234567", "WELCOME10", variant.productSku);
  if (schema.enum?.length) typed = fc.oneof(fc.constantFrom(...schema.enum), text);
  else if (type === "object") {
    const shape = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, valueFor(s, schemas, depth + 1)]));
    // All the properties (the way to a handler's deeper checks) more often than a few.
    typed = fc.oneof({ weight: 3, arbitrary: fc.record(shape) }, { weight: 1, arbitrary: fc.record(shape, { requiredKeys: [] }) });
  } else if (type === "array") typed = fc.array(valueFor(schema.items, schemas, depth + 1), { maxLength: 4 });
  else if (type === "string") typed = fc.oneof(plausible, text);
  else if (type === "integer" || type === "number") {
    typed = fc.oneof({ weight: 3, arbitrary: fc.constant(schema.minimum ?? 1) }, fc.integer(), fc.double({ noNaN: true }));
  } else if (type === "boolean") typed = fc.boolean();
  return fc.oneof({ weight: 9, arbitrary: typed }, { weight: 1, arbitrary: anything });
}

/**
 * A value as a client puts it in a URL: percent-encoded, a lone surrogate as the bytes it would be
 * in UTF-8 (which encodeURIComponent refuses to write), and now and then raw malformed escapes.
 */
function encoded(value: unknown): string {
  if (typeof value !== "string") return String(value);
  return encodeURIComponent(value.toWellFormed())
    .replace(/%EF%BF%BD/g, "%ED%A0%80")
    .replace(/%25(E0|00)/g, "%$1");
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

function apiRequest(target: Target, schemas: Record<string, Schema>): fc.Arbitrary<Sent> {
  const byIn = (where: Parameter["in"]) => target.parameters.filter((p) => p.in === where);
  const pathValues = fc.tuple(
    ...byIn("path").map((p) =>
      fc.oneof({ weight: 2, arbitrary: valueFor(p.schema, schemas).map(encoded) }, { weight: 1, arbitrary: fc.constant(CART) }),
    ),
  );
  const queryValues = fc.tuple(...byIn("query").map((p) => fc.option(valueFor(p.schema, schemas).map(encoded), { nil: undefined })));
  const headers = fc.record(
    {
      // Mostly what gets past the store and cross-site checks, so most requests reach their handler.
      Store: fc.oneof({ weight: 9, arbitrary: fc.constantFrom("en", "fi", "EN") }, { weight: 1, arbitrary: headerText }),
      cart: fc.oneof({ weight: 4, arbitrary: fc.constant(CART) }, { weight: 1, arbitrary: headerText }),
      Authorization: fc.oneof(fc.constant("Bearer junk"), headerText),
      "Idempotency-Key": headerText,
      Cookie: fc.oneof(
        fc.constantFrom("cart_id=%00", "checkout_success=%00", "consent=%ED%A0%80", "auth._token.local=x"),
        text.map((v) => `cart_id=${encoded(v)}`),
      ),
      Origin: fc.constantFrom("http://localhost", "http://localhost", "http://localhost", "https://evil.example", "null"),
      "Content-Type": fc.constantFrom("text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"),
    },
    { requiredKeys: [] },
  );
  // Every header above is sent about half the time; these three, which stop a request before its
  // handler, only now and then, so that most requests reach the handler with their odd values.
  const rare = (h: Record<string, string>, n: number) => {
    const out = { ...h };
    if (n % 4 !== 0) delete out.Authorization;
    if (n % 5 !== 0) delete out["Content-Type"];
    if (n % 3 !== 0) delete out.Origin;
    return out;
  };
  const json = target.body?.type.includes("json") ? target.body.schema : undefined;
  const body = fc.oneof(
    { weight: 4, arbitrary: valueFor(json ?? target.body?.schema, schemas).map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', "[[[[[[", "", "null", '"\\u0000"', '{"code":"\\ud800"}') },
    { weight: 1, arbitrary: text },
  );
  return fc
    .record({
      pathValues,
      queryValues,
      headers,
      n: fc.nat(59),
      body: fc.option(body, { nil: undefined, freq: 8 }),
      extraQuery: fc.option(text, { nil: undefined }),
    })
    .map(({ pathValues: pv, queryValues: qv, headers: all, n, body: b, extraQuery }) => {
      const h = rare(all, n);
      let i = 0;
      const url = new URL(`http://localhost${target.path.replace(/\{[^}]+\}/g, () => String(pv[i++]))}`);
      const query = byIn("query")
        .flatMap((p, j) => (qv[j] === undefined ? [] : [`${encodeURIComponent(p.name)}=${qv[j]}`]))
        .concat(extraQuery === undefined ? [] : [`x=${encoded(extraQuery)}`]);
      const search = query.length ? `?${query.join("&")}` : "";
      const sentHeaders: Record<string, string> = { ...h };
      if (b !== undefined && sentHeaders["Content-Type"] === undefined && target.body) sentHeaders["Content-Type"] = target.body.type;
      const withBody = target.method !== "GET" && target.method !== "HEAD";
      return { method: target.method, url: `${url.origin}${url.pathname}${search}`, headers: sentHeaders, body: withBody ? b : undefined };
    });
}

const PAGE_PATHS = [
  "/",
  "/c/women",
  "/c/{x}",
  "/c/women?brand={x}",
  "/p/{x}",
  "/searchresults?q={x}",
  "/cart",
  "/checkout?payment={x}",
  "/checkout/success",
  "/payments/sandbox/{x}",
  "/account/login",
  "/account/register",
  "/account/forgot-password",
  "/account/reset-password?token={x}",
  "/account/edit/password",
  "/account/wishlist",
  "/newsletter",
  "/cart.data",
  "/newsletter/unsubscribe?token={x}",
  "/content/{x}",
  "/forms/contact",
  "/cookie-consent",
  "/img/{x}",
];

/**
 * Every kind of body a client can send a page's action, not only the form a browser sends
 * (issue 36): a urlencoded form, a multipart one, JSON, text, XML, a multipart without its
 * boundary or with a broken one, and a body with no type at all.
 */
function multipart(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const pageBody = (fields: Record<string, string>): fc.Arbitrary<{ type?: string; body: string | FormData }> =>
  fc.constantFrom(
    { type: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() },
    { body: multipart(fields) },
    { type: "application/json", body: JSON.stringify(fields) },
    {
      type: "text/plain",
      body: Object.entries(fields)
        .map(([k, v]) => `${k}=${v}`)
        .join("\n"),
    },
    { type: "application/xml", body: "<form><email>a@example.com</email></form>" },
    { type: "multipart/form-data", body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--" },
    { type: "multipart/form-data; boundary=x", body: "not multipart at all" },
    { type: undefined, body: new URLSearchParams(fields).toString() },
  );

const pageRequest: fc.Arbitrary<Sent> = fc
  .record({
    template: fc.constantFrom(...PAGE_PATHS),
    x: text,
    method: fc.constantFrom("GET", "GET", "POST", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PROPFIND"),
    fields: fc.dictionary(fc.constantFrom("intent", "code", "email", "message", "choice", "from", "_data", "x"), text, { maxKeys: 4 }),
    cookie: fc.option(fc.constantFrom("checkout_success=%00", "cart_id=%00", "consent=all", "cart_id=x"), { nil: undefined }),
    store: fc.constantFrom("en", "fi") as fc.Arbitrary<"en" | "fi">,
  })
  .chain((r) => pageBody(r.fields as Record<string, string>).map((body) => ({ ...r, body })))
  .map(({ template, x, method, body, cookie, store }) => {
    const pathAndQuery = template.replace("{x}", encoded(x));
    const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
    const withBody = method !== "GET" && method !== "HEAD";
    if (withBody && body.type) headers["Content-Type"] = body.type;
    return { method, url: `http://${TEST_DOMAINS[store]}${pathAndQuery}`, headers, body: withBody ? body.body : undefined };
  });

// ---- what it must get back

async function send(request: Sent): Promise<void> {
  counts.requests++;
  let response: Response;
  const url = request.url.replaceAll(CART, cartId);
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, v.replaceAll(CART, cartId)]));
  try {
    response = await app.request(url, { method: request.method, headers, body: request.body });
  } catch (error) {
    // The test's own Request could not be built (a header the Fetch API refuses): not a request the shop saw.
    if (error instanceof TypeError && /header|method/i.test(error.message)) {
      counts.requests--;
      return;
    }
    throw error;
  }
  const where = `${request.method} ${url}`;
  if (response.status === 200 && url.includes("/api/checkout/placeOrder")) cartId = await client.readyCart([{ variant, quantity: 1 }]);
  if (response.status >= 500) counts.status5xx++;
  expect(response.status, where).toBeLessThan(500);
  const type = response.headers.get("content-type") ?? "";
  if (response.status >= 400 && type.startsWith("application/json")) {
    const body = (await response.json()) as unknown;
    // Spec §7's shape; confirmRegistration wraps the same array as data.errors.
    const errors = Array.isArray(body) ? body : (body as { data?: { errors?: unknown } }).data?.errors;
    expect(Array.isArray(errors), `${where}: ${JSON.stringify(body)}`).toBe(true);
    for (const error of errors as unknown[]) {
      expect(error, where).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
  } else {
    await response.body?.cancel();
  }
}

describe("hostile requests", () => {
  it(
    `no operation of the API answers 5xx, and every JSON 4xx is in the error shape (${RUNS} runs, seed ${SEED})`,
    async () => {
      const request = fc.constantFrom(...targets).chain((target) => apiRequest(target, schemas));
      await fc.assert(fc.asyncProperty(request, send), { numRuns: RUNS, seed: SEED, endOnFailure: true });
      expect(unexpected).toEqual([]);
      console.info(`fuzz: API ${counts.requests} requests to ${targets.length} operations, ${counts.status5xx} with 5xx`);
    },
    TIMEOUT_MS,
  );

  it(
    `no page answers 5xx (${Math.ceil(RUNS / 8)} runs, seed ${SEED})`,
    async () => {
      const before = { ...counts };
      await fc.assert(fc.asyncProperty(pageRequest, send), { numRuns: Math.ceil(RUNS / 8), seed: SEED, endOnFailure: true });
      expect(unexpected).toEqual([]);
      console.info(`fuzz: pages ${counts.requests - before.requests} requests, ${counts.status5xx - before.status5xx} with 5xx`);
    },
    TIMEOUT_MS,
  );
});
