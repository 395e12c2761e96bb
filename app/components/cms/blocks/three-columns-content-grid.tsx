// threeColumnsContentGrid: three columns of rich text (one below another on phones).
import { useId } from "react";
import type { ThreeColumnsContentGridBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { BlockTitle } from "../parts.tsx";
import { RichText } from "../rich-text.tsx";

export function ThreeColumnsContentGrid({ block }: { block: ThreeColumnsContentGridBlock }) {
  const heading = useId();
  return (
    <section aria-labelledby={block.title ? heading : undefined} {...blockRoot(block, "flex flex-col gap-6")}>
      {block.title ? <BlockTitle id={heading}>{block.title}</BlockTitle> : null}
      <div className="grid gap-8 sm:grid-cols-3">
        {block.columns.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed places, not a list that reorders
          <RichText key={index} document={column} />
        ))}
      </div>
    </section>
  );
}
