// wysiwyg: free rich text (content pages: privacy notice, store pages) in a readable measure.
import type { WysiwygBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { RichText } from "../rich-text.tsx";

export function Wysiwyg({ block }: { block: WysiwygBlock }) {
  return (
    <div {...blockRoot(block, "mx-auto w-full max-w-3xl")}>
      <RichText document={block.content} />
    </div>
  );
}
