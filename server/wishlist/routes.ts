// Wishlist endpoints of spec §7 (api/wishlist/get, add, remove), docs/decisions/0017. Thin:
// read the body or query, call the wishlist service with the request's shopper as the owner,
// answer. Bodies are strict: an unknown key is a 400.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { WISHLIST_MAX_PAGE_SIZE, WISHLIST_PAGE_SIZE } from "../../lib/wishlist-types.ts";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { ownerOf } from "../identity.ts";

const sku = z
  .string()
  .min(1)
  .max(64)
  .openapi({ description: "The product's sku (as product cards and pages show it)", example: "KP-1001" });
const itemId = z.number().int().min(1).max(2_147_483_647).openapi({ description: "An item's id, as the wishlist answers it" });

const priceRange = z.looseObject({ minimum_price: z.looseObject({}), maximum_price: z.looseObject({}) });
const wishlistSchema = z
  .object({
    id: z.number(),
    items_count: z.number().openapi({ description: "Products on the wishlist in all (every page)" }),
    items_v2: z.object({
      items: z.array(
        z.object({
          id: z.number(),
          added_at: z.string().openapi({ description: "ISO time" }),
          product: z.object({
            __typename: z.string(),
            sku: z.string(),
            name: z.string(),
            url_key: z.string(),
            url_path: z.string().openapi({ description: "The product page's path in this store, /p/{url_key}" }),
            brand_value: z.string(),
            stock_status: z.enum(["IN_STOCK", "OUT_OF_STOCK"]),
            thumbnail: z.object({ url: z.string(), label: z.string() }),
            price_range: priceRange.openapi({ description: "As on product cards (spec §3 price_range)" }),
          }),
        }),
      ),
      page_info: z.object({ current_page: z.number(), page_size: z.number(), total_pages: z.number() }),
    }),
  })
  .openapi("Wishlist");

const wishlistAnswer = { 200: jsonContent(z.object({ wishlist: wishlistSchema }), "The wishlist after the change (its first page)") };
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const queryNumber = (max: number, description: string) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .optional()
    .openapi({ param: { in: "query" }, description });

const getWishlist = createRoute({
  method: "get",
  path: "/api/wishlist/get",
  tags: ["wishlist"],
  summary: "The logged-in customer's wishlists (at most one; the first is used)",
  description:
    "Spec §4: loads only for a logged-in customer; a guest, and a customer who has never added anything, get an empty list. " +
    `Items newest first, ${WISHLIST_PAGE_SIZE} a page unless pageSize (1–${WISHLIST_MAX_PAGE_SIZE}) says otherwise.`,
  request: {
    query: z.object({
      page: queryNumber(10_000, "The page, from 1"),
      pageSize: queryNumber(WISHLIST_MAX_PAGE_SIZE, "Items a page"),
    }),
  },
  responses: { 200: jsonContent(z.object({ wishlists: z.array(wishlistSchema) }), "The wishlists"), ...errorResponses(400) },
});

const addToWishlist = createRoute({
  method: "post",
  path: "/api/wishlist/add",
  tags: ["wishlist"],
  summary: "Adds a product to the customer's wishlist",
  description:
    "Body { wishlistData: { sku } }. The wishlist is made by the first add; adding a product already on it changes nothing (200). " +
    "401 not_logged_in for a guest, 404 product_not_found for an unknown sku, 409 wishlist_full past 200 products.",
  request: body(z.strictObject({ wishlistData: z.strictObject({ sku }) })),
  responses: { ...wishlistAnswer, ...errorResponses(400, 401, 404, 409) },
});

const removeFromWishlist = createRoute({
  method: "post",
  path: "/api/wishlist/remove",
  tags: ["wishlist"],
  summary: "Removes a product from the customer's wishlist",
  description:
    "Body { wishlistData: { sku } } or { wishlistData: { itemId } }. 401 not_logged_in for a guest; 404 product_not_found for " +
    "an unknown sku; 404 wishlist_item_not_found when the product or item is not on this customer's wishlist (another " +
    "customer's item id too, or one removed already).",
  request: body(
    z.strictObject({
      wishlistData: z.union([z.strictObject({ sku }), z.strictObject({ itemId })]),
    }),
  ),
  responses: { ...wishlistAnswer, ...errorResponses(400, 401, 404) },
});

export function wishlistRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(getWishlist, async (c) => {
    const wishlists = await c.var.services.wishlist.get(c.var.store, c.req.valid("query"), ownerOf(c.var.shopper));
    return c.json({ wishlists }, 200);
  });

  app.openapi(addToWishlist, async (c) => {
    const { wishlistData } = c.req.valid("json");
    const wishlist = await c.var.services.wishlist.add(c.var.store, wishlistData.sku, ownerOf(c.var.shopper));
    return c.json({ wishlist }, 200);
  });

  app.openapi(removeFromWishlist, async (c) => {
    const { wishlistData } = c.req.valid("json");
    const wishlist = await c.var.services.wishlist.remove(c.var.store, wishlistData, ownerOf(c.var.shopper));
    return c.json({ wishlist }, 200);
  });

  return app;
}
