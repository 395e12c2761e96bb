// maintenancePage: what shoppers read while the shop is closed for maintenance.
import type { MaintenancePageBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { CmsPicture } from "../image.tsx";
import { RichText } from "../rich-text.tsx";

export function MaintenancePage({ block }: { block: MaintenancePageBlock }) {
  return (
    <article {...blockRoot(block, "mx-auto flex max-w-2xl flex-col items-center gap-6 text-center")}>
      {block.image ? (
        <CmsPicture image={block.image} width={640} eager sizes="(min-width: 768px) 640px, 100vw" className="h-auto w-full rounded-lg" />
      ) : null}
      <h1 className="text-3xl font-semibold tracking-tight">{block.title}</h1>
      <RichText document={block.content} className="text-lg" />
    </article>
  );
}
