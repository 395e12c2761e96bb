// elevateRecommendations: a list of the engagement service (popular, recently viewed, new),
// asked in the browser after load so the page stays the same for every guest; nothing when
// the list is empty, spec §8's words when the service does not answer.
import { useId } from "react";
import type { ElevateRecommendationsBlock } from "../../../../lib/cms-types.ts";
import { LoadFailed, SuggestedProductItem, useRecommendationLists } from "../../product/recommendations.tsx";
import { blockRoot } from "../block-root.ts";
import { BlockTitle, Collection } from "../parts.tsx";

export function landingPageQuery(block: Pick<ElevateRecommendationsBlock, "list" | "limit">): string {
  const query = new URLSearchParams({ list: block.list, limit: String(block.limit > 0 ? block.limit : 8) });
  return `/api/engagement/queries/landing-page?${query}`;
}

export function ElevateRecommendations({ block }: { block: ElevateRecommendationsBlock }) {
  const heading = useId();
  const { lists, failed } = useRecommendationLists(landingPageQuery(block));
  const products = lists.flatMap((list) => list.products).slice(0, block.limit > 0 ? block.limit : undefined);
  if (failed) {
    return (
      <section aria-labelledby={heading} data-list={block.list} {...blockRoot(block)}>
        <BlockTitle id={heading}>{block.title}</BlockTitle>
        <LoadFailed />
      </section>
    );
  }
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={heading} data-list={block.list} {...blockRoot(block)}>
      <Collection header={<BlockTitle id={heading}>{block.title}</BlockTitle>} displayMode={block.displayMode} columns={4}>
        {products.map((product) => (
          <SuggestedProductItem key={product.link} product={product} className="w-full" imageWidth={600} />
        ))}
      </Collection>
    </section>
  );
}
