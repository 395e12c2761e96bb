// What every block needs from the page around it: who looks at which page (for the visibility
// rule of nested blocks), whether this is a preview, and the renderer of a block, so that rich
// text can show an embedded entry without importing the renderer (which imports rich text).
import { createContext, type ReactNode, useContext } from "react";
import type { Block, UnknownBlock } from "../../../lib/cms-types.ts";
import type { VisibilityContext } from "../../../lib/cms-visibility.ts";

export interface BlockRendering {
  visibility: VisibilityContext;
  preview: boolean;
  renderBlock: (block: Block | UnknownBlock, index: number) => ReactNode;
}

export const BlockRenderingContext = createContext<BlockRendering | null>(null);

export function useBlockRendering(): BlockRendering | null {
  return useContext(BlockRenderingContext);
}
