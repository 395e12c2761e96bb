import type { Block, UnknownBlock } from "../../../lib/cms-types.ts";
import { isBlockVisible, type VisibilityContext } from "../../../lib/cms-visibility.ts";

/** Whether to render this block here at all (spec §4 visibility; showOn "No" hides it everywhere). */
export function shouldRender(block: Block | UnknownBlock, visibility: VisibilityContext): block is Block {
  if (block.type === "unknown") return false;
  return block.showOn !== "No" && isBlockVisible(block.visibility, visibility);
}
