// Registers the shop's service worker (docs/decisions/0030) once the page has loaded and the
// browser is idle — never in the way of hydration — and only in a production build.
//
// A new version installs in the background and then waits: switching the worker under an open
// checkout could mix one version's pages with another's. It takes over on the shopper's next
// navigation, when the page asks it to (the worker itself declines while any window is on a
// checkout page). A version found waiting when a page loads is taken over by that load, which
// is itself a navigation.
import { useEffect, useRef } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import type { Workbox } from "workbox-window";
import { CURRENT_PATH, isCataloguePath, KEEP_PAGE, SERVICE_WORKER_PATH } from "../../lib/pwa.ts";
import { whenIdle } from "./when-idle.ts";

let workbox: Workbox | null = null;
let started = false;

const onCheckout = (pathname: string) => pathname.startsWith("/checkout");

/** A version waiting (found by this page or another) is asked to take over, unless this page is a checkout. */
function takeOverIfSafe() {
  // Workbox posts to the registration's waiting worker, if there is one; the worker itself
  // declines while a checkout is open in any window, so it is asked again each navigation.
  if (workbox && !onCheckout(window.location.pathname)) workbox.messageSkipWaiting();
}

/** Tells a worker asking (a new version about to take over) which page this window shows now. */
function answerWorkers() {
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === CURRENT_PATH) event.ports[0]?.postMessage(window.location.pathname);
  });
  navigator.serviceWorker.startMessages();
}

async function register() {
  if (started || !("serviceWorker" in navigator)) return;
  started = true;
  answerWorkers();
  try {
    // Loaded here, in the browser only and after the page is up: nothing of it in the first scripts.
    const { Workbox } = await import("workbox-window");
    const wb = new Workbox(SERVICE_WORKER_PATH, { scope: "/" });
    await wb.register();
    workbox = wb;
    // Marked on <html> as hydration is: the page's registration has settled (a version it
    // found new is installing), so a check made now sees what this page has done.
    document.documentElement.dataset.serviceWorker = "registered";
    // A version already waiting when this page loaded: this load was the navigation it waited for.
    takeOverIfSafe();
  } catch (error) {
    console.warn("service worker not registered", error);
  }
}

/** Asks the worker in charge to keep a page, unless a new version waits to take over (it would only delay that). */
async function keepPage(path: string) {
  const controller = navigator.serviceWorker?.controller;
  if (!controller || (await navigator.serviceWorker.getRegistration())?.waiting) return;
  controller.postMessage({ type: KEEP_PAGE, path });
}

/** Called once from the root: registers after load, and offers a waiting version each navigation. */
export function useServiceWorker() {
  const location = useLocation();
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const start = () =>
      "requestIdleCallback" in window
        ? window.requestIdleCallback(() => void register(), { timeout: 5000 })
        : setTimeout(() => void register(), 1000);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (a new location key) is the moment to take over
  useEffect(takeOverIfSafe, [location.key]);
  // A page reached within the app: the worker keeps its document too, once the browser is idle.
  const first = useRef(location.key);
  useEffect(() => {
    if (location.key === first.current) return;
    const path = `${location.pathname}${location.search}`;
    if (!isCataloguePath(location.pathname)) return;
    return whenIdle(() => void keepPage(path));
  }, [location.key, location.pathname, location.search]);
}

const OFFLINE_RELOAD_KEY = "kauppa:offline-reload";

/**
 * A failed fetch (of a page's data or a script): browsers throw a TypeError, each with its own
 * words ("Failed to fetch", "NetworkError when…", "Load failed", "…dynamically imported module").
 */
const isNetworkFailure = (error: unknown) => error instanceof TypeError && /fetch|network|load failed|import/i.test(error.message);

/**
 * A move within the app that failed offline (its data could not be fetched): the page is loaded
 * again as a whole, which the worker answers with its copy or the offline page. Once per
 * address within a minute, so a page that fails for another reason cannot reload in a loop.
 * navigator.onLine alone is not trusted: it says "online" on a network that reaches nothing,
 * and a page loaded while offline may not know it is.
 */
export function useReloadWhenOffline(error: unknown) {
  useEffect(() => {
    if (isRouteErrorResponse(error) || !navigator.serviceWorker?.controller) return;
    if (navigator.onLine && !isNetworkFailure(error)) return;
    const last = (sessionStorage.getItem(OFFLINE_RELOAD_KEY) ?? "").split(" ");
    if (last[1] === window.location.href && Date.now() - Number(last[0]) < 60_000) return;
    sessionStorage.setItem(OFFLINE_RELOAD_KEY, `${Date.now()} ${window.location.href}`);
    window.location.reload();
  }, [error]);
}
