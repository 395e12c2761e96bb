// Newsletter and bot-check endpoints (docs/decisions/0019): the ALTCHA challenge (browsers and
// API clients alike), which check the shop uses, and leaving the list with a mailed link —
// RFC 8058's one-click POST (`List-Unsubscribe=One-Click`), while a GET only leads to the page
// that asks first (mail scanners follow links; they must not unsubscribe anyone).
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { accountNotice } from "../../lib/account-notices.ts";
import { ALTCHA_CHALLENGE_PATH } from "../captcha/service.ts";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";

const tokenQuery = z.object({ token: z.string().max(200).openapi({ description: "The key of the mailed link" }) });

const challenge = createRoute({
  method: "get",
  path: ALTCHA_CHALLENGE_PATH,
  tags: ["captcha"],
  summary: "A signed ALTCHA proof-of-work challenge",
  description:
    "Solve it (the browser widget `altcha`, or `solveChallenge` of the npm package altcha-lib for an API client) and send " +
    "base64(JSON { challenge, solution }) as `captcha` with the registration or the newsletter subscription. A solution " +
    "counts once and only until the challenge's expiresAt. 404 while the shop uses reCAPTCHA (see GET /api/captcha).",
  responses: {
    200: jsonContent(
      z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() }).passthrough(),
      "The challenge",
    ),
    ...errorResponses(404),
  },
});

const captchaInfo = createRoute({
  method: "get",
  path: "/api/captcha",
  tags: ["captcha"],
  summary: "Which check against bots the shop uses",
  description: "ALTCHA (with the challenge's path) or reCAPTCHA (version and site key); its answer goes in `captcha`.",
  responses: {
    200: jsonContent(
      z.union([
        z.object({ provider: z.literal("altcha"), challengeUrl: z.string() }),
        z.object({ provider: z.literal("recaptcha"), version: z.union([z.literal(2), z.literal(3)]), siteKey: z.string() }),
      ]),
      "The check",
    ),
  },
});

const oneClick = createRoute({
  method: "post",
  path: "/api/newsletter/unsubscribe",
  tags: ["newsletter"],
  summary: "One-click unsubscribe (RFC 8058): the List-Unsubscribe address of every newsletter mail",
  description:
    "The mail client POSTs `List-Unsubscribe=One-Click` (form-encoded or multipart) to the link. The address leaves the " +
    "list (an account stays as it is); the link works once: afterwards, or for an unknown link, 404 unsubscribe_link_invalid.",
  request: { query: tokenQuery },
  responses: { 200: jsonContent(z.object({ message: z.string() }), "Unsubscribed"), ...errorResponses(400, 404) },
});

const oneClickGet = createRoute({
  method: "get",
  path: "/api/newsletter/unsubscribe",
  tags: ["newsletter"],
  summary: "Opening the List-Unsubscribe address: leads to the page that asks first",
  description: "303 to /newsletter/unsubscribe?token=…; a GET never unsubscribes (link scanners follow links).",
  request: { query: tokenQuery },
  responses: { 303: { description: "To the unsubscribe page" } },
});

export function newsletterRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(challenge, async (c) => c.json(await c.var.services.captcha.challenge(), 200));

  app.openapi(captchaInfo, (c) => c.json(c.var.services.captcha.publicConfig(), 200));

  app.openapi(oneClick, async (c) => {
    await c.var.services.newsletter.unsubscribe(c.req.valid("query").token);
    return c.json({ message: accountNotice("unsubscribed", c.var.store.locale) }, 200);
  });

  app.openapi(oneClickGet, (c) => {
    const query = new URLSearchParams({ token: c.req.valid("query").token });
    return c.redirect(`/newsletter/unsubscribe?${query}`, 303);
  });

  return app;
}
