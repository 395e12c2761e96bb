// multiImageBlocks: any number of pictures with captions, as a grid or a slider.
import type { MultiImageBlocksBlock } from "../../../../lib/cms-types.ts";
import { BlockCollection, CardTile } from "../parts.tsx";

export function MultiImageBlocks({ block }: { block: MultiImageBlocksBlock }) {
  return (
    <BlockCollection block={block} columns={3}>
      {block.items.map((card) => (
        <li key={card.id}>
          <CardTile card={card} ratio={1} width={480} />
        </li>
      ))}
    </BlockCollection>
  );
}
