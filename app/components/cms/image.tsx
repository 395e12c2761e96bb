// A CMS picture: sized URLs from the /img pipeline in WebP (spec §9), width and height set so
// the page does not jump, lazy unless it is near the top, the editor's description as alt text.
// With a mobile picture, that one below the small-desktop breakpoint (992 px).
import type { CmsImage } from "../../../lib/cms-types.ts";
import { contentImageUrl } from "../../../lib/image-url.ts";

const WIDTHS = [360, 480, 768, 992, 1440, 1920];

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
  className?: string;
}) {
  const height = ratio ? Math.round(width / ratio) : heightFor(image, width);
  const img = (
    <img
      src={contentImageUrl(image.url, { w: width, h: height, crop: Boolean(ratio) })}
      srcSet={srcSet(image, width, ratio)}
      sizes={sizes}
      alt={image.description}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
  if (!mobileImage) return img;
  return (
    <picture>
      <source media="(max-width: 991.98px)" srcSet={srcSet(mobileImage, 992)} sizes="100vw" />
      {img}
    </picture>
  );
}
