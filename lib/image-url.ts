// Sized image URLs for the /img endpoint (spec §9: image URLs get fm=webp; thumbnails
// 100×140, fit bounds, quality 80).
export interface ImageSize {
  w: number;
  h?: number;
  fit?: "bounds" | "cover" | "contain";
  q?: number;
  fm?: "webp" | "avif" | "jpg";
}

export function imageUrl(url: string, { w, h, fit = "bounds", q = 80, fm = "webp" }: ImageSize): string {
  if (!url) return "";
  const params = new URLSearchParams({ w: String(w) });
  if (h) params.set("h", String(h));
  params.set("fit", fit);
  params.set("q", String(q));
  params.set("fm", fm);
  return `${url}?${params}`;
}

/** A srcset over widths keeping the 5:7 portrait ratio of product images. */
export function imageSrcSet(url: string, widths: number[], q = 80): string {
  return widths.map((w) => `${imageUrl(url, { w, h: Math.round((w * 7) / 5), q })} ${w}w`).join(", ");
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
