// Page-wide behaviours, mounted once in root.tsx's Layout: the loading bar, the toast area,
// the back-to-top button, page-view tracking (spec §2, §4, §8, §9), the focus after a
// client-side navigation, the whole page's layout from then on (decision 0066) and the
// navigator of the shop's links (decision 0060).
import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { pageViews, trackPageView } from "../../lib/page-view.ts";
import { focusPageHeading, movesFocus, type RouteLocation } from "../../lib/route-focus.ts";
import { layOutWholePage, reopenedDocument } from "../../lib/offscreen-layout.ts";
import { LinkNavigation } from "../ui/router-link.tsx";
import { BackToTop } from "./back-to-top.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { ToastArea } from "./toasts.tsx";

/** A page view 250 ms after each change of path or query (not of the hash alone), the first page included. */
function usePageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    trackPageView({ pathname, search });
    return () => pageViews.cancel();
  }, [pathname, search]);
}

/** After a client-side navigation the new page's heading has the focus, as after a page load. */
function useRouteFocus() {
  const { pathname, search } = useLocation();
  const shown = useRef<RouteLocation | null>(null);
  useEffect(() => {
    // Runs after the new page's own effects (this sits after the page in the tree), so a page
    // that placed the focus itself (a checkout step's heading, a field with an error) keeps it.
    const active = document.activeElement;
    const focusLost = !active || active === document.body || !active.isConnected;
    if (movesFocus(shown.current, { pathname, search }, focusLost)) focusPageHeading(document);
    shown.current = { pathname, search };
  }, [pathname, search]);
}

/**
 * Marks the document once React has hydrated it (data-hydrated on <html>): the point from which
 * buttons answer. Browser tests wait for it; styles may use it for what only works with scripts.
 */
function useHydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

/**
 * The page is laid out whole (decision 0066) in a document opened again (reload, back, forward),
 * as it hydrates, and from the first navigation within the shop on: before the browser lays the
 * page out, and before React Router's scroll restoration (after this in the tree) moves to a
 * position in it.
 */
function useWholeLayoutWhereRestored() {
  const { key } = useLocation();
  const first = useRef(key);
  useLayoutEffect(() => {
    if (key !== first.current || reopenedDocument()) layOutWholePage();
  }, [key]);
}

export function PageBehaviours() {
  useHydrationMark();
  useWholeLayoutWhereRestored();
  usePageViews();
  useRouteFocus();
  return (
    <>
      <ProgressBar />
      <ToastArea />
      <BackToTop />
      <LinkNavigation />
    </>
  );
}
