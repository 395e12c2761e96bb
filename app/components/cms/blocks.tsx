// The CMS block renderer: every block type by its component, for the pages made of blocks
// (CMS pages, the front page, maintenance). The list around it (visibility, preview) is
// block-list.tsx; the frame's placements render their two types without this registry
// (placements.tsx), so a page that shows no CMS content does not load every block's code.
import type { ReactNode } from "react";
import type { Block } from "../../../lib/cms-types.ts";
import type { VisibilityContext } from "../../../lib/cms-visibility.ts";
import { BlockList } from "./block-list.tsx";
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
import { StoreContacts } from "./blocks/store-contacts.tsx";
import { TableBlock } from "./blocks/table.tsx";
import { ThreeColumnsContentGrid } from "./blocks/three-columns-content-grid.tsx";
import { ThreeImageBlocks } from "./blocks/three-image-blocks.tsx";
import { TwoBanners } from "./blocks/two-banners.tsx";
import { VideoBlock } from "./blocks/video.tsx";
import { Wysiwyg } from "./blocks/wysiwyg.tsx";

export { shouldRender } from "./should-render.ts";

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
    case "storeContacts":
      return <StoreContacts block={block} />;
    default:
      return unreachable(block);
  }
}

function unreachable(block: never): null {
  console.warn("a block type without a component", block);
  return null;
}

const view = (block: Block, first: boolean) => <BlockView block={block} first={first} />;

export function Blocks(props: { blocks: Parameters<typeof BlockList>[0]["blocks"]; context: VisibilityContext; preview?: boolean }) {
  return <BlockList {...props} view={view} />;
}
