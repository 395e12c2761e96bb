// linksWithImages: pictures that lead somewhere (categories, campaigns), as a grid or a slider.
import type { LinksWithImagesBlock } from "../../../../lib/cms-types.ts";
import { BlockCollection, CardTile } from "../parts.tsx";

export function LinksWithImages({ block }: { block: LinksWithImagesBlock }) {
  return (
    <BlockCollection block={block} columns={4}>
      {block.items.map((card) => (
        <li key={card.id}>
          <CardTile card={card} ratio={4 / 5} width={360} />
        </li>
      ))}
    </BlockCollection>
  );
}
