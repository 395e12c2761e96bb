// Catalogue endpoints of spec §7, plus the category listing the spec leaves "not shown".
// Thin: parse, call the service, shape the response.
import { requestCookie } from "../../lib/cookies.ts";
import { CUSTOMER_INPUT_FIELDS } from "../customers/routes.ts";
import { requestTracking } from "../engagement/tracking.ts";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";

const slug = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "must be lowercase letters, digits and dashes");
const sku = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "must be letters, digits, dots, dashes and underscores");
const csv = z
  .string()
  .max(500)
  .optional()
  .transform((v) =>
    v
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

const productDetails = createRoute({
  method: "get",
  path: "/api/catalog/productdetails/{slug}",
  tags: ["catalogue"],
  summary: "A product by its url key in the store's language",
  request: { params: z.object({ slug }) },
  responses: {
    200: jsonContent(z.object({ product: z.looseObject({ sku: z.string(), __typename: z.string() }) }), "The product"),
    ...errorResponses(400, 404),
  },
});

const stockStatus = createRoute({
  method: "get",
  path: "/api/product/stock-status/{sku}",
  tags: ["catalogue"],
  summary: "Availability of a variant in each of the brand's stores",
  request: { params: z.object({ sku }) },
  responses: {
    200: jsonContent(
      z.object({
        availabilities: z.array(
          z.object({
            store_code: z.string(),
            store_name: z.string(),
            city: z.string(),
            status: z.enum(["available", "low", "out_of_stock", "not_available", "verify_availability"]),
          }),
        ),
      }),
      "Availability per store",
    ),
    ...errorResponses(400, 404),
  },
});

const applicableFilters = createRoute({
  method: "get",
  path: "/api/productList/applicableFilters",
  tags: ["catalogue"],
  summary: "The filters category pages of this store offer",
  responses: {
    200: jsonContent(z.object({ items: z.array(z.object({ name: z.string(), label: z.string() })) }), "Filters"),
    ...errorResponses(400),
  },
});

const categoryListing = createRoute({
  method: "get",
  path: "/api/catalog/category",
  tags: ["catalogue"],
  summary: "One page of a category's products with filter aggregations and sort fields",
  description:
    "Products of the category and its subcategories. Filters take comma-separated values: colour and size by value code " +
    "(`color=navy,black`), brand by name, price as a euro range (`price=50-100`, `price=500-`). Facet counts apply every " +
    "filter but the facet's own. `sort` is one of the category's available_sort_by (position, nosto_personalized, price); " +
    'price sorts descending unless `dir=asc`. nosto_personalized ("For you") orders by what the shopper\'s engagement keys ' +
    "(the engagement cookies, with marketing consent) show they viewed, wished for, carted, bought and searched, on top of " +
    "popularity; without consent by popularity alone, then the category's order. " +
    "Under a colour filter each item has `shown_color`: the first filtered colour (in the shop's colour order) it has, with " +
    "that colour's picture and the `selectedConfigurations` value that opens the product in it.",
  request: {
    query: z.object({
      path: z.string().min(1).max(300).openapi({ example: "women/jackets" }),
      page: z.coerce.number().int().min(1).max(10_000).optional(),
      pageSize: z.coerce.number().int().min(1).max(100).optional(),
      sort: z.enum(["position", "nosto_personalized", "price"]).optional(),
      dir: z.enum(["asc", "desc"]).optional(),
      color: csv,
      size: csv,
      brand: csv,
      price: csv,
    }),
  },
  responses: {
    200: jsonContent(
      z.looseObject({
        items: z.array(z.looseObject({ sku: z.string() })),
        total_count: z.number(),
        aggregations: z.array(z.looseObject({ attribute_code: z.string() })),
        sort_fields: z.looseObject({ default: z.string() }),
      }),
      "The page",
    ),
    ...errorResponses(400, 404),
  },
});

const storeConfig = createRoute({
  method: "get",
  path: "/api/core/storeconfig",
  tags: ["store"],
  summary: "The store's configuration, currency and countries",
  responses: {
    200: jsonContent(
      z.looseObject({ storeConfig: z.looseObject({}), currency: z.looseObject({}), countries: z.array(z.looseObject({})) }),
      "Config",
    ),
    ...errorResponses(400),
  },
});

const topMenu = createRoute({
  method: "get",
  path: "/api/core/topmenu/{rootCategoryUid}",
  tags: ["store"],
  summary: "The category menu under a root category",
  request: { params: z.object({ rootCategoryUid: z.string().min(1).max(100) }) },
  responses: {
    200: jsonContent(z.object({ menu: z.array(z.looseObject({ uid: z.string(), name: z.string() })) }), "Menu"),
    ...errorResponses(400, 404),
  },
});

export function catalogRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // Spec §7: `__type.inputFields` names the customer input's fields, read from the registration's schema.
  app.openapi(storeConfig, async (c) =>
    c.json({ ...(await c.var.services.catalog.storeConfigResponse(c.var.store)), __type: { inputFields: CUSTOMER_INPUT_FIELDS } }, 200),
  );

  app.openapi(topMenu, async (c) => {
    const menu = await c.var.services.catalog.topMenu(c.var.store, c.req.valid("param").rootCategoryUid);
    return c.json({ menu }, 200);
  });

  app.openapi(productDetails, async (c) => {
    const product = await c.var.services.catalog.product(c.var.store, c.req.valid("param").slug);
    return c.json({ product }, 200);
  });

  app.openapi(stockStatus, async (c) => {
    const availabilities = await c.var.services.catalog.stockStatus(c.req.valid("param").sku);
    return c.json({ availabilities }, 200);
  });

  app.openapi(applicableFilters, (c) => c.json({ items: c.var.services.catalog.applicableFilters(c.var.store) }, 200));

  app.openapi(categoryListing, async (c) => {
    const { path, page, pageSize, sort, dir, color, size, brand, price } = c.req.valid("query");
    const affinity =
      sort === "nosto_personalized"
        ? await c.var.services.engagement.forYou(
            c.var.store,
            requestTracking(c.var.shopper, (name) => requestCookie(c.req.raw, name)),
          )
        : undefined;
    const listing = await c.var.services.catalog.listing(
      c.var.store,
      { path, page, pageSize, sort, dir, filters: { color, size, brand, price } },
      affinity,
    );
    return c.json(listing, 200);
  });

  return app;
}
