// Back-to-top button (spec §2, §9): shown after scrolling more than 200 px on pages whose
// main content (#main) is taller than 3 × the window; scroll handling debounced 50 ms, resize
// 100 ms. Scrolls smoothly to the top (instantly with reduced motion) and moves focus to
// #main, so keyboard users continue from the top of the content. A route can opt out with
// `export const handle = { backToTop: false }`.
import { useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { debounce, RESIZE_DEBOUNCE_MS, SCROLL_DEBOUNCE_MS, shouldShowBackToTop } from "./back-to-top-rules.ts";

const MAIN_ID = "main";

function measure(): boolean {
  const main = document.getElementById(MAIN_ID);
  if (!main) return false;
  return shouldShowBackToTop({
    scrollY: window.scrollY,
    mainHeight: main.getBoundingClientRect().height,
    windowHeight: window.innerHeight,
  });
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** Focus #main without scrolling (the smooth scroll is under way); it becomes focusable only for this. */
function focusMain() {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  if (!main.hasAttribute("tabindex")) {
    main.setAttribute("tabindex", "-1");
    main.addEventListener("blur", () => main.removeAttribute("tabindex"), { once: true });
  }
  main.focus({ preventScroll: true });
}

export function BackToTop() {
  const t = useT();
  const location = useLocation();
  const matches = useMatches();
  const optedOut = matches.some((m) => (m.handle as { backToTop?: boolean } | undefined)?.backToTop === false);
  const [visible, setVisible] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key re-measures on every navigation (another page, another height).
  useEffect(() => {
    if (optedOut) {
      setVisible(false);
      return;
    }
    const update = () => setVisible(measure());
    const onScroll = debounce(update, SCROLL_DEBOUNCE_MS);
    const onResize = debounce(update, RESIZE_DEBOUNCE_MS);
    update(); // a new page, or a restored scroll position
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onResize);
    return () => {
      onScroll.cancel();
      onResize.cancel();
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onResize);
    };
  }, [optedOut, location.key]);

  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
        focusMain();
      }}
      aria-label={t("page.backToTop")}
      data-back-to-top=""
      title={t("page.backToTop")}
      className="fixed right-4 bottom-4 z-40 inline-flex size-12 items-center justify-center rounded-full bg-accent text-white shadow-lg hover:bg-accent-dark sm:right-6 sm:bottom-6"
    >
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </button>
  );
}
