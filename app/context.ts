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
}

export const shopContext = createContext<ShopContext>();
