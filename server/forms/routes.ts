// The CMS forms' endpoints (docs/decisions/0028): POST /api/forms/contact and
// /api/forms/accessibility-feedback, multipart/form-data (or form-encoded without an image).
// The body is bounded before it is read (server/app.ts); the service checks the fields, the
// image's bytes and the answer of the check against bots, which the API always needs.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { FORM_KINDS, FORM_LIMITS, type FormKind, IMAGE_FIELD } from "../../lib/cms-forms.ts";
import { CAPTCHA_FIELD } from "../captcha/service.ts";
import { AppError } from "../errors.ts";
import { clientAddress } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { errorResponses, jsonContent } from "../http/openapi.ts";

const captcha = z.string().max(4000).openapi({
  description: "The answer of the shop's check against bots (GET /api/captcha), as for registration. 400 captcha_required without it.",
});

const SCHEMAS: Record<FormKind, z.ZodObject> = {
  contact: z.object({
    name: z.string().max(FORM_LIMITS.name),
    email: z.string().max(FORM_LIMITS.email),
    phone: z.string().max(FORM_LIMITS.phone).optional(),
    subject: z.string().max(FORM_LIMITS.subject),
    message: z.string().max(FORM_LIMITS.message),
    [IMAGE_FIELD]: z
      .string()
      .optional()
      .openapi({ format: "binary", description: "A GIF, JPG or PNG image, at most CONTACT_ATTACHMENT_MAX_MB megabytes (default 5)." }),
    [CAPTCHA_FIELD]: captcha,
  }),
  "accessibility-feedback": z.object({
    email: z.string().max(FORM_LIMITS.email).optional().openapi({ description: "Optional: where a reply and the receipt go." }),
    pageUrl: z.string().max(FORM_LIMITS.pageUrl).optional().openapi({ description: "The page the feedback is about (any text)." }),
    message: z.string().max(FORM_LIMITS.message),
    [CAPTCHA_FIELD]: captcha,
  }),
};

const SUMMARIES: Record<FormKind, string> = {
  contact: "Sends the Contact form: stored, mailed to customer service (with the image) and a receipt to the sender",
  "accessibility-feedback": "Sends feedback on the shop's accessibility (the statement's feedback channel): stored and mailed",
};

const documentation = (kind: FormKind) =>
  createRoute({
    method: "post",
    path: `/api/forms/${kind}`,
    tags: ["forms"],
    summary: SUMMARIES[kind],
    description:
      "Refusals name the field: invalid_input (required, email, telephone, maxLength), file_type (not a GIF, JPG or PNG by its " +
      "bytes, or bytes that do not match its name or type), 413 file_too_large (params.fileSize in megabytes; also for a body " +
      "too large to read), and the check's codes (captcha_required, captcha_failed, captcha_expired, captcha_replayed).",
    request: {
      body: {
        required: true,
        content: { "multipart/form-data": { schema: SCHEMAS[kind] }, "application/x-www-form-urlencoded": { schema: SCHEMAS[kind] } },
      },
    },
    responses: { 201: jsonContent(z.object({ id: z.number() }), "Stored; its mails are on their way"), ...errorResponses(400, 413, 429) },
  });

/** The body as form data; anything else is a malformed request. */
async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) {
    throw new AppError(400, "invalid_input", { params: { rule: "format" }, field: "body" });
  }
  try {
    return await request.formData();
  } catch {
    throw new AppError(400, "invalid_input", { params: { rule: "format" }, field: "body" });
  }
}

export function formRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  for (const kind of FORM_KINDS) {
    app.openAPIRegistry.registerPath(documentation(kind));
    app.post(`/api/forms/${kind}`, async (c) => {
      const { services, store } = c.var;
      const form = await readForm(c.req.raw);
      const answer = form.get(CAPTCHA_FIELD);
      const { id } = await services.forms.submit(store, kind, form, () =>
        services.captcha.verify(typeof answer === "string" ? answer : null, clientAddress(c, services.trustedProxyHops)),
      );
      return c.json({ id }, 201);
    });
  }
  return app;
}
