// What loaders and actions get from the server (Hydrogen habit: services come from the
// load context; route modules never open their own connections).
import { createContext } from "react-router";
import type { Store } from "../server/catalog/service.ts";
import type { Services } from "../server/services.ts";

export interface ShopContext {
  services: Services;
  store: Store;
  /** Origin of each store ("http://fi.localhost:3000"), for canonical and hreflang links. */
  origins: Record<string, string>;
  /**
   * A part of the page's frame could not be loaded and is shown empty (spec §7: top menu and
   * banner failures give empty lists): logged, and the page is kept out of the shared cache.
   */
  degraded(part: string, error: unknown): void;
}

export const shopContext = createContext<ShopContext>();
