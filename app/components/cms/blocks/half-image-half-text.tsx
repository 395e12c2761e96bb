// halfImageHalfText: a picture and a text side by side from 768 px (the picture on the side
// the editor chose), one above the other below.
import { useId } from "react";
import type { HalfImageHalfTextBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { CmsPicture } from "../image.tsx";
import { BlockTitle, LinkButton } from "../parts.tsx";
import { RichText } from "../rich-text.tsx";

export function HalfImageHalfText({ block }: { block: HalfImageHalfTextBlock }) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} {...blockRoot(block, "grid items-center gap-6 sm:grid-cols-2 md:gap-12")}>
      {block.image ? (
        <div className={block.imagePosition === "right" ? "sm:order-2" : ""}>
          <CmsPicture
            image={block.image}
            width={720}
            ratio={1}
            sizes="(min-width: 768px) 50vw, 100vw"
            className="h-auto w-full rounded-lg object-cover"
          />
        </div>
      ) : null}
      <div className="flex flex-col items-start gap-4">
        <BlockTitle id={heading}>{block.title}</BlockTitle>
        <RichText document={block.text} />
        {block.link ? <LinkButton link={block.link} style="secondary" /> : null}
      </div>
    </section>
  );
}
