// The brand's mark (two white fells and a sun on the accent green, on a 32-unit square): drawn
// by the header's logo (app/components/header/logo.tsx) and, as SVG text, by the build for
// the app icons (scripts/build-pwa.ts).
export const MARK_FELLS = "M4.5 24 12.5 12l4.2 6.3L19.5 14.5 27.5 24Z";
export const MARK_SUN = { cx: 22.5, cy: 8.5, r: 2.4 } as const;

/**
 * The mark as an SVG document. radius: the square's corner (0 for a full-bleed icon the
 * platform rounds or masks itself); scale: the drawing's share of the square, centred (a
 * maskable icon keeps it inside the central safe zone).
 */
export function brandMarkSvg({ fill, radius = 7, scale = 1 }: { fill: string; radius?: number; scale?: number }): string {
  const offset = (32 * (1 - scale)) / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">`,
    `<rect width="32" height="32" rx="${radius}" fill="${fill}"/>`,
    `<g transform="translate(${offset} ${offset}) scale(${scale})">`,
    `<path d="${MARK_FELLS}" fill="#fff"/>`,
    `<circle cx="${MARK_SUN.cx}" cy="${MARK_SUN.cy}" r="${MARK_SUN.r}" fill="#fff"/>`,
    "</g></svg>",
  ].join("");
}
