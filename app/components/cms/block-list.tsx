// A list of CMS blocks: each shown when spec §4's visibility rule lets it and its showOn is not
// "No", rendered by the `view` it is given (blocks.tsx: every type). A type this shop does not
// know renders nothing, except in preview, where the editor sees why.
import { Fragment, type ReactNode, useMemo } from "react";
import type { Block, UnknownBlock } from "../../../lib/cms-types.ts";
import type { VisibilityContext } from "../../../lib/cms-visibility.ts";
import { useT } from "../../lib/i18n.ts";
import { useSession } from "../header/use-session.ts";
import { type BlockRendering, BlockRenderingContext } from "./context.ts";
import { shouldRender } from "./should-render.ts";

export function UnknownBlockNotice({ block }: { block: UnknownBlock }) {
  const t = useT();
  return (
    <p data-block="unknown" role="note" className="rounded border-2 border-dashed border-sale bg-white p-4 text-sm font-semibold text-sale">
      {t("cms.unknown", { type: block.contentType })}
    </p>
  );
}

export function BlockList({
  blocks,
  context,
  preview = false,
  view,
}: {
  blocks: readonly (Block | UnknownBlock)[];
  context: VisibilityContext;
  preview?: boolean;
  /** A block by its type; `first` is the list's first block (its picture is not lazy). */
  view: (block: Block, first: boolean) => ReactNode;
}) {
  // A cached guest page is rendered logged out; the browser knows better once it has hydrated.
  const session = useSession();
  const loggedIn = context.loggedIn || session.loggedIn;
  const visibility = useMemo(() => ({ ...context, loggedIn }), [context, loggedIn]);
  const rendering = useMemo<BlockRendering>(
    () => ({
      visibility,
      preview,
      renderBlock: (block, index) => {
        if (block.type === "unknown") return preview ? <UnknownBlockNotice key={`${block.id}-${index}`} block={block} /> : null;
        if (!shouldRender(block, visibility)) return null;
        return <Fragment key={`${block.id}-${index}`}>{view(block, index === 0)}</Fragment>;
      },
    }),
    [visibility, preview, view],
  );
  return (
    <BlockRenderingContext.Provider value={rendering}>
      {blocks.map((block, index) => rendering.renderBlock(block, index))}
    </BlockRenderingContext.Provider>
  );
}
