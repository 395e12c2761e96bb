// The domain services, created once per process and shared by the API and the pages
// (handed to React Router as its load context).
import path from "node:path";
import { createCartRepository } from "./cart/repository.ts";
import { createCartService } from "./cart/service.ts";
import { createCatalogRepository } from "./catalog/repository.ts";
import { createCatalogService } from "./catalog/service.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { createCheckoutService } from "./checkout/service.ts";
import { createDataVersions } from "./data-versions.ts";
import { createMailer } from "./mail/mailer.ts";
import { sandboxProvider } from "./payments/provider.ts";

const CART_SWEEP_MS = 60 * 60 * 1000;

type ServiceConfig = Pick<Config, "STORE_DOMAINS"> &
  Partial<Pick<Config, "PORT" | "PUBLIC_URL_EN" | "PUBLIC_URL_FI" | "SMTP_URL" | "MAIL_FROM" | "dataDir">>;

export async function createServices(db: Db, config: ServiceConfig, options: { pollMs?: number; log?: (error: unknown) => void } = {}) {
  const versions = await createDataVersions(db, options.pollMs);
  const catalogRepository = createCatalogRepository(db);
  const catalog = createCatalogService(catalogRepository, versions);
  const cartRepository = createCartRepository(db);
  const cart = createCartService(cartRepository);
  const mailOutbox = path.join(config.dataDir ?? path.resolve("data"), "mail");
  const publicUrls: Record<string, string | undefined> = { en: config.PUBLIC_URL_EN, fi: config.PUBLIC_URL_FI };
  const checkout = createCheckoutService({
    cart,
    cartRepository,
    db,
    mailer: createMailer({ outbox: mailOutbox, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    provider: sandboxProvider,
    // Links in mail come from the configured public URL, never from a request's Host.
    publicUrl: (store) =>
      publicUrls[store.code]?.replace(/\/$/, "") ??
      `http://${config.STORE_DOMAINS[store.code] ?? "localhost"}${config.PORT && config.PORT !== 80 ? `:${config.PORT}` : ""}`,
    log: options.log,
  });
  // Guest carts past their 30 days go once an hour, in every process (the delete is idempotent).
  const cartSweep = setInterval(() => {
    cart.deleteExpiredCarts().catch((error: unknown) => options.log?.(error));
  }, CART_SWEEP_MS);
  cartSweep.unref();
  return {
    db,
    versions,
    catalog,
    cart,
    checkout,
    mailOutbox,
    catalogRepository,
    storeDomains: config.STORE_DOMAINS,
    close() {
      versions.stop();
      clearInterval(cartSweep);
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
