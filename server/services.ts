// The domain services, created once per process and shared by the API and the pages
// (handed to React Router as its load context).
import { createCartRepository } from "./cart/repository.ts";
import { createCartService } from "./cart/service.ts";
import { createCatalogRepository } from "./catalog/repository.ts";
import { createCatalogService } from "./catalog/service.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { createDataVersions } from "./data-versions.ts";

export async function createServices(db: Db, config: Pick<Config, "STORE_DOMAINS">, options: { pollMs?: number } = {}) {
  const versions = await createDataVersions(db, options.pollMs);
  const catalogRepository = createCatalogRepository(db);
  const catalog = createCatalogService(catalogRepository, versions);
  const cart = createCartService(createCartRepository(db));
  return {
    db,
    versions,
    catalog,
    cart,
    catalogRepository,
    storeDomains: config.STORE_DOMAINS,
    close() {
      versions.stop();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
