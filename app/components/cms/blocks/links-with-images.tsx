// linksWithImages: pictures that lead somewhere (categories, campaigns), as a grid or a slider.
import { useId } from "react";
import type { LinksWithImagesBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { BlockTitle, CardTile, Collection } from "../parts.tsx";

export function LinksWithImages({ block }: { block: LinksWithImagesBlock }) {
  const heading = useId();
  return (
    <section aria-labelledby={block.title ? heading : undefined} {...blockRoot(block)}>
      <Collection
        header={block.title ? <BlockTitle id={heading}>{block.title}</BlockTitle> : null}
        displayMode={block.displayMode}
        columns={4}
      >
        {block.items.map((card) => (
          <li key={card.id}>
            <CardTile card={card} ratio={4 / 5} width={360} />
          </li>
        ))}
      </Collection>
    </section>
  );
}
