// Account endpoints of spec §7 (/api/auth/*, /api/customer/*), docs/decisions/0014. Thin:
// read the body and the bearer token, call the customer service, answer. The session token
// comes from `Authorization: Bearer`; the request-scoped shopper at the edge adds the cookie.
import { requestToken } from "../http/shopper.ts";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { accountNotice } from "../../lib/account-notices.ts";
import { COOKIES, loginDeviceCookie, requestCookie } from "../../lib/cookies.ts";
import { AppError, isAppError } from "../errors.ts";
import { clientAddress } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { apiError, requestLanguage } from "../http/errors.ts";
import { errorResponses, errorSchema, jsonContent } from "../http/openapi.ts";
import { customerView } from "./service.ts";

// Bodies are strict and bounded; the service checks the rules of spec §5 and words them.
const text = (max: number) => z.string().max(max);
const email = text(254).openapi({ example: "maija@example.com" });
const password = text(1024).openapi({ description: "Kept whole: no truncation (at most 256 characters are accepted)." });
const token = text(200);
const customerId = z.number().int().min(1).max(2_147_483_647);
const captcha = z
  .string()
  .max(4000)
  .optional()
  .openapi({
    description:
      "The answer of the shop's check against bots (GET /api/captcha): for ALTCHA, base64(JSON { challenge, solution }) of a " +
      "challenge from GET /api/altcha/challenge; for reCAPTCHA, its token. Required: 400 captcha_required without it.",
  });

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const userSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    is_subscribed: z.boolean(),
    confirmed: z.boolean(),
    created_at: z.string(),
    voyado_customer_key: z.string().openapi({
      description: "The customer's random key at the engagement service: their searches and views follow them (with consent).",
    }),
  })
  .openapi("Customer");
const messageSchema = z.object({ message: z.string() });

const login = createRoute({
  method: "post",
  path: "/api/auth/login",
  tags: ["auth"],
  summary: "Logs in: a session token for a confirmed customer's email and password",
  description:
    "Answers token.accessToken (send it as `Authorization: Bearer`), token.expiresAt (ISO) and token.exp (Unix seconds). A wrong " +
    "password and an unknown address both answer 401 login_failed; an unconfirmed account with the right password 403 " +
    "account_not_confirmed (and a new confirmation mail, at most every 10 minutes). Repeated failures per account and per client " +
    "address are slowed and then refused for a while: 429 login_throttled with params.seconds to wait (and Retry-After). " +
    "Failures over every client slow the account itself: a client that has not logged in to it before (no `login_device` " +
    "cookie of its own; the answer sets one, HttpOnly, for a year) is then asked to answer the check against bots, 429 " +
    "login_check_required, and gets through with `captcha` (decision 0067). Every attempt counts under " +
    "RATE_LIMIT_LOGINS_PER_ADDRESS (429 too_many_requests).",
  request: body(
    z.strictObject({
      email: text(254),
      password,
      captcha: captcha.openapi({ description: "Only after 429 login_check_required: the answer of the check against bots." }),
    }),
  ),
  responses: {
    200: jsonContent(
      z.object({ token: z.object({ accessToken: z.string(), expiresAt: z.string(), exp: z.number() }) }),
      "The session token and its expiry",
    ),
    ...errorResponses(400, 401, 429),
    403: jsonContent(errorSchema, "The account is not confirmed yet"),
  },
});

const user = createRoute({
  method: "get",
  path: "/api/auth/user",
  tags: ["auth"],
  summary: "The logged-in customer",
  description:
    "401 not_logged_in without a live session (missing, unknown, expired or logged-out token); a browser whose auth cookie " +
    "names such a session gets its login cookies cleared and the readable `auth.session_ended=1` with the answer (spec §4).",
  responses: {
    200: jsonContent(
      z.object({
        user: userSchema.extend({
          cart_id: z
            .object({ id: z.string() })
            .nullable()
            .openapi({ description: "The customer's open cart in this store (send it as the `cart` header), or null" }),
        }),
      }),
      "The customer",
    ),
    ...errorResponses(401),
  },
});

const logout = createRoute({
  method: "post",
  path: "/api/auth/logout",
  tags: ["auth"],
  summary: "Ends the session: the token is revoked on the server",
  description: "Answers 200 whether or not the token was live, so a retried logout is harmless.",
  responses: { 200: jsonContent(z.object({ success: z.literal(true) }), "Logged out") },
});

const registrationBody = z.strictObject({
  firstname: text(1000),
  lastname: text(1000),
  email,
  newPassword: password,
  confirmPassword: password,
  is_subscribed: z.boolean().optional(),
  loyalty_member: z.boolean().optional(),
  captcha,
});

/**
 * The fields a registration takes, read from its schema (spec §7 storeconfig `__type.inputFields`:
 * the storefront asks which customer fields exist).
 */
export const CUSTOMER_INPUT_FIELDS: readonly { name: string }[] = Object.keys(registrationBody.shape).map((name) => ({ name }));

const register = createRoute({
  method: "post",
  path: "/api/customer/customer",
  tags: ["customer"],
  summary: "Registers a customer and mails the confirmation link",
  description:
    "The customer can log in only after opening the link (/account/confirm?id=…&key=…, valid 72 hours). Password rules (spec §5): " +
    "at least 8 characters, 3 of the 4 classes (lower case, upper case, digit, other), not one of the most common passwords, at " +
    "most 256 characters; confirmPassword equal. 409 email_taken for an address that has an account (in any case). " +
    "is_subscribed: true also subscribes the address to the newsletter. loyalty_member: true links the loyalty membership joined " +
    "at a brand store's till with this email (400 loyalty_member_not_found when there is none). Needs the answer of the check against bots in `captcha` " +
    "(400 captcha_required, captcha_failed, captcha_expired, captcha_replayed).",
  request: body(registrationBody),
  responses: {
    201: jsonContent(z.object({ customer: userSchema, message: z.string() }), "Registered; the confirmation mail is on its way"),
    ...errorResponses(400, 409, 429),
  },
});

const confirmErrors = z.object({ data: z.object({ errors: errorSchema }) });
const confirm = createRoute({
  method: "post",
  path: "/api/customer/confirmRegistration",
  tags: ["customer"],
  summary: "Confirms a registration with the mailed id and key",
  description:
    "Spec §7: data.errors lists what went wrong (confirmation_failed for an unknown or used key, confirmation_expired), with status " +
    "400; success answers data.success with the customer. A key works once.",
  request: body(z.strictObject({ customerId: z.union([customerId, z.string().regex(/^\d{1,10}$/)]), confirmationToken: token })),
  responses: {
    200: jsonContent(
      z.object({
        data: z.object({ success: z.literal(true), errors: z.array(z.object({})).max(0), customer: userSchema, message: z.string() }),
      }),
      "Confirmed",
    ),
    400: jsonContent(confirmErrors, "The key is unknown, used or expired"),
  },
});

const forgot = createRoute({
  method: "post",
  path: "/api/customer/customer/forgotPassword",
  tags: ["customer"],
  summary: "Mails a password reset link, if the address has an account",
  description:
    "Answers the same message whether or not the address has an account (no account discovery). The link " +
    "(/account/reset-password?id=…&key=…) works once, for 60 minutes.",
  request: body(z.strictObject({ email })),
  responses: { 200: jsonContent(messageSchema, "Always the same answer"), ...errorResponses(400, 429) },
});

const reset = createRoute({
  method: "post",
  path: "/api/customer/customer/resetPassword",
  tags: ["customer"],
  summary: "Sets a new password with the mailed id and key",
  description:
    "The key works once, before it expires (reset_link_invalid, reset_link_expired). Every session of the customer ends; the " +
    "address counts as confirmed; a failed-login wait on the account ends. Password rules as for registration.",
  request: body(
    z.strictObject({
      customerId: z.union([customerId, z.string().regex(/^\d{1,10}$/)]),
      resetToken: token,
      newPassword: password,
      confirmPassword: password,
    }),
  ),
  responses: { 200: jsonContent(messageSchema, "The password is changed"), ...errorResponses(400, 429) },
});

const subscribe = createRoute({
  method: "post",
  path: "/api/customer/customer/subscribeToNewsletter",
  tags: ["customer"],
  summary: "Subscribes an address to the newsletter",
  description:
    "A new address gets the welcome mail (with its unsubscribe link); one already on the list gets the same answer and no " +
    "second mail. Needs the answer of the check against bots in `captcha`, as registration does.",
  request: body(z.strictObject({ email, captcha })),
  responses: { 200: jsonContent(messageSchema, "Subscribed"), ...errorResponses(400, 503) },
});

/** The bearer token of the request, if any. */
/** The request's token: `Authorization: Bearer`, else the auth cookie (server/http/shopper.ts). */
const sessionToken = (c: Context) => requestToken(c.req.raw);

const customers = (c: Context<AppEnv>) => c.var.services.customers;
const locale = (c: Context<AppEnv>) => c.var.store.locale;

export function customerRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(login, async (c) => {
    const address = clientAddress(c, c.var.services.trustedProxyHops);
    // A throttled login's Retry-After is set with its 429 by the error handler (server/http/errors.ts).
    const device = requestCookie(c.req.raw, COOKIES.loginDevice);
    const session = await customers(c).login(c.var.store, c.req.valid("json"), { address, device });
    c.header("Set-Cookie", loginDeviceCookie(c.req.raw, session.device), { append: true });
    const exp = Math.floor(session.expiresAt.getTime() / 1000);
    return c.json({ token: { accessToken: session.accessToken, expiresAt: session.expiresAt.toISOString(), exp } }, 200);
  });

  app.openapi(user, async (c) => {
    const customer = await customers(c).authenticate(sessionToken(c));
    if (!customer) throw new AppError(401, "not_logged_in");
    const cartId = await c.var.services.cart.customerCartId(c.var.store, customer.id);
    return c.json({ user: { ...customerView(customer), cart_id: cartId ? { id: cartId } : null } }, 200);
  });

  app.openapi(logout, async (c) => {
    const current = sessionToken(c);
    if (current) await customers(c).logout(current);
    return c.json({ success: true as const }, 200);
  });

  app.openapi(register, async (c) => {
    const { captcha: answer, ...input } = c.req.valid("json");
    await c.var.services.captcha.verify(answer, clientAddress(c, c.var.services.trustedProxyHops));
    const customer = await customers(c).register(c.var.store, input, clientAddress(c, c.var.services.trustedProxyHops));
    return c.json({ customer: customerView(customer), message: accountNotice("registered", locale(c)) }, 201);
  });

  app.openapi(confirm, async (c) => {
    const { customerId, confirmationToken } = c.req.valid("json");
    try {
      const customer = await customers(c).confirmRegistration(Number(customerId), confirmationToken);
      return c.json(
        { data: { success: true as const, errors: [], customer: customerView(customer), message: accountNotice("confirmed", locale(c)) } },
        200,
      );
    } catch (error) {
      if (!isAppError(error) || error.status !== 400) throw error;
      return c.json({ data: { errors: [apiError(error, requestLanguage(c))] } }, 400);
    }
  });

  app.openapi(forgot, async (c) => {
    await customers(c).forgotPassword(c.var.store, c.req.valid("json").email, clientAddress(c, c.var.services.trustedProxyHops));
    return c.json({ message: accountNotice("resetMailSent", locale(c)) }, 200);
  });

  app.openapi(reset, async (c) => {
    const input = c.req.valid("json");
    await customers(c).resetPassword({ ...input, customerId: Number(input.customerId) }, clientAddress(c, c.var.services.trustedProxyHops));
    return c.json({ message: accountNotice("passwordReset", locale(c)) }, 200);
  });

  app.openapi(subscribe, async (c) => {
    const { email: address, captcha: answer } = c.req.valid("json");
    await c.var.services.captcha.verify(answer, clientAddress(c, c.var.services.trustedProxyHops));
    await c.var.services.newsletter.subscribe(c.var.store, address);
    return c.json({ message: accountNotice("subscribed", locale(c)) }, 200);
  });

  return app;
}
