// fullWidthBanner: a picture across the page (its mobile picture below 992 px) with the title,
// text and link over it; on small screens the text sits below the picture, where it stays legible.
import { useId } from "react";
import type { FullWidthBannerBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { CmsPicture } from "../image.tsx";
import { BlockTitle, LinkButton } from "../parts.tsx";
import { RichText } from "../rich-text.tsx";

/** A light text colour (#fff, #f3f1ec …) gets a dark veil on the picture behind it, so it stays legible on any photo. */
export function isLightColour(hex: string): boolean {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return false;
  const full = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0) > 0.6;
}

const VEIL = {
  left: "md:bg-gradient-to-r md:from-black/55 md:via-black/25 md:to-transparent",
  center: "md:bg-black/35",
  right: "md:bg-gradient-to-l md:from-black/55 md:via-black/25 md:to-transparent",
} as const;

const POSITION = {
  left: "md:items-start md:text-left",
  center: "md:items-center md:text-center",
  right: "md:items-end md:text-right",
} as const;

export function FullWidthBanner({ block, eager = false }: { block: FullWidthBannerBlock; eager?: boolean }) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} {...blockRoot(block, "relative overflow-hidden rounded-lg bg-mist")}>
      {block.image ? (
        <CmsPicture
          image={block.image}
          mobileImage={block.mobileImage}
          width={1440}
          ratio={12 / 5}
          priority={eager}
          className="h-auto w-full object-cover"
        />
      ) : null}
      <div
        className={`flex flex-col items-start gap-3 p-5 md:absolute md:inset-0 md:justify-center md:p-12 ${POSITION[block.textPosition]} ${block.textColor ? "md:text-[var(--banner-text)]" : ""} ${block.image && isLightColour(block.textColor) ? VEIL[block.textPosition] : ""}`}
        style={block.textColor ? ({ "--banner-text": block.textColor } as React.CSSProperties) : undefined}
      >
        <BlockTitle id={heading} className="md:text-4xl">
          {block.title}
        </BlockTitle>
        <RichText document={block.text} className="max-w-xl md:text-lg" />
        {block.link ? <LinkButton link={block.link} /> : null}
      </div>
    </section>
  );
}
