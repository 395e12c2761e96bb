// The engagement engine's API (spec §1, §7 "engagement service"; docs/decisions/0022): queries
// and notifications with market, locale, keys, touchpoint and notify in the query string.
// Thin: parse, decide whether the shopper may be tracked, call the service, shape the wire.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { CATEGORY_PAGE_SIZE } from "../../lib/constants.ts";
import { MAX_PAGE_SIZE } from "../catalog/category-listing.ts";
import type { Store } from "../catalog/reference.ts";
import { badInput } from "../errors.ts";
import { clientAddress } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { MAX_QUERY_LENGTH } from "./service.ts";
import { trackingFor } from "./tracking.ts";
import type { SignalKind, Tracking } from "./types.ts";
import { skuOfTicket, wireAutocomplete, wireSearchPage } from "./wire.ts";

/** Keys are the engagement cookies' random values: letters, digits, dashes and underscores. */
const key = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "must be 8 to 64 letters, digits, dashes or underscores")
  .optional();
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

const common = {
  market: z
    .string()
    .regex(/^[A-Z]{2,3}$/, "must be a market code such as FI or INT")
    .optional()
    .openapi({ example: "FI" }),
  customerKey: key.openapi({ description: "The customer key cookie's value (random)" }),
  sessionKey: key.openapi({ description: "The session key cookie's value (random)" }),
  notify: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "false: store and use nothing about the shopper (no marketing consent)" }),
};
export const queryCommon = {
  ...common,
  locale: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, "must be a locale such as fi or fi-FI")
    .optional()
    .openapi({ description: "The store's language (default: the request's store)", example: "fi-FI" }),
  touchpoint: z.enum(["desktop", "mobile", "tablet", "app"]).optional(),
};

export const CONSENT_NOTE =
  "Nothing about the shopper is stored or used (recent searches, recently viewed, signals) unless the request's consent " +
  "cookie grants marketing and `notify` is not `false`; the server decides, whatever the client sends.";

const queries = createRoute({
  method: "post",
  path: "/api/engagement/queries/{type}",
  tags: ["engagement"],
  summary: "An engine query: autocomplete or search-page",
  description:
    "`autocomplete`: suggestions for `q` (empty: only the shopper's recent searches and recently viewed products): " +
    "`phraseSuggestions` (product names; `highlighted` has the part matching the query in braces, `{takk}i`), " +
    "`productSuggestions` (up to 5: title, brand, imageInfo.thumbnail 100×140, link, ticket, sellingPrice/listPrice " +
    "in euros, live), `recentSearches`, `recentlyViewed`, `totalHits`. With `shape=legacy` the products come in spec §3's " +
    "legacy shape instead: sku, name, brand_value, url_key, image (url, label), price_range, ticket.\n\n" +
    "`search-page`: one page of products matching `q` (required) in the category listing's item shape, each with its " +
    "click `ticket`; filters as on category pages (color and size value codes, brand names, price as euro range " +
    "`50-100`/`500-`), `sort` relevance (default) or price (`dir`), `page`, `pageSize` (max 100); `didYouMean` is the " +
    "nearest product name when nothing matches; `aggregations` are the store's filters with the values of the matching " +
    "products and their counts, as on category pages (each counted with every other filter applied). With consent the " +
    "search becomes a recent search.\n\n" +
    "Matching: full text with Finnish or English stemming (name above brand and category above description), every " +
    "word also as a prefix, and trigram similarity of the name for typos. Ranking: text relevance × (1 + ln(1 + " +
    "popularity)), popularity being the notifications of all shoppers decayed with a 7-day half-life.\n\n" +
    CONSENT_NOTE,
  request: {
    params: z.object({ type: z.enum(["autocomplete", "search-page"]) }),
    query: z.object({
      q: z.string().max(MAX_QUERY_LENGTH).optional(),
      ...queryCommon,
      page: z.coerce.number().int().min(1).max(10_000).optional(),
      pageSize: z.coerce
        .number()
        .int()
        .min(1)
        .max(MAX_PAGE_SIZE)
        .optional()
        .openapi({ description: `Default ${CATEGORY_PAGE_SIZE}` }),
      sort: z.enum(["relevance", "price"]).optional(),
      dir: z.enum(["asc", "desc"]).optional(),
      shape: z.enum(["elevate", "legacy"]).optional().openapi({ description: "autocomplete: the products' shape (default elevate)" }),
      color: csv,
      size: csv,
      brand: csv,
      price: csv,
    }),
  },
  responses: {
    200: jsonContent(
      z.looseObject({}),
      "Autocomplete: phraseSuggestions, productSuggestions, recentSearches, recentlyViewed, totalHits. Search page: items, total_count, page_info, didYouMean, aggregations, applied",
    ),
    ...errorResponses(400),
  },
});

const NOTIFICATION_KINDS: Record<string, SignalKind> = {
  click: "click",
  "add-to-cart": "add_to_cart",
  "add-to-wishlist": "add_to_wishlist",
  purchase: "purchase",
};

const notifications = createRoute({
  method: "post",
  path: "/api/engagement/notifications/{type}",
  tags: ["engagement"],
  summary: "A behaviour signal: click, add-to-cart, add-to-wishlist or purchase of a product",
  description:
    "Names the product by `ticket` (from a suggestion or search result) or `productKey` (its sku). Stored as a signal " +
    "that raises the product's popularity (decayed with a 7-day half-life) and, for clicks, fills the shopper's " +
    `recently viewed. ${CONSENT_NOTE} The answer is the same either way.`,
  request: {
    params: z.object({ type: z.enum(["click", "add-to-cart", "add-to-wishlist", "purchase"]) }),
    query: z.object({
      ticket: z.string().max(200).optional(),
      productKey: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/)
        .optional(),
      ...common,
    }),
  },
  responses: { 204: { description: "Received" }, ...errorResponses(400, 404) },
});

/** Whether the engine may store and use anything about this request's shopper, and under which keys. */
export const tracking = (c: Context<AppEnv>, query: { notify?: string; customerKey?: string; sessionKey?: string }): Tracking =>
  trackingFor({ marketing: c.var.shopper.consent.marketing, customer: c.var.shopper.customer, ...query });

/** The store of the query's locale (fi, fi-FI), else the request's own. */
export async function queryStore(c: Context<AppEnv>, locale: string | undefined): Promise<Store> {
  if (!locale) return c.var.store;
  const language = locale.slice(0, 2);
  if (c.var.store.locale === language) return c.var.store;
  const store = (await c.var.services.catalog.stores()).find((s) => s.locale === language);
  if (!store) throw badInput("locale", { rule: "unknownValue", value: locale });
  return store;
}

export function engagementRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(queries, async (c) => {
    const { type } = c.req.valid("param");
    const query = c.req.valid("query");
    const store = await queryStore(c, query.locale);
    const engine = c.var.services.engagement;
    const address = clientAddress(c, c.var.services.trustedProxyHops);
    if (type === "autocomplete") {
      return c.json(wireAutocomplete(await engine.autocomplete(store, query.q ?? "", tracking(c, query), address), query.shape), 200);
    }
    const page = await engine.searchPage(
      store,
      {
        text: query.q ?? "",
        filters: { color: query.color, size: query.size, brand: query.brand, price: query.price },
        sort: query.sort,
        dir: query.dir,
        page: query.page,
        pageSize: query.pageSize,
      },
      tracking(c, query),
      address,
    );
    return c.json(wireSearchPage(page), 200);
  });

  app.openapi(notifications, async (c) => {
    const { type } = c.req.valid("param");
    const query = c.req.valid("query");
    const kind = NOTIFICATION_KINDS[type] ?? "click";
    let sku = query.productKey;
    if (query.ticket !== undefined) {
      const fromTicket = skuOfTicket(query.ticket);
      if (!fromTicket) throw badInput("ticket", { rule: "unknownValue", value: query.ticket.slice(0, 40) });
      sku = fromTicket;
    }
    if (!sku) throw badInput("ticket", { rule: "required" });
    await c.var.services.engagement.notify(kind, sku, tracking(c, query));
    return c.body(null, 204);
  });

  return app;
}
