import type { Store } from "../catalog/service.ts";
import type { Services } from "../services.ts";

/** What every request handler finds on the Hono context. */
export interface AppEnv {
  Variables: {
    services: Services;
    store: Store;
  };
}
