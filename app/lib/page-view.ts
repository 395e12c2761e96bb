// Page views for the tag manager (spec §4, §9): after each full route change — path or query
// changed, not a hash-only change — wait 250 ms (so the new page's title is in place) and push
// `{ event: "page_view", page_path, page_location, page_title }` onto window.dataLayer.
// A navigation within those 250 ms cancels the pending push, so only the page the shopper
// stayed on is counted. This module decides when and what; the push goes through the data
// layer's one module (app/lib/analytics), after the head's consent default.
import { push } from "./analytics/index.ts";

export const PAGE_VIEW_DELAY_MS = 250;

export interface PageViewEvent {
  event: "page_view";
  /** Path and query, e.g. "/c/women?sort=price_asc". */
  page_path: string;
  /** Full address without the hash. */
  page_location: string;
  page_title: string;
}

interface LocationLike {
  pathname: string;
  search: string;
}

/** What makes two locations the same page for page views: path and query (the hash does not count). */
export function pageViewKey(location: LocationLike): string {
  return `${location.pathname}${location.search}`;
}

export function buildPageView(location: LocationLike, origin: string, title: string): PageViewEvent {
  const page_path = pageViewKey(location);
  return { event: "page_view", page_path, page_location: `${origin}${page_path}`, page_title: title };
}

export interface PageViewTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const defaultTimers: PageViewTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Schedules one push per page: `schedule(key, build)` pushes `build()` after the delay unless
 * another schedule or `cancel` comes first. The page last pushed is not pushed again until
 * another page has been scheduled (so a remount does not count the same view twice).
 */
export function createPageViewScheduler(push: (event: PageViewEvent) => void, delay = PAGE_VIEW_DELAY_MS, timers = defaultTimers) {
  let pending: unknown;
  let pendingKey: string | null = null;
  let lastPushedKey: string | null = null;

  function cancel() {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = undefined;
    pendingKey = null;
  }

  return {
    schedule(key: string, build: () => PageViewEvent) {
      if (key === pendingKey) return;
      cancel();
      // Shown again without having left it (a remount): already counted.
      if (key === lastPushedKey) return;
      lastPushedKey = null;
      pendingKey = key;
      pending = timers.setTimeout(() => {
        pending = undefined;
        pendingKey = null;
        lastPushedKey = key;
        push(build());
      }, delay);
    },
    cancel,
  };
}

/** The shop's scheduler (browser only). */
export const pageViews = createPageViewScheduler((event) => push({ ...event }));

/** Call on every location change; hash-only changes give the same key and are ignored. */
export function trackPageView(location: LocationLike) {
  pageViews.schedule(pageViewKey(location), () => buildPageView(location, window.location.origin, document.title));
}
