// The sticky header's behaviour on scroll (spec §9: header offset 78 px on desktop, 0 on phones,
// up-tolerance 2; scroll debounce 50 ms): it slides away while the page scrolls down past the
// offset and comes back as soon as the page scrolls up by more than the tolerance, or reaches
// the top. A pure rule, so the browser's hook (app/components/header/header.tsx) stays small.

export const HEADER_OFFSET_DESKTOP = 78;
export const HEADER_UP_TOLERANCE = 2;
export const SCROLL_DEBOUNCE_MS = 50;

export interface HeaderScroll {
  hidden: boolean;
  /** The scroll position the last decision was made at. */
  y: number;
}

/** The header's state after the page scrolled to `y`, with the offset of this width. */
export function headerAfterScroll(state: HeaderScroll, y: number, offset: number): HeaderScroll {
  if (y <= offset) return { hidden: false, y };
  if (y > state.y) return { hidden: true, y };
  if (state.y - y > HEADER_UP_TOLERANCE) return { hidden: false, y };
  // A jiggle upwards within the tolerance changes nothing, and is measured from where it started.
  return state;
}
