// The shop's HTTP app over a fresh test database, called in-process with app.request.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../../server/app.ts";
import type { Authenticate } from "../../server/identity.ts";
import type { Config } from "../../server/config.ts";
import type { Mailer } from "../../server/mail/mailer.ts";
import { createServices, type Services } from "../../server/services.ts";
import { createTestDatabase, type TestDatabase } from "./test-db.ts";

export const TEST_DOMAINS = { en: "localhost", fi: "fi.localhost" };

export interface TestShop {
  database: TestDatabase;
  services: Services;
  app: ReturnType<typeof createApp>;
  /** GET/POST a path as the given store's host. */
  request(path: string, init?: RequestInit & { store?: "en" | "fi" }): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestShop(
  options: {
    poolSize?: number;
    clock?: () => number;
    authenticate?: Authenticate;
    /** Settings beside the test domains (public URLs, session lifetime, trusted proxies). */
    config?: Partial<Pick<Config, "PUBLIC_URL_EN" | "PUBLIC_URL_FI" | "AUTH_TOKEN_TTL_SECONDS" | "TRUSTED_PROXY_HOPS" | "OPERATOR_TOKEN">>;
    /** Another mail server than the .eml folder (one that records what it is given). */
    mailer?: Mailer;
  } = {},
): Promise<TestShop> {
  const database = await createTestDatabase(options.poolSize);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-api-"));
  const services = await createServices(
    database.db,
    { ...options.config, STORE_DOMAINS: TEST_DOMAINS, dataDir },
    {
      pollMs: 0,
      clock: options.clock,
      log: () => {},
      authenticate: options.authenticate,
      outbox: options.mailer ? { mailer: options.mailer } : undefined,
    },
  );
  const app = createApp({ services, logError: process.env.TEST_LOG_ERRORS ? console.error : () => {} });
  return {
    database,
    services,
    app,
    async request(path, init = {}) {
      const { store = "en", ...rest } = init;
      return app.request(`http://${TEST_DOMAINS[store]}${path}`, rest);
    },
    async close() {
      await services.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
