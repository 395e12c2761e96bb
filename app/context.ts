// What loaders and actions get from the server (Hydrogen habit: services come from the
// load context; route modules never open their own connections).
import { createContext } from "react-router";
import type { Store } from "../server/catalog/service.ts";
import type { Shopper } from "../server/identity.ts";
import type { Services } from "../server/services.ts";
import type { FrameData } from "./lib/frame.server.ts";

export interface ShopContext {
  services: Services;
  store: Store;
  /** Origin of each store ("http://fi.localhost:3000"), for canonical and hreflang links. */
  origins: Record<string, string>;
  /** The client's address (server/http/client-address.ts), for limits per address such as failed logins. */
  clientAddress: string;
  /** This render's Content-Security-Policy nonce: every inline script of the page carries it (decision 0029). */
  nonce: string;
  /** The shopper has made a cookie choice (which one is personal; that there is one is not): no consent banner. */
  consentChosen: boolean;
  /**
   * A part of the page's frame could not be loaded and is shown empty (spec §7: top menu and
   * banner failures give empty lists): logged, and the page is kept out of the shared cache.
   */
  degraded(part: string, error: unknown): void;
  /** An unexpected error of a loader, an action or a render: into the shop's structured log (never the console's plain text). */
  logError(error: unknown): void;
  /**
   * The request's shopper (customer or guest, cart id, consent), resolved when first read.
   * Reading it makes the render personal: answered `private, no-store` and never kept in the
   * guest HTML cache, whatever the route's Cache-Control says. Catalogue pages must not read
   * it (their personal parts come from the API in the browser). The request a render gets has
   * no Cookie, Authorization or cart header: this is the only way to the shopper's identity.
   */
  readonly shopper: Promise<Shopper>;
  /** One of the request's cookies (lib/cookies.ts names them); reading one makes the render personal too. */
  cookie(name: string): string | null;
}

export const shopContext = createContext<ShopContext>();

/** The frame the root loader loaded for this render (app/lib/frame.server.ts), which entry.server renders with. */
export const frameContext = createContext<FrameData | null>(null);
