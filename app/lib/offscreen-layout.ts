// A first page's parts far below its first screen (the footer, a landing page's later blocks, a
// listing's later rows) are laid out when they come near the screen (`content-visibility: auto`
// in app.css, decision 0066): the page's first layout, which a phone spends most of its first
// second on, covers what is in view. Until then their height is an estimate, so a scroll position
// restored into such a page could land elsewhere. The whole page is therefore laid out as usual
// where a position is restored: in a document opened again (reload, back, forward) and from the
// first navigation within the shop on (React Router's scroll restoration).

/** Lays the whole page out from now on, as without the deferral. */
export function layOutWholePage() {
  document.documentElement.dataset.wholeLayout = "";
}

/** Whether this document was opened again (reload, back or forward), where a scroll position is restored. */
export function reopenedDocument(): boolean {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type === "reload" || entry?.type === "back_forward";
}
