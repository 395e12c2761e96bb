// The logged-in customer's details and address book for API clients (decision 0018):
// /api/customer/customer/me and /api/customer/addresses. Thin: the shopper resolved at the
// edge (Bearer token or the auth cookie) is the owner; a guest is 401 not_logged_in.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { accountNotice } from "../../lib/account-notices.ts";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";
import { ownerOf } from "../identity.ts";
import { ADDRESS_BOOK_MAX } from "./addresses.ts";

const text = (max: number) => z.string().max(max);

const detailsSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    telephone: z.string().nullable(),
    birthday: z.string().nullable().openapi({ description: "dd.MM.yyyy (spec §5), e.g. 31.01.1990", example: "31.01.1990" }),
  })
  .openapi("CustomerDetails");

const addressFields = {
  firstname: text(100),
  lastname: text(100),
  company: text(200).optional(),
  vat_id: text(40).optional().openapi({ description: "Country code and number, e.g. FI12345678" }),
  street: text(200),
  postcode: text(20),
  city: text(100),
  country_code: text(2).openapi({ description: "One of the store's countries (GET /api/core/storeconfig)", example: "FI" }),
  telephone: text(40),
};
const addressSchema = z.object({ id: z.number(), ...addressFields, default_shipping: z.boolean() }).openapi("CustomerAddress");
const addressBody = z.strictObject({
  ...addressFields,
  default_shipping: z
    .boolean()
    .optional()
    .openapi({ description: "true makes it the default shipping address; false or absent leaves the default where it is" }),
});
const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .openapi({ param: { name: "id", in: "path" }, example: "12" }),
});
const json = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

const getMe = createRoute({
  method: "get",
  path: "/api/customer/customer/me",
  tags: ["customer"],
  summary: "The logged-in customer's details",
  responses: { 200: jsonContent(z.object({ customer: detailsSchema }), "The details"), ...errorResponses(401) },
});

const putMe = createRoute({
  method: "put",
  path: "/api/customer/customer/me",
  tags: ["customer"],
  summary: "Saves the logged-in customer's details",
  description:
    "firstname and lastname required (at most 100 characters), email valid; telephone and birthday optional (empty or absent clears " +
    "them). birthday is dd.MM.yyyy, not in the future, age 15 to 100 (spec §5: invalid_input with rule dateFormat, dateFuture, " +
    "minAge or maxAge). Changing the email needs currentPassword (missing: invalid_input rule required; wrong: 400 " +
    "current_password_wrong, field currentPassword); an address another account has is 409 email_taken. Details sent as they are " +
    "answer 200 with changed: false and the message 'No changes have been made' (spec §8), and nothing is written.",
  request: json(
    z.strictObject({
      firstname: text(1000),
      lastname: text(1000),
      email: text(254),
      telephone: text(40).optional(),
      birthday: text(20).optional(),
      currentPassword: text(1024).optional(),
    }),
  ),
  responses: {
    200: jsonContent(z.object({ customer: detailsSchema, changed: z.boolean(), message: z.string() }), "Saved, or nothing to save"),
    ...errorResponses(400, 401, 409),
  },
});

const listAddresses = createRoute({
  method: "get",
  path: "/api/customer/addresses",
  tags: ["customer"],
  summary: "The logged-in customer's address book, the default shipping address first",
  responses: { 200: jsonContent(z.object({ addresses: z.array(addressSchema) }), "The addresses"), ...errorResponses(401) },
});

const addAddress = createRoute({
  method: "post",
  path: "/api/customer/addresses",
  tags: ["customer"],
  summary: "Adds an address to the address book",
  description: `The checkout's address rules (spec §5). The first address becomes the default. At most ${ADDRESS_BOOK_MAX} addresses: then 409 address_book_full.`,
  request: json(addressBody),
  responses: { 201: jsonContent(z.object({ address: addressSchema }), "Added"), ...errorResponses(400, 401, 409) },
});

const putAddress = createRoute({
  method: "put",
  path: "/api/customer/addresses/{id}",
  tags: ["customer"],
  summary: "Replaces an address of the address book (default_shipping: true makes it the default)",
  description: "404 address_not_found for an id that is not one of the customer's own addresses.",
  request: { params: idParam, ...json(addressBody) },
  responses: { 200: jsonContent(z.object({ address: addressSchema }), "Saved"), ...errorResponses(400, 401, 404) },
});

const deleteAddress = createRoute({
  method: "delete",
  path: "/api/customer/addresses/{id}",
  tags: ["customer"],
  summary: "Removes an address; if it was the default, the oldest one left becomes the default",
  description: "Answers the address book as it now is. 404 address_not_found for an id that is not one of the customer's own.",
  request: { params: idParam },
  responses: { 200: jsonContent(z.object({ addresses: z.array(addressSchema) }), "Removed"), ...errorResponses(401, 404) },
});

const owner = (c: Context<AppEnv>) => ownerOf(c.var.shopper);

export function profileRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(getMe, async (c) => c.json({ customer: await c.var.services.profile.details(owner(c)) }, 200));

  app.openapi(putMe, async (c) => {
    const { details, changed } = await c.var.services.profile.updateDetails(owner(c), c.req.valid("json"));
    const message = accountNotice(changed ? "detailsSaved" : "noChanges", c.var.store.locale);
    return c.json({ customer: details, changed, message }, 200);
  });

  app.openapi(listAddresses, async (c) => c.json({ addresses: await c.var.services.addresses.list(owner(c)) }, 200));

  app.openapi(addAddress, async (c) => {
    const { default_shipping, ...input } = c.req.valid("json");
    const address = await c.var.services.addresses.add(owner(c), c.var.store, input, { makeDefault: default_shipping });
    return c.json({ address }, 201);
  });

  app.openapi(putAddress, async (c) => {
    const { default_shipping, ...input } = c.req.valid("json");
    const id = Number(c.req.valid("param").id);
    const address = await c.var.services.addresses.update(owner(c), c.var.store, id, input, { makeDefault: default_shipping });
    return c.json({ address }, 200);
  });

  app.openapi(deleteAddress, async (c) => {
    const addresses = await c.var.services.addresses.remove(owner(c), Number(c.req.valid("param").id));
    return c.json({ addresses }, 200);
  });

  return app;
}
