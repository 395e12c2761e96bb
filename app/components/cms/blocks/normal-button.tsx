// normalButton: one link drawn as a button, aligned left, centre or right.
import type { NormalButtonBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { ALIGN, LinkButton } from "../parts.tsx";

export function NormalButton({ block }: { block: NormalButtonBlock }) {
  return (
    <div {...blockRoot(block, `flex ${ALIGN[block.alignment]}`)}>
      <LinkButton link={block.link} style={block.style} />
    </div>
  );
}
