// The shop's service worker (docs/decisions/0030), bundled and given its precache list by
// scripts/build-pwa.ts. It keeps the app shell and the offline page, reads catalogue pages
// from the network first (their last copy when the network is slow or down), keeps images and
// hashed assets for reuse, and never keeps anything of one shopper: /api answers and the cart,
// checkout and account pages always go to the network (the offline page when it is down).
import { clientsClaim } from "workbox-core";
import type { ManualHandlerCallbackOptions } from "workbox-core/types.js";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from "workbox-strategies";
import { CURRENT_PATH, isCataloguePath, KEEP_PAGE, OFFLINE_PATH, SKIP_WAITING } from "../../lib/pwa.ts";

// The few parts of the worker's global scope used here (the app's types are the window's).
interface WindowClient {
  url: string;
  postMessage(message: unknown, transfer: Transferable[]): void;
}
interface ExtendableMessageEvent {
  data: unknown;
  waitUntil(promise: Promise<unknown>): void;
}
declare const self: {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  location: Location;
  registration: { waiting: unknown };
  skipWaiting(): Promise<void>;
  clients: { matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]> };
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
};

const DAY = 24 * 60 * 60;

// The offline page is asked for as /offline?from=…: every query parameter is ignored when
// looking in the precache (the shell's files have none).
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

/** A copy to keep only when it is the same for every guest: never a page marked private or no-store. */
const sharedOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    const control = response.headers.get("Cache-Control") ?? "";
    return response.status === 200 && !/private|no-store/i.test(control) ? response : null;
  },
};

// The shopper's API answers (cart, auth, wishlist, checkout, account…): network only, never kept.
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/api/"), new NetworkOnly());

// Catalogue pages and their data requests: the network first, its last copy after 3 s or offline.
const pages = new NetworkFirst({
  cacheName: "kauppa-pages",
  networkTimeoutSeconds: 3,
  plugins: [sharedOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true })],
});
registerRoute(({ url, request, sameOrigin }) => sameOrigin && request.method === "GET" && isCataloguePath(url.pathname), pages);

// Every other page (cart, checkout, account, forms…) is the shopper's: network only.
registerRoute(({ request }) => request.mode === "navigate", new NetworkOnly());

// Product images and hashed assets change name when they change: the kept copy at once, refreshed behind.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/img/"),
  new StaleWhileRevalidate({
    cacheName: "kauppa-images",
    plugins: [sharedOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new StaleWhileRevalidate({
    cacheName: "kauppa-assets",
    plugins: [sharedOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 365 * DAY, purgeOnQuotaError: true })],
  }),
);

// A page that could not be loaded from the network or a copy: the offline page, told where the
// shopper was going so that its retry goes there (a redirect, so the page hydrates as itself).
setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate" || !url) return Response.error();
  const offline = new URL(OFFLINE_PATH, self.location.origin);
  offline.searchParams.set("from", `${url.pathname}${url.search}`);
  return Response.redirect(offline.href, 302);
});

// A catalogue page reached within the app (only its data was fetched): its document is fetched
// and kept too, so every page the shopper has seen opens offline, however it was reached.
self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; path?: unknown } | null;
  if (data?.type !== KEEP_PAGE || typeof data.path !== "string") return;
  // A new version waiting to take over: this one takes on no work that would keep it busy.
  if (self.registration.waiting) return;
  const url = new URL(data.path, self.location.origin);
  if (url.origin !== self.location.origin || !isCataloguePath(url.pathname)) return;
  const request = new Request(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
  // The message event extends the worker's lifetime as a fetch event would (both are ExtendableEvents).
  event.waitUntil(pages.handle({ request, event: event as unknown as ManualHandlerCallbackOptions["event"] }).catch(() => undefined));
});

// A new version waits until a page asks it to take over, on the shopper's next navigation, and
// never while a checkout is open in any window: its pages and assets stay those of the version
// that started it (decision 0030).
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type !== SKIP_WAITING) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const paths = await Promise.all(windows.map(currentPath));
      if (paths.some((path) => path.startsWith("/checkout"))) return;
      await self.skipWaiting();
    })(),
  );
});

/**
 * The page a window shows now. A window's URL is the one it loaded, not where the app has moved
 * since (from the cart to the checkout, say), so the worker asks the page; a page that does not
 * answer within a second (no app running) is taken at its URL.
 */
function currentPath(client: WindowClient): Promise<string> {
  const loaded = new URL(client.url).pathname;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(loaded), 1000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(typeof event.data === "string" ? event.data : loaded);
    };
    client.postMessage({ type: CURRENT_PATH }, [channel.port2]);
  });
}

// The first version takes the open pages at once (there is no older one to break); later
// versions activate only through the message above.
clientsClaim();
