// The one HTTP application: health, the JSON API, images, static files and the pages.
import { clientAddress, trustForwardedProto } from "./http/client-address.ts";
import { isSecureRequest } from "../lib/cookies.ts";
import { OpenAPIHono } from "@hono/zod-openapi";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { requestId } from "hono/request-id";
import { endSessionCookies } from "../lib/cookies.ts";
import { contentSecurityPolicy } from "./http/csp.ts";
import { type Refusal, refusalLog } from "./http/refusals.ts";
import { bodyLimit } from "./http/body-limit.ts";
import { errorPage } from "./http/error-page.ts";
import { sql } from "drizzle-orm";
import { cartRoutes } from "./cart/routes.ts";
import { catalogRoutes } from "./catalog/routes.ts";
import { checkoutRoutes } from "./checkout/routes.ts";
import { customerRoutes } from "./customers/routes.ts";
import { newsletterRoutes } from "./newsletter/routes.ts";
import { formRoutes } from "./forms/routes.ts";
import { FORM_TOO_LARGE_HEADER, IMAGE_FIELD } from "../lib/cms-forms.ts";
import { crmRoutes } from "./crm/routes.ts";
import { loyaltyRoutes } from "./loyalty/routes.ts";
import { operatorRoutes } from "./http/operator.ts";
import { profileRoutes } from "./customers/profile-routes.ts";
import { customerOrderRoutes } from "./orders/routes.ts";
import { paymentRoutes } from "./payments/routes.ts";
import { sandboxRoutes } from "./payments/sandbox.ts";
import { seoRoutes } from "./seo/routes.ts";
import { recommendationRoutes } from "./engagement/recommendation-routes.ts";
import { engagementRoutes } from "./engagement/routes.ts";
import { wishlistRoutes } from "./wishlist/routes.ts";
import { contentRoutes } from "./content/routes.ts";
import type { AppEnv } from "./http/env.ts";
import { edgeGuard } from "./http/edge-guard.ts";
import {
  ENGLISH,
  type ErrorLanguage,
  errorBody,
  handleError,
  languageOf,
  type LoggedRequest,
  requestLanguage,
  zodErrorBody,
} from "./http/errors.ts";
import { createMetrics, metricsAccess } from "./http/metrics.ts";
import { withEdgeAnswers } from "./http/openapi.ts";
import { languageSwitchRoutes } from "./http/language-switch.ts";
import { manifestRoutes } from "./http/manifest.ts";
import { SERVICE_WORKER_PATH } from "../lib/pwa.ts";
import { sameOrigin } from "./http/same-origin.ts";
import { resolveShopper } from "./http/shopper.ts";
import { requestedStoreCode } from "./http/store.ts";
import type { Services } from "./services.ts";

export interface AppOptions {
  services: Services;
  /** Renders every path not served by the API or as a file (React Router). */
  pages?: (request: Request, services: Services, storeCode: string, clientAddress?: string) => Promise<Response>;
  /** Mounted at /img. */
  images?: { fetch: (request: Request) => Response | Promise<Response> };
  /** Built browser files (build/client). */
  clientDir?: string;
  /** Unexpected errors, with the request's method and path (its keys redacted, server/http/redact.ts). */
  logError?: (error: unknown, request?: LoggedRequest) => void;
  /** Refused requests (4xx): their code, status, route and request id (server/http/refusals.ts). */
  logRefusal?: (refusal: Refusal) => void;
  /** What one request's body may cost (MAX_BODY_BYTES, BODY_TIMEOUT_SECONDS; docs/decisions/0034). */
  bodies?: { maxBytes?: number; idleMs?: number };
}

export const DEFAULT_BODY_LIMITS = { maxBytes: 64 * 1024, idleMs: 10_000 } as const;

/**
 * Paths that name a file: a miss is a cheap 404 from here, never a page render. React
 * Router's own data requests (`/p/x.data`) are pages.
 */
const FILE_PATH = /\.(?!data$)[a-z0-9]{1,8}$/i;

export function createApp({
  services,
  pages,
  images,
  clientDir,
  logError = console.error,
  logRefusal = () => {},
  bodies = {},
}: AppOptions) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(zodErrorBody(result.error, requestLanguage(c)), 400);
    },
  });

  const metrics = createMetrics();
  // Each request's id (a proxy's X-Request-Id, or a new one), in the answer's header and in the logs.
  app.use("*", requestId());
  const known = async () => new Set((await services.catalog.stores()).map((s) => s.code));
  /** The store a request asks for, if any (a `Store` header naming none: none), for the language of an early refusal. */
  const storeOf = async (request: Request) => {
    try {
      return await services.catalog.store(requestedStoreCode(request, services.storeDomains, await known()));
    } catch {
      return undefined;
    }
  };
  // reCAPTCHA (docs/decisions/0019), when configured, runs Google's script and frame; ALTCHA needs nothing from elsewhere.
  const cspOptions = { tagManager: Boolean(services.gtmId), recaptcha: services.captcha.publicConfig().provider === "recaptcha" };
  const defaultCsp = contentSecurityPolicy(cspOptions);
  app.onError((error, c) => handleError(error, c, logError));
  // Whether the client came over TLS: the request's own scheme, or what trusted proxies say
  // (a client's own X-Forwarded-Proto is dropped here); over TLS, browsers are told to stay on it.
  const hsts = services.hstsMaxAge > 0 ? `max-age=${services.hstsMaxAge}` : null;
  app.use("*", async (c, next) => {
    trustForwardedProto(c.req.raw, services.trustedProxyHops);
    await next();
    if (hsts && isSecureRequest(c.req.raw)) c.res.headers.set("Strict-Transport-Security", hsts);
  });
  app.use("*", metrics.middleware);
  // A page answers with its own policy (its nonce, server/http/pages.ts); everything else gets the one without.
  app.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("content-security-policy")) c.res.headers.set("Content-Security-Policy", defaultCsp);
  });
  app.use(
    "*",
    secureHeaders({
      strictTransportSecurity: false, // only over TLS, above
      crossOriginEmbedderPolicy: false,
      // With "no-referrer" a browser sends `Origin: null` on form posts, which the
      // cross-site guard must refuse; this policy still never sends paths to other sites.
      referrerPolicy: "strict-origin-when-cross-origin",
    }),
  );
  app.use("*", sameOrigin(services.origins, storeOf));
  // Compresses what is not compressed already (cached pages and precompressed files are).
  app.use("*", compress());
  // What no handler can take is refused before any handler sees it (server/http/edge-guard.ts).
  // An unknown Store header: English here; its own 400 comes later.
  const guard = edgeGuard(async (request) => languageOf(await storeOf(request)));
  // Every refusal is logged with its code (server/http/refusals.ts): inside the compression, so its body is still plain.
  app.use("*", refusalLog(logRefusal));
  app.use("*", guard.request);

  app.get("/healthz", async (c) => {
    try {
      await services.db.execute(sql`SELECT 1`);
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "unavailable" }, 503);
    }
  });

  // Generated once, on first request, when every route is registered; the edge's answers are added to each operation.
  let openApi: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  app.get("/api/openapi.json", (c) => {
    openApi ??= withEdgeAnswers(
      app.getOpenAPI31Document({
        openapi: "3.1.0",
        info: { title: "Kauppa storefront API", version: "1.0.0", description: "The shop's JSON API (storefront spec §7)." },
      }),
    );
    return c.json(openApi);
  });

  // Only with METRICS_TOKEN as a Bearer token; without the setting there is no such path (decision 0036).
  const metricsAllowed = metricsAccess(services.metricsToken);
  app.get("/metrics", (c) => {
    const access = metricsAllowed(c.req.header("authorization"));
    if (access === "none") return c.json(errorBody(requestLanguage(c), "not_found"), 404);
    if (access === "denied") {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json(errorBody(requestLanguage(c), "metrics_unauthorized"), 401);
    }
    return metrics.respond();
  });

  // The API: every request names its store (Store header, else the host), and its shopper is
  // resolved once here: the token (Bearer, else the auth cookie), the cart id, the consent.
  app.use("/api/*", async (c, next) => {
    c.set("services", services);
    const code = requestedStoreCode(c.req.raw, services.storeDomains, await known());
    const store = await services.catalog.store(code);
    if (!store) return c.json(errorBody(ENGLISH, "unknown_store", { params: { store: code }, field: "Store" }), 400);
    c.set("store", store);
    c.set("shopper", await resolveShopper(c.req.raw, store, services.authenticate, clientAddress(c, services.trustedProxyHops)));
    c.header("Cache-Control", "no-store");
    await next();
    // The browser's session ended on the server: its login cookies go with this answer (spec §4).
    if (c.var.shopper.sessionEnded) endSessionCookies(c.req.raw, c.res.headers);
  });
  // Bodies are bounded while they stream, before anything reads them (docs/decisions/0034): the
  // API answers a refusal in its error shape, a page post with a page, both in the store's language.
  const { maxBytes = DEFAULT_BODY_LIMITS.maxBytes, idleMs = DEFAULT_BODY_LIMITS.idleMs } = bodies;
  // An unknown Store header: English here; its own 400 comes later, if the client is still there.
  const languageFor = async (c: Context<AppEnv>): Promise<ErrorLanguage> => languageOf(await storeOf(c.req.raw));
  const isApi = (c: Context) => c.req.path.startsWith("/api/");
  const timedOut = async (c: Context<AppEnv>) => {
    const language = await languageFor(c);
    if (isApi(c)) return c.json(errorBody(language, "request_timeout"), 408);
    return errorPage(language, 408, "request_timeout");
  };
  // The CMS forms (docs/decisions/0028) take an image: a larger limit of their own. The API refuses
  // a larger one as the image's error; a page's form is handed to its action empty and marked,
  // so the page answers in its own form (document or fetcher).
  const tooLarge = { params: { fileSize: services.forms.attachmentMaxMb }, field: IMAGE_FIELD };
  app.use(
    "/api/forms/*",
    bodyLimit({
      maxBytes: services.forms.maxRequestBytes,
      idleMs,
      tooLarge: async (c) => c.json(errorBody(await languageFor(c), "file_too_large", tooLarge), 413),
      timedOut,
    }),
  );
  app.use(
    "/forms/*",
    bodyLimit({
      maxBytes: services.forms.maxRequestBytes,
      idleMs,
      tooLarge: async (c, next) => {
        const headers = new Headers(c.req.raw.headers);
        for (const name of ["content-length", "content-type", "transfer-encoding"]) headers.delete(name);
        headers.set(FORM_TOO_LARGE_HEADER, "1");
        c.req.raw = new Request(c.req.raw.url, { method: "POST", headers });
        await next();
        return undefined;
      },
      timedOut,
    }),
  );
  const everyBody = bodyLimit({
    maxBytes,
    idleMs,
    tooLarge: async (c) => {
      const language = await languageFor(c);
      if (isApi(c)) return c.json(errorBody(language, "body_too_large", { params: { limit: maxBytes } }), 413);
      return errorPage(language, 413, "body_too_large", { limit: maxBytes });
    },
    timedOut,
  });
  app.use("*", (c, next) => (/^\/(api\/)?forms\//.test(c.req.path) ? next() : everyBody(c, next)));
  // Bodies are read for the edge's rule only once they are known to be within their limit.
  app.use("*", guard.body);
  app.route("/", catalogRoutes());
  app.route("/", cartRoutes());
  app.route("/", checkoutRoutes());
  app.route("/", customerRoutes());
  app.route("/", wishlistRoutes());
  app.route("/", newsletterRoutes());
  app.route("/", formRoutes());
  app.route("/", loyaltyRoutes());
  app.route("/", crmRoutes());
  app.route("/", operatorRoutes(services.operatorToken));
  app.route("/", paymentRoutes());
  app.route("/", profileRoutes());
  app.route("/", customerOrderRoutes());
  // Before the engine's /queries/{type}, which does not know this type.
  app.route("/", recommendationRoutes());
  app.route("/", engagementRoutes());
  app.route("/", contentRoutes());
  app.all("/api/*", (c) => c.json(errorBody(requestLanguage(c), "not_found"), 404));

  if (images) app.mount("/img", images.fetch);
  // The sandbox's hosted page exists only while the sandbox is on (decision 0037).
  if (services.sandbox) app.route("/", sandboxRoutes(services, services.sandbox));
  app.route("/", seoRoutes(services, services.catalogRepository));
  app.route("/", languageSwitchRoutes(services));
  app.route("/", manifestRoutes(services));

  // Files: hashed assets are immutable; other files (favicon, robots.txt) are checked only
  // for paths that name a file, so page requests never touch the disk.
  const files = clientDir ? serveStatic({ root: clientDir, precompressed: true }) : null;
  app.get("*", async (c, next) => {
    const isAsset = c.req.path.startsWith("/assets/");
    if (!isAsset && !FILE_PATH.test(c.req.path)) return next();
    const served = await files?.(c, async () => {});
    if (served) {
      if (c.req.path === SERVICE_WORKER_PATH) {
        // The browser must ask for a new worker on every check (decision 0030); its scope is the whole shop.
        served.headers.set("Cache-Control", "no-cache");
        served.headers.set("Service-Worker-Allowed", "/");
        return served;
      }
      served.headers.set("Cache-Control", isAsset ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      return served;
    }
    return c.text("Not found", 404, { "Cache-Control": "public, max-age=60" });
  });

  if (pages) {
    app.all("*", async (c) => {
      const code = requestedStoreCode(c.req.raw, services.storeDomains, await known());
      return pages(c.req.raw, services, code, clientAddress(c, services.trustedProxyHops));
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
