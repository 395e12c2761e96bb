// /api/contentful/* (spec §7 "content"; decision 0026): the content store answered in the shape
// of Contentful's delivery API. Thin: the query string and the store's locale to the delivery
// service. Published content may be kept by browsers for a short while; preview never.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { previewRefused, type DeliveryRequest } from "./delivery.ts";

/** Published content: short, so an import reaches browsers soon after it reaches the pages. */
const PUBLISHED_CACHE = "public, max-age=30";
const PREVIEW_CACHE = "private, no-store";

const anyJson = z.record(z.string(), z.unknown());
const collectionSchema = z
  .object({
    sys: z.object({ type: z.literal("Array") }),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
    items: z.array(anyJson),
    includes: z.object({ Entry: z.array(anyJson).optional(), Asset: z.array(anyJson).optional() }).optional(),
    errors: z.array(anyJson).optional(),
  })
  .openapi("ContentCollection", {
    description: "Contentful's collection: items, and the entries and assets they link to (to `include` levels) in `includes`.",
  });

const locale = z.string().optional().openapi({
  description: "fi, fi-FI, en, en-GB or * (every locale, fields keyed by locale code); default: the request's store's",
});
const include = z.string().optional().openapi({ description: "Link levels resolved into includes: 0–10, default 4" });
const secret = z.string().optional().openapi({ description: "The preview secret (or give it as Authorization: Bearer)" });
const entryQuery = z
  .object({
    include,
    locale,
    content_type: z.string().optional().openapi({ description: "Only entries of this content type (needed by fields.x filters)" }),
    order: z
      .string()
      .optional()
      .openapi({ description: "Comma-separated: sys.updatedAt, sys.createdAt, sys.id, fields.x; '-' before one sorts descending" }),
    limit: z.string().optional().openapi({ description: "0–1000, default 100" }),
    skip: z.string().optional(),
    "sys.id": z.string().optional(),
    "sys.id[in]": z.string().optional().openapi({ description: "Comma-separated ids" }),
  })
  .catchall(z.string())
  .openapi({ description: "Also fields.<id>=value: equality in the locale asked for (an array field matches when it holds the value)." });

const tags = ["content"];
const badOrMissing = errorResponses(400, 404);

const bySlug = createRoute({
  method: "get",
  path: "/api/contentful/{contentType}/{slug}",
  tags,
  summary: "Published entries of a content type with this slug (e.g. landingPage/index), with their links",
  request: { params: z.object({ contentType: z.string(), slug: z.string() }), query: z.object({ include, locale }) },
  responses: { 200: jsonContent(collectionSchema, "A collection (empty when no entry has the slug)"), ...badOrMissing },
});
const contentType = createRoute({
  method: "get",
  path: "/api/contentful/contentType/{id}",
  tags,
  summary: "A content type and its fields' definitions",
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: jsonContent(anyJson, "The content type"), ...badOrMissing },
});
const contentTypes = createRoute({
  method: "get",
  path: "/api/contentful/contentTypes",
  tags,
  summary: "Every content type",
  request: { query: z.object({ limit: z.string().optional(), skip: z.string().optional() }) },
  responses: { 200: jsonContent(collectionSchema, "The content types"), ...errorResponses(400) },
});
const entry = createRoute({
  method: "get",
  path: "/api/contentful/entry/{id}",
  tags,
  summary: "A published entry, as a collection of one with its links in includes",
  request: { params: z.object({ id: z.string() }), query: z.object({ include, locale }) },
  responses: { 200: jsonContent(collectionSchema, "The entry"), ...badOrMissing },
});
const entries = createRoute({
  method: "get",
  path: "/api/contentful/entries",
  tags,
  summary: "Published entries: filtered, ordered, a page of them",
  request: { query: entryQuery },
  responses: { 200: jsonContent(collectionSchema, "A page of entries"), ...errorResponses(400) },
});
const asset = createRoute({
  method: "get",
  path: "/api/contentful/asset/{id}",
  tags,
  summary: "An asset; its file.url is served by this shop with Contentful's image parameters (w, h, fit, q, fm)",
  request: { params: z.object({ id: z.string() }), query: z.object({ locale }) },
  responses: { 200: jsonContent(anyJson, "The asset"), ...badOrMissing },
});
const assets = createRoute({
  method: "get",
  path: "/api/contentful/assets",
  tags,
  summary: "Assets, a page of them",
  request: {
    query: z.object({ locale, limit: z.string().optional(), skip: z.string().optional(), "sys.id[in]": z.string().optional() }),
  },
  responses: { 200: jsonContent(collectionSchema, "A page of assets"), ...errorResponses(400) },
});
const space = createRoute({
  method: "get",
  path: "/api/contentful/space",
  tags,
  summary: "The space: its name and locales",
  responses: { 200: jsonContent(anyJson, "The space") },
});
const locales = createRoute({
  method: "get",
  path: "/api/contentful/locales",
  tags,
  summary: "The content locales (en-GB default; fi-FI falls back to it)",
  responses: { 200: jsonContent(collectionSchema, "The locales") },
});
const preview = createRoute({
  method: "get",
  path: "/api/contentful/preview",
  tags,
  summary: "Entries as /entries, but drafts included (the latest version of each entry); needs the preview secret",
  description: "Without the right secret (query `secret` or `Authorization: Bearer`), or when the shop has none configured: 401.",
  request: { query: entryQuery.extend({ secret }) },
  responses: { 200: jsonContent(collectionSchema, "A page of entries, drafts included"), ...errorResponses(400, 401) },
});

function delivery(c: Context<AppEnv>, preview = false): DeliveryRequest {
  const params = new URL(c.req.url).searchParams;
  c.header("Cache-Control", preview ? PREVIEW_CACHE : PUBLISHED_CACHE);
  // The default locale is the store's, which the Store header can choose.
  if (!preview) c.header("Vary", "Store");
  return { params, storeLocale: c.var.store.iso, preview };
}

export function contentRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const content = (c: Context<AppEnv>) => c.var.services.content.delivery;

  // Fixed paths first: "/contentType/x" and "/entry/x" are not a content type's slugs.
  app.openapi(contentTypes, async (c) => {
    const request = delivery(c);
    return c.json(await content(c).contentTypes(request.params), 200);
  });
  app.openapi(contentType, async (c) => {
    const request = delivery(c);
    return c.json(await content(c).contentType(c.req.valid("param").id, request.params), 200);
  });
  app.openapi(entry, async (c) => c.json(await content(c).entry(c.req.valid("param").id, delivery(c)), 200));
  app.openapi(entries, async (c) => c.json(await content(c).entries(delivery(c)), 200));
  app.openapi(asset, async (c) => c.json(await content(c).asset(c.req.valid("param").id, delivery(c)), 200));
  app.openapi(assets, async (c) => c.json(await content(c).assets(delivery(c)), 200));
  app.openapi(space, async (c) => {
    delivery(c);
    return c.json(await content(c).space(c.var.services.content.spaceName), 200);
  });
  app.openapi(locales, async (c) => {
    delivery(c);
    return c.json(await content(c).locales(), 200);
  });
  app.openapi(preview, async (c) => {
    c.header("Cache-Control", PREVIEW_CACHE);
    const params = new URL(c.req.url).searchParams;
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!content(c).previewAllowed(params.get("secret") ?? bearer)) throw previewRefused();
    return c.json(await content(c).entries(delivery(c, true)), 200);
  });
  app.openapi(bySlug, async (c) => {
    const { contentType: type, slug } = c.req.valid("param");
    return c.json(await content(c).bySlug(type, slug, delivery(c)), 200);
  });
  return app;
}
