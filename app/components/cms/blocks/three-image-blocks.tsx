// threeImageBlocks: three pictures with captions side by side from 768 px.
import { useId } from "react";
import type { ThreeImageBlocksBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { BlockTitle, CardTile } from "../parts.tsx";

export function ThreeImageBlocks({ block }: { block: ThreeImageBlocksBlock }) {
  const heading = useId();
  return (
    <section aria-labelledby={block.title ? heading : undefined} {...blockRoot(block, "flex flex-col gap-4")}>
      {block.title ? <BlockTitle id={heading}>{block.title}</BlockTitle> : null}
      <ul className="grid gap-6 sm:grid-cols-3">
        {block.items.slice(0, 3).map((card) => (
          <li key={card.id}>
            <CardTile card={card} ratio={3 / 4} width={480} sizes="(min-width: 768px) 31vw, 100vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}
