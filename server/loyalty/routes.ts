// The loyalty programme's API (decision 0020): the logged-in customer's membership and joining.
// Thin: the shopper's owner and store to the loyalty service; benefits worded in the store's language.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { en, fi } from "../../app/i18n/loyalty.ts";
import type { LoyaltyBenefit } from "../../lib/loyalty.ts";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { ownerOf } from "../identity.ts";
import type { LoyaltyView } from "./service.ts";

const membershipSchema = z
  .object({
    member_number: z.string().openapi({ example: "7300000010", description: "Digits; the last is a Luhn check digit." }),
    joined_at: z.string(),
    store_code: z.string(),
    points: z.number().int().openapi({ description: "Points earned with paid orders: one per whole euro (decision 0031)." }),
  })
  .openapi("LoyaltyMembership");
const benefitSchema = z.object({ key: z.string(), text: z.string() });
const viewSchema = z.object({ membership: membershipSchema.nullable(), benefits: z.array(benefitSchema) });

const membership = createRoute({
  method: "get",
  path: "/api/loyalty/membership",
  tags: ["loyalty"],
  summary: "The logged-in customer's loyalty membership (null before joining) and the store's member benefits",
  responses: { 200: jsonContent(viewSchema, "The membership and benefits"), ...errorResponses(401) },
});

const join = createRoute({
  method: "post",
  path: "/api/loyalty/join",
  tags: ["loyalty"],
  summary: "Joins the loyalty programme",
  description:
    "201 with the new member number; a customer who is a member already gets 200 and the same number. The number is filled in as " +
    "the loyalty card number of the customer's open carts (and of the cart the request carries) that have none yet. 401 for a guest.",
  responses: {
    200: jsonContent(viewSchema.extend({ membership: membershipSchema }), "Already a member: the same membership"),
    201: jsonContent(viewSchema.extend({ membership: membershipSchema }), "Joined"),
    ...errorResponses(401),
  },
});

const TEXTS = { en, fi };
const worded = (c: Context<AppEnv>, benefits: readonly LoyaltyBenefit[]) =>
  benefits.map((key) => ({ key, text: TEXTS[c.var.store.locale][`loyalty.benefit.${key}`] }));
const answer = (c: Context<AppEnv>, result: LoyaltyView) => ({ membership: result.membership, benefits: worded(c, result.benefits) });

export function loyaltyRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(membership, async (c) => {
    const result = await c.var.services.loyalty.membership(ownerOf(c.var.shopper), c.var.store);
    return c.json(answer(c, result), 200);
  });

  app.openapi(join, async (c) => {
    const { shopper } = c.var;
    const result = await c.var.services.loyalty.join(ownerOf(shopper), c.var.store, shopper.guestCartId);
    const body = { ...answer(c, result), membership: result.membership };
    return result.joined ? c.json(body, 201) : c.json(body, 200);
  });

  return app;
}
