// A row of items that scrolls sideways (CSS scroll snap), with previous / next buttons once the
// page has JavaScript: recommendations, CMS product sliders and image lists. Without
// JavaScript the row still scrolls by touch, trackpad or the keyboard on its links.
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useT } from "../../lib/i18n.ts";
import { ArrowLeftIcon, ArrowRightIcon } from "./icons.tsx";

export function Slider({
  children,
  header,
  label,
  className = "",
  listClassName = "",
}: {
  /** The <li> items; their width decides how many show. */
  children: ReactNode;
  /** The list's heading, in one row with the buttons. */
  header?: ReactNode;
  /** The list's accessible name, when the heading around it does not name it. */
  label?: string;
  className?: string;
  listClassName?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const list = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ start: true, end: false });
  // What the buttons show, to skip a measure that changes nothing: a set state renders again
  // even at the same value while hydration's switch is pending (issue 16).
  const shown = useRef(ends);

  const measure = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const start = element.scrollLeft <= 1;
    const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    if (start === shown.current.start && end === shown.current.end) return;
    shown.current = { start, end };
    setEnds(shown.current);
  }, []);
  // Measured when the browser lays the row out (a ResizeObserver's first call, then each change of
  // its width), not in the effect: reading its widths there forced a layout inside the page's
  // hydration (issue 16).
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  const scroll = (direction: 1 | -1) => {
    const element = list.current;
    if (!element) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: smooth ? "smooth" : "auto" });
  };

  const button =
    "flex h-11 w-11 items-center justify-center rounded-full border border-line bg-white hover:border-ink disabled:cursor-default disabled:opacity-40 disabled:hover:border-line";
  return (
    <div className={className}>
      <div className="mb-3 flex items-end justify-between gap-4 empty:hidden">
        {header}
        {hydrated && !(ends.start && ends.end) ? (
          <div className="ml-auto flex shrink-0 gap-2">
            <button type="button" className={button} onClick={() => scroll(-1)} disabled={ends.start} aria-label={t("cms.slider.previous")}>
              <ArrowLeftIcon size={20} />
            </button>
            <button type="button" className={button} onClick={() => scroll(1)} disabled={ends.end} aria-label={t("cms.slider.next")}>
              <ArrowRightIcon size={20} />
            </button>
          </div>
        ) : null}
      </div>
      <ul
        ref={list}
        aria-label={label}
        onScroll={measure}
        className={`flex snap-x snap-mandatory gap-4 overflow-x-auto overscroll-x-contain pb-2 [&>li]:shrink-0 [&>li]:snap-start ${listClassName}`}
      >
        {children}
      </ul>
    </div>
  );
}
