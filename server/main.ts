// Starts the shop: settings, database (embedded unless DATABASE_URL), demo data on first
// start, services, HTTP; and stops it cleanly on SIGTERM/SIGINT (drain, pool, database).
import fs from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import type pino from "pino";
import { sql } from "drizzle-orm";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig, paymentWarnings, type Config } from "./config.ts";
import { openDatabase, withStartupLock, type Database } from "./db/client.ts";
import { seedDemoData } from "./db/seed/generate.ts";
import { importDemoContentIfEmpty } from "./content/demo.ts";
import { createPageCache } from "./http/page-cache.ts";
import { invalidatePagesOnChange, loadPages } from "./http/pages.ts";
import { createImageService } from "./images/service.ts";
import { imageRoutes } from "./images/routes.ts";
import { catalogueImageKeys } from "./images/keys.ts";
import { createServices } from "./services.ts";
import { createLogger } from "./logging.ts";

const root = path.resolve(import.meta.dirname, "..");

export interface RunningShop {
  url: string;
  stop(): Promise<void>;
}

async function seedIfEmpty(database: Database, dataDir: string, log: pino.Logger) {
  await withStartupLock(database.pool, async () => {
    const result = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stores`);
    if ((result.rows[0]?.n ?? 0) === 0) {
      log.info("empty database: loading demo data");
      const started = Date.now();
      const counts = await seedDemoData(database.db, {});
      log.info({ ...counts, ms: Date.now() - started }, "demo data loaded");
    }
    // Content on its own: a shop seeded before the content store gets the demo pages too.
    const content = await importDemoContentIfEmpty(database.db, dataDir);
    if (content) log.info(content, "demo content imported");
  });
}

export async function startShop(config: Config, log: pino.Logger): Promise<RunningShop> {
  // On every start, so that a shop taking sandbox payments cannot go unnoticed (decision 0037).
  for (const warning of paymentWarnings(config)) log.warn(warning);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    log: (line) => log.debug({ postgres: line }),
    notice: (message) => log.info(message),
  });
  try {
    if (config.SEED_DEMO_DATA) await seedIfEmpty(database, config.dataDir, log);
    const services = await createServices(database.db, config, { log: (error) => log.error({ err: error }, "background error") });
    const pageCache = createPageCache({ maxEntries: config.HTML_CACHE_ENTRIES, ttlSeconds: config.HTML_CACHE_SECONDS });
    services.versions.onChange(() => pageCache.clear());
    invalidatePagesOnChange(pageCache, services, (error) => log.error({ err: error }, "page cache invalidation"));
    const buildFile = path.join(root, "build/server/index.js");
    if (!fs.existsSync(buildFile)) throw new Error("No production build: run `npm run build` first.");
    const pages = await loadPages(buildFile, pageCache, {
      degraded: (part, error) => log.error({ err: error, part }, "part of the page frame failed: shown empty"),
      error: (error) => log.error({ err: error }, "unexpected page error"),
    });
    const imageKeys = catalogueImageKeys(database.db);
    services.versions.onChange((name) => {
      if (name === "catalog") imageKeys.invalidate();
    });
    const images = imageRoutes(
      createImageService({
        cacheDir: path.join(config.dataDir, "cache/img"),
        log: log.child({ module: "images" }),
        contentFile: services.content.assetFile,
        knownKey: imageKeys.has,
        queueMax: config.IMAGE_QUEUE_MAX,
        cacheMaxBytes: config.IMAGE_CACHE_MAX_MB * 1024 * 1024,
      }),
      {
        logError: (error) => log.error({ err: error }, "image error"),
      },
    );
    const app = createApp({
      services,
      pages,
      images,
      clientDir: path.join(root, "build/client"),
      logError: (error, request) => log.error({ err: error, ...request }, "unexpected error"),
      logRefusal: (refusal) => log.info(refusal, "request refused"),
      bodies: { maxBytes: config.MAX_BODY_BYTES, idleMs: config.BODY_TIMEOUT_SECONDS * 1000 },
    });
    // Node's own deadline for a whole request, checked every second (its default check runs
    // every 30 s, on a 300 s deadline): a client cannot hold a connection open by sending slowly.
    const requestTimeout = config.REQUEST_TIMEOUT_SECONDS * 1000;
    const serverOptions = { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout) };

    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST, serverOptions }, () => resolve(s));
    });
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    // PORT=0 listens on a free port: the default public origins name the real one.
    services.origins.listening(port);
    const url = `http://localhost:${port}`;
    log.info({ url, database: config.DATABASE_URL ? "DATABASE_URL" : "embedded" }, "shop started");

    let stopping: Promise<void> | null = null;
    return {
      url,
      stop() {
        stopping ??= (async () => {
          // Stop accepting, let requests in flight finish, then close the pool and the database.
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              if ("closeAllConnections" in server) server.closeAllConnections();
              resolve();
            }, config.SHUTDOWN_TIMEOUT_MS);
            server.close(() => {
              clearTimeout(timer);
              resolve();
            });
            if ("closeIdleConnections" in server) server.closeIdleConnections();
          });
          await services.close();
          await database.close();
          log.info("shop stopped");
        })();
        return stopping;
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

export async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  let shop: RunningShop;
  try {
    shop = await startShop(config, log);
  } catch (error) {
    log.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      log.info({ signal }, "shutting down");
      shop.stop().then(
        () => process.exit(0),
        (error) => {
          log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
