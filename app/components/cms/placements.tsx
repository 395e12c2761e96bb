// What the CMS places around every page of the default layout (spec §2 layouts, §4): the
// campaign banners above the header and the registration pop-up, each under the visibility
// rule for the page being looked at (its path, the category or product it shows).
import { useMemo } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { VisibilityContext } from "../../../lib/cms-visibility.ts";
import type { RootData } from "../../root.tsx";
import { Blocks } from "./blocks.tsx";

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
  const root = useRouteLoaderData<RootData>("root");
  const visibility = usePageVisibility();
  const banners = root?.placements.campaignBanners;
  return banners ? <Blocks blocks={[banners]} context={visibility} /> : null;
}

export function PopupSlot() {
  const root = useRouteLoaderData<RootData>("root");
  const visibility = usePageVisibility();
  const popup = root?.placements.registrationPopup;
  return popup ? <Blocks blocks={[popup]} context={visibility} /> : null;
}
