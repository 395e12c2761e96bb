// faqBlock: questions as native disclosure widgets (<details>/<summary>): keyboard and screen
// readers work as everywhere, and they open without JavaScript.
import { useId } from "react";
import type { FaqBlock as FaqBlockData } from "../../../../lib/cms-types.ts";
import { ChevronIcon } from "../../ui/icons.tsx";
import { blockRoot } from "../block-root.ts";
import { BlockTitle } from "../parts.tsx";
import { RichText } from "../rich-text.tsx";

export function FaqBlock({ block }: { block: FaqBlockData }) {
  const heading = useId();
  return (
    <section aria-labelledby={block.title ? heading : undefined} {...blockRoot(block, "mx-auto flex w-full max-w-3xl flex-col gap-4")}>
      {block.title ? <BlockTitle id={heading}>{block.title}</BlockTitle> : null}
      <div className="divide-y divide-line border-y border-line">
        {block.items.map((item) => (
          <details key={item.id} className="group">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 py-3 font-medium [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronIcon size={20} className="shrink-0 transition-transform group-open:rotate-180" />
            </summary>
            <RichText document={item.answer} className="pb-4 text-muted" />
          </details>
        ))}
      </div>
    </section>
  );
}
