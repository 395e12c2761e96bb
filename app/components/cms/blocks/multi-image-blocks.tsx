// multiImageBlocks: any number of pictures with captions, as a grid or a slider.
import { useId } from "react";
import type { MultiImageBlocksBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { BlockTitle, CardTile, Collection } from "../parts.tsx";

export function MultiImageBlocks({ block }: { block: MultiImageBlocksBlock }) {
  const heading = useId();
  return (
    <section aria-labelledby={block.title ? heading : undefined} {...blockRoot(block)}>
      <Collection
        header={block.title ? <BlockTitle id={heading}>{block.title}</BlockTitle> : null}
        displayMode={block.displayMode}
        columns={3}
      >
        {block.items.map((card) => (
          <li key={card.id}>
            <CardTile card={card} ratio={1} width={480} />
          </li>
        ))}
      </Collection>
    </section>
  );
}
