// landingPage: a page built from blocks; its title is the page's h1 (only for screen readers on
// the front page, whose first block is its visual headline).
import type { LandingPageBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { useBlockRendering } from "../context.ts";

export function LandingPage({ block }: { block: LandingPageBlock }) {
  const rendering = useBlockRendering();
  return (
    <article {...blockRoot(block, "landing-blocks flex flex-col gap-10 md:gap-14")}>
      <h1 className={block.slug === "index" ? "sr-only" : "text-3xl font-semibold tracking-tight md:text-4xl"}>{block.title}</h1>
      {rendering ? block.blocks.map((child, index) => rendering.renderBlock(child, index)) : null}
    </article>
  );
}
