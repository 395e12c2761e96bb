// The one HTTP application: health, the JSON API, images, static files and the pages.
import { clientAddress } from "./http/client-address.ts";
import { OpenAPIHono } from "@hono/zod-openapi";
import { serveStatic } from "@hono/node-server/serve-static";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { contentSecurityPolicy } from "./http/csp.ts";
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
import { operatorRoutes } from "./shipments/routes.ts";
import { profileRoutes } from "./customers/profile-routes.ts";
import { sandboxRoutes } from "./payments/sandbox.ts";
import { seoRoutes } from "./seo/routes.ts";
import { recommendationRoutes } from "./engagement/recommendation-routes.ts";
import { engagementRoutes } from "./engagement/routes.ts";
import { wishlistRoutes } from "./wishlist/routes.ts";
import { contentRoutes } from "./content/routes.ts";
import type { AppEnv } from "./http/env.ts";
import { edgeGuard } from "./http/edge-guard.ts";
import { ENGLISH, errorBody, handleError, languageOf, requestLanguage, zodErrorBody } from "./http/errors.ts";
import { createMetrics } from "./http/metrics.ts";
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
  logError?: (error: unknown) => void;
  /** Public origin of each store (PUBLIC_URL_*), for links in sitemaps. */
  publicUrls?: Record<string, string | undefined>;
}

/**
 * Paths that name a file: a miss is a cheap 404 from here, never a page render. React
 * Router's own data requests (`/p/x.data`) are pages.
 */
const FILE_PATH = /\.(?!data$)[a-z0-9]{1,8}$/i;

export function createApp({ services, pages, images, clientDir, logError = console.error, publicUrls = {} }: AppOptions) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(zodErrorBody(result.error, requestLanguage(c)), 400);
    },
  });

  const metrics = createMetrics();
  // reCAPTCHA (docs/decisions/0019), when configured, runs Google's script and frame; ALTCHA needs nothing from elsewhere.
  const cspOptions = { tagManager: Boolean(services.gtmId), recaptcha: services.captcha.publicConfig().provider === "recaptcha" };
  const defaultCsp = contentSecurityPolicy(cspOptions);
  app.onError((error, c) => handleError(error, c, logError));
  app.use("*", metrics.middleware);
  // A page answers with its own policy (its nonce, server/http/pages.ts); everything else gets the one without.
  app.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("content-security-policy")) c.res.headers.set("Content-Security-Policy", defaultCsp);
  });
  app.use(
    "*",
    secureHeaders({
      strictTransportSecurity: false, // set by the TLS terminator; see docs/operations.md
      crossOriginEmbedderPolicy: false,
      // With "no-referrer" a browser sends `Origin: null` on form posts, which the
      // cross-site guard must refuse; this policy still never sends paths to other sites.
      referrerPolicy: "strict-origin-when-cross-origin",
    }),
  );
  app.use("*", sameOrigin);
  // Compresses what is not compressed already (cached pages and precompressed files are).
  app.use("*", compress());
  // What no handler can take is refused before any handler sees it (server/http/edge-guard.ts).
  const known = async () => new Set((await services.catalog.stores()).map((s) => s.code));
  const guard = edgeGuard(async (request) => {
    try {
      return languageOf(await services.catalog.store(requestedStoreCode(request, services.storeDomains, await known())));
    } catch {
      return ENGLISH; // a Store header naming no store
    }
  });
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

  app.get("/metrics", () => metrics.respond());

  // The API: every request names its store (Store header, else the host), and its shopper is
  // resolved once here: the token (Bearer, else the auth cookie), the cart id, the consent.
  app.use("/api/*", async (c, next) => {
    c.set("services", services);
    const code = requestedStoreCode(c.req.raw, services.storeDomains, await known());
    const store = await services.catalog.store(code);
    if (!store) return c.json(errorBody(ENGLISH, "unknown_store", { params: { store: code }, field: "Store" }), 400);
    c.set("store", store);
    c.set("shopper", await resolveShopper(c.req.raw, store, services.authenticate));
    c.header("Cache-Control", "no-store");
    await next();
  });
  // The CMS forms (docs/decisions/0028) take an image: their bodies are bounded before anything
  // reads them. The API refuses a larger one as the image's error; a page's form is handed to
  // its action empty and marked, so the page answers in its own form (document or fetcher).
  const tooLarge = { params: { fileSize: services.forms.attachmentMaxMb }, field: IMAGE_FIELD };
  app.use(
    "/api/forms/*",
    bodyLimit({
      maxSize: services.forms.maxRequestBytes,
      onError: (c) => c.json(errorBody(requestLanguage(c), "file_too_large", tooLarge), 413),
    }),
  );
  app.use("/forms/*", async (c, next) => {
    if (c.req.method !== "POST") return next();
    let over = false;
    const limit = bodyLimit({
      maxSize: services.forms.maxRequestBytes,
      onError: () => {
        over = true;
        return c.body(null);
      },
    });
    await limit(c, async () => {});
    if (over) {
      const headers = new Headers(c.req.raw.headers);
      for (const name of ["content-length", "content-type", "transfer-encoding"]) headers.delete(name);
      headers.set(FORM_TOO_LARGE_HEADER, "1");
      c.req.raw = new Request(c.req.raw.url, { method: "POST", headers });
    }
    return next();
  });
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
  app.route("/", profileRoutes());
  // Before the engine's /queries/{type}, which does not know this type.
  app.route("/", recommendationRoutes());
  app.route("/", engagementRoutes());
  app.route("/", contentRoutes());
  app.all("/api/*", (c) => c.json(errorBody(requestLanguage(c), "not_found"), 404));

  if (images) app.mount("/img", images.fetch);
  app.route("/", sandboxRoutes(services));
  app.route("/", seoRoutes(services, services.catalogRepository, publicUrls));
  app.route("/", languageSwitchRoutes(services, publicUrls));
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
