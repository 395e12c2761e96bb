// Page-wide behaviours, mounted once in root.tsx's Layout: the loading bar, the toast area,
// the back-to-top button and page-view tracking (spec §2, §4, §8, §9).
import { useEffect } from "react";
import { useLocation } from "react-router";
import { pageViews, trackPageView } from "../../lib/page-view.ts";
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

export function PageBehaviours() {
  usePageViews();
  return (
    <>
      <ProgressBar />
      <ToastArea />
      <BackToTop />
    </>
  );
}
