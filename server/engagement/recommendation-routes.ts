// POST /api/engagement/queries/recommendations (issue 12): a product's alternatives and what was
// bought with it, or a cart's popular additions, in the engine's wire shape (wire.ts). The
// lists are the same for every shopper (nothing personal is read or kept), so consent changes
// nothing there. POST /api/engagement/queries/landing-page: one list for a landing page's block
// (popular, new, or the shopper's recently viewed — the one personal list, under consent).
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { LANDING_PAGE_LISTS, MAX_RECOMMENDATIONS } from "./recommendations.ts";
import { CONSENT_NOTE, queryCommon, queryStore, tracking } from "./routes.ts";
import { wireRecommendations } from "./wire.ts";

const sku = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/);

const recommendations = createRoute({
  method: "post",
  path: "/api/engagement/queries/recommendations",
  tags: ["engagement"],
  summary: "Recommendations for a product page or a cart",
  description:
    "With `productKey` (a product's sku): `recommendationLists` `alternatives` (products of its categories, most shared " +
    "categories first, then the most popular) and `also-bought` (products in the same orders, most orders first). With " +
    "`cart` (comma-separated skus, may be empty): one list, `popular`, the most popular products not in the cart. Only " +
    `products in stock; at most \`limit\` (default and most ${MAX_RECOMMENDATIONS}) each, in the product shape of autocomplete.`,
  request: {
    query: z.object({
      productKey: sku.optional(),
      cart: z
        .string()
        .max(2000)
        .optional()
        .transform((value, ctx) => {
          const skus = (value ?? "").split(",").filter(Boolean);
          if (skus.length > 100 || !skus.every((s) => sku.safeParse(s).success)) {
            ctx.addIssue({ code: "custom", message: "cart: comma-separated skus" });
            return z.NEVER;
          }
          return skus;
        }),
      limit: z.coerce.number().int().min(1).max(MAX_RECOMMENDATIONS).default(MAX_RECOMMENDATIONS),
      market: z.string().max(10).optional(),
      locale: z.string().max(10).optional(),
      customerKey: z.string().max(100).optional(),
      sessionKey: z.string().max(100).optional(),
      touchpoint: z.string().max(20).optional(),
      notify: z.enum(["true", "false"]).optional(),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({ recommendationLists: z.array(z.object({ id: z.string(), products: z.array(z.object({}).passthrough()) })) }),
      "The lists",
    ),
    ...errorResponses(400),
  },
});

const landingPage = createRoute({
  method: "post",
  path: "/api/engagement/queries/landing-page",
  tags: ["engagement"],
  summary: "One product list for a landing page (the CMS block elevateRecommendations)",
  description:
    "`list`: `popular` (the most popular products, from every shopper's signals decayed with a 7-day half-life), `new` " +
    "(the latest added products) or `recently-viewed` (the products this shopper clicked last; empty without consent). " +
    `Only enabled products; popular and new only in stock. At most \`limit\` (default and most ${MAX_RECOMMENDATIONS}), ` +
    `in the product shape of autocomplete, as \`recommendationLists\` with one list whose \`id\` is the list asked for. ${CONSENT_NOTE}`,
  request: {
    query: z.object({
      list: z.enum(LANDING_PAGE_LISTS),
      limit: z.coerce.number().int().min(1).max(MAX_RECOMMENDATIONS).default(MAX_RECOMMENDATIONS),
      ...queryCommon,
    }),
  },
  responses: {
    200: jsonContent(
      z.object({ recommendationLists: z.array(z.object({ id: z.string(), products: z.array(z.object({}).passthrough()) })) }),
      "The list",
    ),
    ...errorResponses(400),
  },
});

export function recommendationRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(recommendations, async (c) => {
    const { productKey, cart, limit } = c.req.valid("query");
    const engine = c.var.services.recommendations;
    const lists = productKey
      ? await engine.forProduct(c.var.store, productKey, limit)
      : await engine.popular(c.var.store, cart ?? [], limit);
    return c.json(wireRecommendations(lists), 200);
  });
  app.openapi(landingPage, async (c) => {
    const query = c.req.valid("query");
    const store = await queryStore(c, query.locale);
    const lists = await c.var.services.recommendations.landingPage(store, query.list, tracking(c, query), query.limit);
    return c.json(wireRecommendations(lists), 200);
  });
  return app;
}
