// The desktop menu's "More" (issue 37: every top link reachable at every width from 992 px): the
// row shows as many of its items as fit, and the rest are links in a small popover at its end —
// the "priority+" pattern. The row is measured in the browser (the names and the CMS's links
// differ by store and by login state); without JavaScript the row scrolls sideways instead.
import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { useDismiss } from "../../lib/use-dismiss.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ChevronIcon } from "../ui/icons.tsx";

/** Room kept for the "More" button before it has been drawn (px). */
const MORE_ROOM = 120;

/**
 * How many of the row's items (the list's children, in order) fit beside the "More" button:
 * all of them when the whole row fits. Measured whenever the room changes and once the fonts
 * have loaded; an item's width is remembered from when it was last shown.
 */
export function useItemsThatFit(list: RefObject<HTMLElement | null>, more: RefObject<HTMLElement | null>, count: number): number {
  const [fit, setFit] = useState(count);
  const widths = useRef<number[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another number of items (a link for customers only) is measured again.
  useLayoutEffect(() => {
    const row = list.current;
    const room = row?.parentElement;
    if (!row || !room) return;
    const measure = () => {
      const items = [...row.children] as HTMLElement[];
      items.forEach((item, i) => {
        if (!item.hidden) widths.current[i] = item.getBoundingClientRect().width;
      });
      const all = widths.current.slice(0, items.length);
      const available = room.clientWidth;
      if (all.reduce((sum, w) => sum + w, 0) <= available) return setFit(items.length);
      const left = available - (more.current?.offsetWidth || MORE_ROOM);
      let used = 0;
      let n = 0;
      while (n < all.length && used + (all[n] ?? 0) <= left) used += all[n++] ?? 0;
      setFit(n);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(room);
    void document.fonts?.ready.then(measure);
    return () => observer.disconnect();
  }, [list, more, count]);
  return Math.min(fit, count);
}

/** The "More" button and its popover of the items that did not fit (nothing when all fit). */
export function MenuMore({
  buttonRef,
  hidden,
  children,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  hidden: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  useDismiss(open, setOpen, wrapper, buttonRef);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (path or query) closes the popover.
  useLayoutEffect(() => setOpen(false), [pathname, search]);
  // Only scripts measure the row: the page's HTML (every page's) carries no "More".
  if (!useHydrated()) return null;
  return (
    <div ref={wrapper} className="relative flex h-full shrink-0 items-stretch" hidden={hidden}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="menu-text gap-1 px-3"
      >
        {t("shell.mega.more")}
        <ChevronIcon size={16} className={open ? "rotate-180 transition-transform" : "transition-transform"} />
      </button>
      <ul id={id} hidden={!open} className="menu-more-list">
        {children}
      </ul>
    </div>
  );
}
