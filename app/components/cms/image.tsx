// A CMS picture: sized URLs from the /img pipeline in WebP (spec §9), width and height set so
// the page does not jump, lazy unless it is near the top, the editor's description as alt text.
// With a mobile picture, that one below the small-desktop breakpoint (992 px). The page's largest
// picture (`priority`) is fetched first: high priority, and preloaded from the head for each
// breakpoint (React preloads a lone <img> by itself, but not one inside a <picture>), so the
// browser asks for it before it has read the header's HTML.
import { preload } from "react-dom";
import type { CmsImage } from "../../../lib/cms-types.ts";
import { contentImageUrl } from "../../../lib/image-url.ts";

const WIDTHS = [360, 480, 768, 992, 1440, 1920];
/** The mobile picture's breakpoint, as a media query each way. */
const MOBILE = "(max-width: 991.98px)";
const DESKTOP = "(min-width: 992px)";

/** The height that keeps the asset's own proportions at `width`. */
function heightFor(image: CmsImage, width: number): number {
  return image.width > 0 && image.height > 0 ? Math.round((width * image.height) / image.width) : Math.round((width * 2) / 3);
}

function srcSet(image: CmsImage, max: number, ratio?: number): string {
  return WIDTHS.filter((w) => w <= max * 2)
    .map((w) => `${contentImageUrl(image.url, { w, h: ratio ? Math.round(w / ratio) : heightFor(image, w), crop: Boolean(ratio) })} ${w}w`)
    .join(", ");
}

export function CmsPicture({
  image,
  mobileImage = null,
  width,
  ratio,
  sizes = "100vw",
  eager = false,
  priority = false,
  className = "",
}: {
  image: CmsImage;
  mobileImage?: CmsImage | null;
  /** The widest it is shown, in CSS pixels. */
  width: number;
  /** Width / height to crop to; the asset's own when not given. */
  ratio?: number;
  sizes?: string;
  eager?: boolean;
  /** The page's largest picture (its LCP element): eager, high priority and preloaded. */
  priority?: boolean;
  className?: string;
}) {
  const height = ratio ? Math.round(width / ratio) : heightFor(image, width);
  const src = contentImageUrl(image.url, { w: width, h: height, crop: Boolean(ratio) });
  const set = srcSet(image, width, ratio);
  const mobileSet = mobileImage ? srcSet(mobileImage, 992) : "";
  if (priority && mobileImage) {
    preload(src, { as: "image", imageSrcSet: mobileSet, imageSizes: "100vw", media: MOBILE, fetchPriority: "high" });
    preload(src, { as: "image", imageSrcSet: set, imageSizes: sizes, media: DESKTOP, fetchPriority: "high" });
  }
  const img = (
    <img
      src={src}
      srcSet={set}
      sizes={sizes}
      alt={image.description}
      width={width}
      height={height}
      {...(priority
        ? { fetchPriority: "high" as const }
        : { loading: eager ? ("eager" as const) : ("lazy" as const), decoding: "async" as const })}
      className={className}
    />
  );
  if (!mobileImage) return img;
  return (
    <picture>
      {/* Its own proportions: the box keeps the mobile picture's shape before it loads (else it grows when it comes). */}
      <source media={MOBILE} srcSet={mobileSet} sizes="100vw" width={992} height={heightFor(mobileImage, 992)} />
      {img}
    </picture>
  );
}
