// The CMS block renderer: the blocks a page (or a landing page, or rich text) holds, each shown
// when spec §4's visibility rule lets it and its showOn is not "No", rendered by its type. A
// type this shop does not know renders nothing, except in preview, where the editor sees why.
import { type ReactNode, useMemo } from "react";
import type { Block, UnknownBlock } from "../../../lib/cms-types.ts";
import { isBlockVisible, type VisibilityContext } from "../../../lib/cms-visibility.ts";
import { useT } from "../../lib/i18n.ts";
import { useSession } from "../header/use-session.ts";
import { ButtonList } from "./blocks/button-list.tsx";
import { CampaignBanners } from "./blocks/campaign-banners.tsx";
import { CategoryBanner } from "./blocks/category-banner.tsx";
import { ElevateRecommendations } from "./blocks/elevate-recommendations.tsx";
import { FaqBlock } from "./blocks/faq-block.tsx";
import { FormBlock } from "./blocks/form.tsx";
import { FullWidthBanner } from "./blocks/full-width-banner.tsx";
import { GuideList } from "./blocks/guide-list.tsx";
import { HalfImageHalfText } from "./blocks/half-image-half-text.tsx";
import { LandingPage } from "./blocks/landing-page.tsx";
import { LinksWithImages } from "./blocks/links-with-images.tsx";
import { MaintenancePage } from "./blocks/maintenance-page.tsx";
import { MegamenuBanner } from "./blocks/megamenu-banner.tsx";
import { MegamenuLinks } from "./blocks/megamenu-links.tsx";
import { MultiImageBlocks } from "./blocks/multi-image-blocks.tsx";
import { NormalButton } from "./blocks/normal-button.tsx";
import { ProductBanner } from "./blocks/product-banner.tsx";
import { ProductSlider } from "./blocks/product-slider.tsx";
import { RegistrationPopup } from "./blocks/registration-popup.tsx";
import { TableBlock } from "./blocks/table.tsx";
import { ThreeColumnsContentGrid } from "./blocks/three-columns-content-grid.tsx";
import { ThreeImageBlocks } from "./blocks/three-image-blocks.tsx";
import { TwoBanners } from "./blocks/two-banners.tsx";
import { VideoBlock } from "./blocks/video.tsx";
import { Wysiwyg } from "./blocks/wysiwyg.tsx";
import { type BlockRendering, BlockRenderingContext } from "./context.ts";

/** One block by its type; the switch is exhaustive, so a new type in the union must get a component. */
export function BlockView({ block, first = false }: { block: Block; first?: boolean }): ReactNode {
  switch (block.type) {
    case "productBanner":
      return <ProductBanner block={block} />;
    case "campaignBanners":
      return <CampaignBanners block={block} />;
    case "landingPage":
      return <LandingPage block={block} />;
    case "maintenancePage":
      return <MaintenancePage block={block} />;
    case "megamenuLinks":
      return <MegamenuLinks block={block} />;
    case "registrationPopup":
      return <RegistrationPopup block={block} />;
    case "faqBlock":
      return <FaqBlock block={block} />;
    case "categoryBanner":
      return <CategoryBanner block={block} />;
    case "normalButton":
      return <NormalButton block={block} />;
    case "fullWidthBanner":
      // The first banner of a page is its largest picture: not lazy.
      return <FullWidthBanner block={block} eager={first} />;
    case "halfImageHalfText":
      return <HalfImageHalfText block={block} />;
    case "linksWithImages":
      return <LinksWithImages block={block} />;
    case "productSlider":
      return <ProductSlider block={block} />;
    case "buttonList":
      return <ButtonList block={block} />;
    case "form":
      return <FormBlock block={block} />;
    case "guideList":
      return <GuideList block={block} />;
    case "threeImageBlocks":
      return <ThreeImageBlocks block={block} />;
    case "multiImageBlocks":
      return <MultiImageBlocks block={block} />;
    case "table":
      return <TableBlock block={block} />;
    case "twoBanners":
      return <TwoBanners block={block} />;
    case "video":
      return <VideoBlock block={block} />;
    case "wysiwyg":
      return <Wysiwyg block={block} />;
    case "threeColumnsContentGrid":
      return <ThreeColumnsContentGrid block={block} />;
    case "megamenuBanner":
      return <MegamenuBanner block={block} />;
    case "elevateRecommendations":
      return <ElevateRecommendations block={block} />;
    default:
      return unreachable(block);
  }
}

function unreachable(block: never): null {
  console.warn("a block type without a component", block);
  return null;
}

export function UnknownBlockNotice({ block }: { block: UnknownBlock }) {
  const t = useT();
  return (
    <p data-block="unknown" role="note" className="rounded border-2 border-dashed border-sale bg-white p-4 text-sm font-semibold text-sale">
      {t("cms.unknown", { type: block.contentType })}
    </p>
  );
}

/** Whether to render this block here at all (spec §4 visibility; showOn "No" hides it everywhere). */
export function shouldRender(block: Block | UnknownBlock, visibility: VisibilityContext): block is Block {
  if (block.type === "unknown") return false;
  return block.showOn !== "No" && isBlockVisible(block.visibility, visibility);
}

export function Blocks({
  blocks,
  context,
  preview = false,
}: {
  blocks: readonly (Block | UnknownBlock)[];
  context: VisibilityContext;
  preview?: boolean;
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
        return <BlockView key={`${block.id}-${index}`} block={block} first={index === 0} />;
      },
    }),
    [visibility, preview],
  );
  return (
    <BlockRenderingContext.Provider value={rendering}>
      {blocks.map((block, index) => rendering.renderBlock(block, index))}
    </BlockRenderingContext.Provider>
  );
}
