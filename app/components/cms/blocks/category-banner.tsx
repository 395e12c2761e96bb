// categoryBanner: a banner among a category's products (lib/category-banners.ts places it):
// narrow takes one product's cell, wide the whole row, productHighlight puts one product forward.
import type { CategoryBannerBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { CmsPicture } from "../image.tsx";
import { CmsLinkTo } from "../link.tsx";
import { RichText } from "../rich-text.tsx";

export function CategoryBanner({ block }: { block: CategoryBannerBlock }) {
  const wide = block.bannerType === "wide";
  const style = { backgroundColor: block.backgroundColor || undefined, color: block.textColor || undefined };
  const title = block.link ? (
    <CmsLinkTo href={block.link.link} newWindow={block.link.openInNewWindow} className="after:absolute after:inset-0 hover:underline">
      {block.title}
    </CmsLinkTo>
  ) : (
    block.title
  );
  return (
    <div
      {...blockRoot(block, `group relative flex h-full overflow-hidden rounded-lg bg-mist ${wide ? "flex-col sm:flex-row" : "flex-col"}`)}
      data-banner-type={block.bannerType}
      data-sku={block.bannerType === "productHighlight" ? block.sku : undefined}
      style={style}
    >
      {block.image ? (
        <div className={wide ? "sm:w-1/2" : ""}>
          <CmsPicture
            image={block.image}
            width={wide ? 720 : 400}
            ratio={wide ? 16 / 9 : 5 / 7}
            sizes={wide ? "(min-width: 768px) 50vw, 100vw" : "(min-width: 1200px) 22vw, (min-width: 768px) 30vw, 46vw"}
            className="h-full w-full object-cover"
          />
        </div>
      ) : null}
      <div className={`flex flex-col justify-center gap-2 p-4 ${wide ? "sm:w-1/2 sm:p-8" : ""}`}>
        <h3 className={wide ? "text-2xl font-semibold tracking-tight" : "text-base font-semibold"}>{title}</h3>
        <RichText document={block.text} className="text-sm" />
        {block.link && block.link.title !== block.title ? (
          <span aria-hidden="true" className="text-sm font-semibold underline underline-offset-2">
            {block.link.title}
          </span>
        ) : null}
      </div>
    </div>
  );
}
