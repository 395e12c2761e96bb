// The installable shop (docs/decisions/0030): what the manifest, the page head, the build
// and the service worker must agree on.

/** The shop's palette (app/app.css --color-accent, --color-paper). */
export const THEME_COLOR = "#1f5c4a";
export const BACKGROUND_COLOR = "#ffffff";

export const SERVICE_WORKER_PATH = "/sw.js";
export const MANIFEST_PATH = "/manifest.webmanifest";
export const OFFLINE_PATH = "/offline";

/** Icons the build draws from the brand's mark (lib/brand-mark.ts) into build/client/icons. */
export const ICONS = {
  any192: { src: "/icons/icon-192.png", size: 192 },
  any512: { src: "/icons/icon-512.png", size: 512 },
  maskable512: { src: "/icons/maskable-512.png", size: 512 },
  appleTouch: { src: "/icons/apple-touch-icon.png", size: 180 },
} as const;

/**
 * Catalogue pages: the same for every guest, so the service worker may keep the last copy of
 * each for offline reading, and the frame's data such a page hydrates with (`/frame`, decision 0053). Everything else a shopper navigates to (cart, checkout, account,
 * forms…) is theirs and goes to the network only.
 */
export function isCataloguePath(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "");
  return (
    path === "/" ||
    path === "/_root" ||
    path === "/frame" ||
    path === "/searchresults" ||
    path.startsWith("/c/") ||
    path.startsWith("/p/") ||
    path.startsWith("/content/")
  );
}

/** Where the cart page keeps the last cart it showed, in the shopper's own browser. */
export const LAST_CART_KEY = "kauppa.lastCart";

/** The message a page sends the waiting service worker to take over (decision 0030). */
export const SKIP_WAITING = "SKIP_WAITING";
/** The worker's question to each open window: which page it shows now (its own URL stays the one it loaded). */
export const CURRENT_PATH = "CURRENT_PATH";
/**
 * A page asks the worker to keep the page it moved to within the app (its document was never
 * loaded, only its data): `{ type: KEEP_PAGE, path }`, so it opens offline as a page loaded whole.
 */
export const KEEP_PAGE = "KEEP_PAGE";

/** Where the offline page's retry goes (its `from` parameter): a path of this shop only, never another site. */
export function retryTarget(search: string): string {
  const from = new URLSearchParams(search).get("from") ?? "";
  return from.startsWith("/") && !from.startsWith("//") && !from.startsWith("/\\") ? from : "/";
}
