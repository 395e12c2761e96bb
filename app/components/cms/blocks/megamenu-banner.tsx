// megamenuBanner: a picture and a link in the header's mega menu (spec §3): a wide picture above
// the text by default, or a tall one; the entry's title names it when the link has no title.
import type { MegamenuBannerBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { CmsPicture } from "../image.tsx";
import { CmsLinkTo } from "../link.tsx";

export function MegamenuBanner({ block }: { block: MegamenuBannerBlock }) {
  const name = block.link?.title || block.entryTitle;
  const content = (
    <>
      {block.image ? (
        <CmsPicture
          image={block.image.description ? block.image : { ...block.image, description: block.entryTitle }}
          width={320}
          ratio={block.horizontalImage ? 4 / 3 : 3 / 4}
          sizes="320px"
          className="h-auto w-full object-cover"
        />
      ) : null}
      <span className="block p-3 text-sm font-semibold group-hover:underline">{name}</span>
    </>
  );
  return (
    <div
      {...blockRoot(block, "group block max-w-xs overflow-hidden rounded-lg bg-mist")}
      data-position={block.position}
      style={{ color: block.textColor || undefined, backgroundColor: block.backgroundColor || undefined }}
    >
      {block.link ? (
        <CmsLinkTo href={block.link.link} newWindow={block.link.openInNewWindow} className="block">
          {content}
        </CmsLinkTo>
      ) : (
        content
      )}
    </div>
  );
}
