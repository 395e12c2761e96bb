// The shop's HTTP app over a fresh test database, called in-process with app.request.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../../server/app.ts";
import type { Authenticate } from "../../server/identity.ts";
import type { Config } from "../../server/config.ts";
import type { Mailer } from "../../server/mail/mailer.ts";
import { createServices, type Services } from "../../server/services.ts";
import { ALTCHA_TEST_SETTINGS, solvedCaptcha } from "./captcha.ts";
import { type RateLimitConfig, TEST_RATE_LIMITS } from "./rate-limits.ts";
import { createTestDatabase, type TestDatabase } from "./test-db.ts";

export const TEST_DOMAINS = { en: "localhost", fi: "fi.localhost" };

export interface TestShop {
  database: TestDatabase;
  services: Services;
  app: ReturnType<typeof createApp>;
  /** GET/POST a path as the given store's host. */
  request(path: string, init?: RequestInit & { store?: "en" | "fi" }): Promise<Response>;
  /** A fresh answer to the shop's ALTCHA challenge (as the widget would send it). */
  captcha(): Promise<string>;
  close(): Promise<void>;
}

export async function createTestShop(
  options: {
    poolSize?: number;
    clock?: () => number;
    authenticate?: Authenticate;
    /** Settings beside the test domains (public URLs, session lifetime, trusted proxies). */
    config?: Partial<
      Pick<
        Config,
        | "PORT"
        | "PUBLIC_URL_EN"
        | "PUBLIC_URL_FI"
        | "AUTH_TOKEN_TTL_SECONDS"
        | "TRUSTED_PROXY_HOPS"
        | "HSTS_MAX_AGE_SECONDS"
        | "METRICS_TOKEN"
        | "ALTCHA_HMAC_KEY"
        | "ALTCHA_EXPIRES_SECONDS"
        | "CAPTCHA_FALLBACK_SECONDS"
        | "RECAPTCHA_SITE_KEY"
        | "RECAPTCHA_SECRET"
        | "RECAPTCHA_VERSION"
        | "RECAPTCHA_MIN_SCORE"
        | "RECAPTCHA_VERIFY_URL"
        | "OPERATOR_TOKEN"
        | "CONTENT_PREVIEW_SECRET"
        | "GTM_ID"
        | "PAYMENT_PROVIDERS"
        | "PAYMENTS_SANDBOX_SECRET"
        | "WEBHOOK_URLS"
        | "WEBHOOK_SECRETS"
      >
    > &
      /** Rate limits: far above any suite unless a test sets its own (tests/helpers/rate-limits.ts). */
      Partial<RateLimitConfig>;
    /** Another mail server than the .eml folder (one that records what it is given). */
    mailer?: Mailer;
  } = {},
): Promise<TestShop> {
  const database = await createTestDatabase(options.poolSize);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-api-"));
  const services = await createServices(
    database.db,
    // The check against bots at a cost a test solves at once (tests/helpers/captcha.ts).
    { ...ALTCHA_TEST_SETTINGS, ...TEST_RATE_LIMITS, ...options.config, STORE_DOMAINS: TEST_DOMAINS, dataDir },
    {
      pollMs: 0,
      clock: options.clock,
      log: () => {},
      authenticate: options.authenticate,
      outbox: options.mailer ? { mailer: options.mailer } : undefined,
    },
  );
  // The price clock's start-up catch-up refreshes every product with a recent price history in
  // the background and drops the pages cached meanwhile: a test starts after it, as shoppers
  // mostly do, or a page it has just cached may be dropped under it.
  await services.priceClock.check();
  const app = createApp({ services, logError: process.env.TEST_LOG_ERRORS ? console.error : () => {} });
  return {
    database,
    services,
    app,
    async request(path, init = {}) {
      const { store = "en", ...rest } = init;
      return app.request(`http://${TEST_DOMAINS[store]}${path}`, rest);
    },
    captcha: () => solvedCaptcha(async (path) => app.request(`http://${TEST_DOMAINS.en}${path}`)),
    async close() {
      await services.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
