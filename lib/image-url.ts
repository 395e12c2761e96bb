// Sized image URLs for the /img endpoint (spec §9: image URLs get fm=webp; thumbnails
// 100×140, fit bounds, quality 80).
export interface ImageSize {
  w: number;
  h?: number;
  fit?: "bounds" | "cover" | "contain";
  q?: number;
  fm?: "webp" | "avif" | "jpg";
}

/**
 * The only sizes product pictures are drawn at (docs/decisions/0034): the widths the shop's
 * pages use, heights in the pictures' 5:7, and a few qualities. Another value is sent on to
 * the next larger one of its kind, so the variants of a picture are few; the shop's own URLs
 * name these already (imageUrl rounds the same way) and are never redirected.
 */
export const PRODUCT_IMAGE_WIDTHS = [100, 120, 160, 200, 300, 400, 600, 800, 1000, 1200, 1400, 2000] as const;
export const PRODUCT_IMAGE_HEIGHTS = PRODUCT_IMAGE_WIDTHS.map((w) => Math.round((w * 7) / 5));
export const IMAGE_QUALITIES = [40, 60, 80, 90, 100] as const;

/** The smallest value of `set` (ascending) at least `value`; the largest if none is. */
export function roundUpTo(set: readonly number[], value: number): number {
  return set.find((v) => v >= value) ?? (set[set.length - 1] as number);
}

export function imageUrl(url: string, size: ImageSize): string {
  if (!url) return "";
  const w = roundUpTo(PRODUCT_IMAGE_WIDTHS, size.w);
  const h = size.h ? roundUpTo(PRODUCT_IMAGE_HEIGHTS, size.h) : undefined;
  // Numbers and names that need no escaping, written directly: a category page writes 180 of
  // these addresses per render.
  let query = h ? `w=${w}&h=${h}` : `w=${w}`;
  // Fit and quality only when asked for: the image route's defaults are the spec's (bounds,
  // 80), and written out they were 26 bytes of HTML per address, 23 addresses on a product page.
  if (size.fit) query += `&fit=${size.fit}`;
  if (size.q !== undefined) query += `&q=${roundUpTo(IMAGE_QUALITIES, size.q)}`;
  return `${url}?${query}&fm=${size.fm ?? "webp"}`;
}

/** A srcset over widths keeping the 5:7 portrait ratio of product images. */
export function imageSrcSet(url: string, widths: number[], q?: number): string {
  return widths
    .map((width) => roundUpTo(PRODUCT_IMAGE_WIDTHS, width))
    .map((w) => `${imageUrl(url, { w, h: Math.round((w * 7) / 5), q })} ${w}w`)
    .join(", ");
}

/**
 * A CMS picture (/img/c/…) sized with Contentful's image parameters, which its route takes:
 * `fit=fill` crops to the box; without a fit the picture keeps its proportions within it.
 */
export function contentImageUrl(
  url: string,
  { w, h, crop = false, q = 80, fm = "webp" }: Omit<ImageSize, "fit"> & { crop?: boolean },
): string {
  if (!url) return "";
  const params = new URLSearchParams({ w: String(w) });
  if (h) params.set("h", String(h));
  if (crop) params.set("fit", "fill");
  params.set("q", String(q));
  params.set("fm", fm);
  return `${url}?${params}`;
}
