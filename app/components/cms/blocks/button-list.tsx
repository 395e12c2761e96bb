// buttonList: a row of links drawn as buttons (the first one stands out), wrapping on small screens.
import { useId } from "react";
import type { ButtonListBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { ALIGN, BlockTitle, LinkButton } from "../parts.tsx";

export function ButtonList({ block }: { block: ButtonListBlock }) {
  const heading = useId();
  const align = { left: "items-start", center: "items-center", right: "items-end" }[block.alignment];
  return (
    <section aria-labelledby={block.title ? heading : undefined} {...blockRoot(block, `flex flex-col gap-4 ${align}`)}>
      {block.title ? <BlockTitle id={heading}>{block.title}</BlockTitle> : null}
      <ul className={`flex flex-wrap gap-3 ${ALIGN[block.alignment]}`}>
        {block.buttons.map((button) => (
          <li key={button.id}>
            <LinkButton link={button} style="secondary" />
          </li>
        ))}
      </ul>
    </section>
  );
}
