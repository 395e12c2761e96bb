import type { Store } from "../catalog/service.ts";
import type { Shopper } from "../identity.ts";
import type { Services } from "../services.ts";

/** What every request handler finds on the Hono context. */
export interface AppEnv {
  Variables: {
    services: Services;
    store: Store;
    /** Who the request is for, resolved once by the /api middleware (server/http/shopper.ts). */
    shopper: Shopper;
  };
}
