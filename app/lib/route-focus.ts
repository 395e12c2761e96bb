// Focus after a client-side navigation. A server-rendered page load starts a keyboard or
// screen-reader user at the top of the new page; a client navigation would leave the focus on
// <body> (the link that had it is gone), so the next Tab continued mid-page. The new page's
// main heading takes the focus instead, which also announces it.

export interface RouteLocation {
  pathname: string;
  search: string;
}

/**
 * Whether a navigation from `previous` to `next` moves the focus to the page heading.
 * - the first load (no previous): no, the browser starts at the top itself;
 * - another path: yes, a new page;
 * - the same path with another query (a filter, the sort, a page of a listing): only when the
 *   focus was lost with the element that had it — a shopper ticking filters keeps their place;
 * - the hash alone: no, the browser moves to the anchor.
 */
export function movesFocus(previous: RouteLocation | null, next: RouteLocation, focusLost: boolean): boolean {
  if (!previous) return false;
  if (previous.pathname !== next.pathname) return true;
  if (previous.search !== next.search) return focusLost;
  return false;
}

/** Focuses the page's main heading (made focusable, not tabbable), else the main landmark. */
export function focusPageHeading(doc: Document) {
  const target =
    doc.querySelector<HTMLElement>("main h1") ?? doc.querySelector<HTMLElement>("h1") ?? doc.querySelector<HTMLElement>("main");
  if (!target) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  // Scrolling stays with the router's scroll restoration (top for a new page, the old place on Back).
  target.focus({ preventScroll: true });
}
