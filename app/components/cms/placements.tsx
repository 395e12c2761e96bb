// What the CMS places around every page of the default layout (spec §2 layouts, §4): the
// campaign banners above the header and the registration pop-up, each under the visibility
// rule for the page being looked at (its path, the category or product it shows). Every page
// has them, so they are rendered by their own components, not by the registry of every block
// type (blocks.tsx); a block embedded in their text, rare, loads that registry when it is shown.
import { lazy, Suspense, useMemo } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { Block } from "../../../lib/cms-types.ts";
import type { VisibilityContext } from "../../../lib/cms-visibility.ts";
import { BlockList } from "./block-list.tsx";
import { CampaignBanners } from "./blocks/campaign-banners.tsx";
import { RegistrationPopup } from "./blocks/registration-popup.tsx";
import { useRootData } from "../../lib/frame.ts";

const BlockView = lazy(() => import("./blocks.tsx").then((module) => ({ default: module.BlockView })));

function placementView(block: Block, first: boolean) {
  if (block.type === "campaignBanners") return <CampaignBanners block={block} />;
  if (block.type === "registrationPopup") return <RegistrationPopup block={block} />;
  return (
    <Suspense fallback={null}>
      <BlockView block={block} first={first} />
    </Suspense>
  );
}

function usePageVisibility(): VisibilityContext {
  const { pathname } = useLocation();
  const category = useRouteLoaderData("category-all") as { listing?: { category?: { uid: string } } } | undefined;
  const product = useRouteLoaderData("product-slug") as { product?: { sku: string } } | undefined;
  const categoryUid = category?.listing?.category?.uid;
  const sku = product?.product?.sku;
  return useMemo(
    () => ({ loggedIn: false, isProductPage: sku !== undefined, categoryUid, sku, path: pathname }),
    [pathname, categoryUid, sku],
  );
}

export function CampaignBannerSlot() {
  const root = useRootData();
  const visibility = usePageVisibility();
  const banners = root?.placements.campaignBanners;
  return banners ? <BlockList blocks={[banners]} context={visibility} view={placementView} /> : null;
}

export function PopupSlot() {
  const root = useRootData();
  const visibility = usePageVisibility();
  const popup = root?.placements.registrationPopup;
  return popup ? <BlockList blocks={[popup]} context={visibility} view={placementView} /> : null;
}
