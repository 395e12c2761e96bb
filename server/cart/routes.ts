// Cart endpoints of spec §7 (/api/cart/*, /api/luhta_cart/*). Thin: take the cart the
// shopper carries (the `cart` header, else the guest cookie) and the shopper as the owner, call the cart service, answer
// { cart } and keep the browser's cookies in step. Bodies are strict: an unknown key — a
// price, a total, a stock figure — is a 400, and the server computes every amount.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { MAX_CART_QUANTITY, MAX_ORDER_COMMENT } from "../../lib/cart-types.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { cartCookies, clearedCartCookies } from "../../lib/cookies.ts";
import type { AppEnv } from "../http/env.ts";
import { ownerOf } from "../identity.ts";
import { cartNotFound } from "./service.ts";

const quantity = z.number().int().min(1).max(MAX_CART_QUANTITY);
const shortText = (max: number) => z.string().max(max);

const giftCardInput = z.strictObject({
  amount_uid: z.string().min(1).max(200),
  sender_name: shortText(200),
  sender_email: shortText(254),
  recipient_name: shortText(200),
  recipient_email: shortText(254),
  message: shortText(2000).optional(),
});

const cartItemInput = z
  .strictObject({
    sku: z.string().min(1).max(64),
    quantity,
    selected_options: z.array(z.string().min(1).max(200)).max(10).optional(),
    gift_card: giftCardInput.optional(),
    custom_options: z.record(z.string().max(200), z.string().max(2000)).optional(),
  })
  .openapi("CartItemInput", {
    description:
      "A product to add: a simple product's or gift card's sku, a configurable product's sku with the chosen colour and size " +
      "value uids in selected_options, or a variant's own sku. Gift cards need gift_card; custom options map option uid to the " +
      "entered text or the chosen value uid (checkbox: uids comma-separated).",
  });

const cartSchema = z.looseObject({ id: z.string(), total_quantity: z.number(), items: z.array(z.looseObject({})) }).openapi("Cart");
const cartResponse = { 200: jsonContent(z.object({ cart: cartSchema }), "The cart as it is now") };
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
/** The line's version as the client's page showed it (decision 0011): optional, so spec §7 clients work as before. */
const lineVersion = z
  .number()
  .int()
  .min(1)
  .max(2_147_483_647)
  .openapi({ description: "The line's version the change was made on; a line changed or removed since is a 409 cart_changed_elsewhere" });
const cartIdParam = z.object({ id: z.string().min(1).max(100).openapi({ description: "The cart id" }) });

const createEmptyCart = createRoute({
  method: "post",
  path: "/api/cart/createEmptyCart",
  tags: ["cart"],
  summary: "A new, empty cart: a guest's, or the logged-in customer's",
  description:
    "Answers the new cart's id and sets the cart cookies. A guest's cart lives 30 days and its id is its holder's only key; " +
    "a logged-in customer's (Bearer token or the auth cookie) does not expire and answers only to their session.",
  responses: { 200: jsonContent(z.object({ cart_id: z.string() }), "The guest cart id"), ...errorResponses(400, 403, 429) },
});

const getCart = createRoute({
  method: "get",
  path: "/api/cart",
  tags: ["cart"],
  summary: "The cart the request carries (cart header or cookie), priced now",
  description: "A missing, unknown, expired or ordered cart is a 404, and the guest cart cookies are removed.",
  responses: {
    200: jsonContent(z.object({ cart: cartSchema, customerCart: cartSchema.nullable() }), "The cart"),
    ...errorResponses(404, 429),
  },
});

const addToCart = createRoute({
  method: "post",
  path: "/api/cart/",
  tags: ["cart"],
  summary: "Adds a product to the cart",
  description:
    "Errors (spec §8) carry code qty, sku, allOptions, cart_full or generic with the message to show. Adding the same configured " +
    "product again raises its quantity.",
  request: body(z.strictObject({ product: cartItemInput })),
  responses: { ...cartResponse, ...errorResponses(400, 403, 404, 429) },
});

const removeItem = createRoute({
  method: "delete",
  path: "/api/cart/{itemId}",
  tags: ["cart"],
  summary: "Removes a line from the cart",
  request: {
    params: z.object({ itemId: z.coerce.number().int().min(1).max(2_147_483_647) }),
    query: z.object({ version: z.coerce.number().pipe(lineVersion).optional() }),
  },
  responses: { ...cartResponse, ...errorResponses(400, 404, 409, 429) },
});

const updateItem = createRoute({
  method: "post",
  path: "/api/cart/update",
  tags: ["cart"],
  summary: "Sets a line's quantity (within stock)",
  request: body(z.strictObject({ cart_item_id: z.number().int().min(1).max(2_147_483_647), quantity, version: lineVersion.optional() })),
  responses: { ...cartResponse, ...errorResponses(400, 404, 409, 429) },
});

const addProducts = createRoute({
  method: "post",
  path: "/api/luhta_cart/addProductsToCart",
  tags: ["cart"],
  summary: "Adds several products: all of them, or none when one is refused",
  request: body(z.strictObject({ cartItems: z.array(cartItemInput).min(1).max(50) })),
  responses: { ...cartResponse, ...errorResponses(400, 403, 404, 429) },
});

const codeBody = z.strictObject({ code: z.string().trim().min(1).max(64) });
/** A /api/luhta_cart/{action}/{id} route: the cart is named in the path, its body (if any) is strict JSON. */
function extra<B extends z.ZodType>(action: string, summary: string, bodySchema?: B) {
  return createRoute({
    method: "post",
    path: `/api/luhta_cart/${action}/{id}`,
    tags: ["cart"],
    summary,
    request: { params: cartIdParam, ...(bodySchema ? body(bodySchema) : {}) } as { params: typeof cartIdParam } & ReturnType<
      typeof body<B>
    >,
    responses: { ...cartResponse, ...errorResponses(400, 404, 429) },
  });
}

const coupon = extra("coupon", "Applies a coupon code (one per cart; it replaces the one before)", codeBody);
const removeCoupon = extra("removeCoupon", "Removes the coupon code");
const giftCard = extra("giftCard", "Applies a gift card; its balance pays part of the total when the order is placed", codeBody);
const removeGiftCard = extra("removeGiftCard", "Removes the gift card");
const orderComment = extra(
  "setOrderComment",
  `Sets the order comment (at most ${MAX_ORDER_COMMENT} characters; empty removes it)`,
  z.strictObject({ comment: z.string().max(MAX_ORDER_COMMENT * 2) }),
);
const finnairPlus = extra(
  "finnairPlusNumber",
  "Sets the Finnair Plus number (9 digits, AY prefix and spaces allowed)",
  z.strictObject({ number: z.string().max(40) }),
);
const removeFinnairPlus = extra("removeFinnairPlusNumber", "Removes the Finnair Plus number");
const loyaltyCard = extra(
  "loyaltyCardNumber",
  "Sets the loyalty card number (6 to 20 digits); null removes it",
  z.strictObject({ number: z.string().max(40).nullable() }),
);

const mergeCarts = createRoute({
  method: "post",
  path: "/api/luhta_cart/mergeCarts",
  tags: ["cart"],
  summary: "Moves a guest cart's lines into another cart and deletes the guest cart",
  description:
    "Both carts must be the caller's. Lines of the same configured product add up to at most the stock and 99; what does " +
    "not fit is left out. The destination keeps its codes and numbers and takes the source's where it has none.",
  request: body(z.strictObject({ source_cart_id: z.string().min(1).max(100), destination_cart_id: z.string().min(1).max(100) })),
  responses: { ...cartResponse, ...errorResponses(400, 404, 429) },
});

/** The request's cart id, or a 404 (no cart) before any work. */
function cartId(c: Context<AppEnv>): string {
  const id = c.var.shopper.guestCartId;
  if (!id) throw cartNotFound();
  return id;
}

function setCookies(c: Context<AppEnv>, cookies: string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}

/** Keeps a browser's cookies in step with its cart (count for the badge, as long again as its store keeps a guest cart); API clients use the header. */
function keepCookies(c: Context<AppEnv>, cart: { id: string; total_quantity: number }) {
  if (!c.req.header("cart")) setCookies(c, cartCookies(c.req.raw, cart.id, cart.total_quantity, c.var.store.config.guest_cart_seconds));
}

function withCart<T extends { id: string; total_quantity: number }>(c: Context<AppEnv>, cart: T) {
  keepCookies(c, cart);
  return c.json({ cart }, 200);
}

const cart = (c: Context<AppEnv>) => c.var.services.cart;
/** Every cart method is asked as the request's shopper. */
const owner = (c: Context<AppEnv>) => ownerOf(c.var.shopper);

export function cartRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(createEmptyCart, async (c) => {
    const id = await cart(c).createEmptyCart(c.var.store, owner(c));
    setCookies(c, cartCookies(c.req.raw, id, 0, c.var.store.config.guest_cart_seconds));
    return c.json({ cart_id: id }, 200);
  });

  app.openapi(getCart, async (c) => {
    try {
      const found = await cart(c).getCart(c.var.store, cartId(c), owner(c));
      keepCookies(c, found);
      return c.json({ cart: found, customerCart: null }, 200);
    } catch (error) {
      setCookies(c, clearedCartCookies(c.req.raw));
      throw error;
    }
  });

  app.openapi(addToCart, async (c) => withCart(c, await cart(c).addItem(c.var.store, cartId(c), c.req.valid("json").product, owner(c))));

  app.openapi(removeItem, async (c) =>
    withCart(c, await cart(c).removeItem(c.var.store, cartId(c), c.req.valid("param").itemId, owner(c), c.req.valid("query").version)),
  );

  app.openapi(updateItem, async (c) => {
    const { cart_item_id, quantity, version } = c.req.valid("json");
    return withCart(c, await cart(c).updateQuantity(c.var.store, cartId(c), cart_item_id, quantity, owner(c), version));
  });

  app.openapi(addProducts, async (c) =>
    withCart(c, await cart(c).addItems(c.var.store, cartId(c), c.req.valid("json").cartItems, owner(c))),
  );

  app.openapi(coupon, async (c) =>
    withCart(c, await cart(c).applyCoupon(c.var.store, c.req.valid("param").id, c.req.valid("json").code, owner(c))),
  );
  app.openapi(removeCoupon, async (c) => withCart(c, await cart(c).removeCoupon(c.var.store, c.req.valid("param").id, owner(c))));
  app.openapi(giftCard, async (c) =>
    withCart(c, await cart(c).applyGiftCard(c.var.store, c.req.valid("param").id, c.req.valid("json").code, owner(c))),
  );
  app.openapi(removeGiftCard, async (c) => withCart(c, await cart(c).removeGiftCard(c.var.store, c.req.valid("param").id, owner(c))));
  app.openapi(orderComment, async (c) =>
    withCart(c, await cart(c).setOrderComment(c.var.store, c.req.valid("param").id, c.req.valid("json").comment, owner(c))),
  );
  app.openapi(finnairPlus, async (c) =>
    withCart(c, await cart(c).setFinnairPlusNumber(c.var.store, c.req.valid("param").id, c.req.valid("json").number, owner(c))),
  );
  app.openapi(removeFinnairPlus, async (c) =>
    withCart(c, await cart(c).removeFinnairPlusNumber(c.var.store, c.req.valid("param").id, owner(c))),
  );
  app.openapi(loyaltyCard, async (c) =>
    withCart(c, await cart(c).setLoyaltyCardNumber(c.var.store, c.req.valid("param").id, c.req.valid("json").number, owner(c))),
  );
  app.openapi(mergeCarts, async (c) => {
    const { source_cart_id, destination_cart_id } = c.req.valid("json");
    return withCart(c, await cart(c).mergeCarts(c.var.store, source_cart_id, destination_cart_id, owner(c)));
  });

  return app;
}
