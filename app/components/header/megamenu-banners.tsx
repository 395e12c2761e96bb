// Megamenu banner slot (spec §2 header "megamenu banners (position 1-based)", §3 Megamenu
// banner). The mega menu places one slot before each column of a panel and one after the
// last, numbered from 1; a banner of the CMS (placements, decision 0026) shows in the slot of
// its position, under the visibility rule of spec §4 for the page being looked at.
import { useLocation } from "react-router";
import type { MegamenuBannerBlock } from "../../../lib/cms-types.ts";
import { shouldRender } from "../cms/should-render.ts";
import { MegamenuBanner } from "../cms/blocks/megamenu-banner.tsx";
import { useSession } from "./use-session.ts";

export function MegamenuBanners({ banners, position }: { banners: readonly MegamenuBannerBlock[]; position: number }) {
  const { pathname } = useLocation();
  const { loggedIn } = useSession();
  const here = banners.filter(
    (banner) =>
      banner.position === position && shouldRender(banner, { loggedIn, isProductPage: pathname.startsWith("/p/"), path: pathname }),
  );
  if (here.length === 0) return null;
  return (
    <>
      {here.map((banner) => (
        <MegamenuBanner key={banner.id} block={banner} />
      ))}
    </>
  );
}

/** The banners of each top-level category's panel, by its uid. */
export function bannersByCategory(banners: readonly MegamenuBannerBlock[]): Record<string, MegamenuBannerBlock[]> {
  return Object.groupBy(banners, (banner) => banner.categoryUid) as Record<string, MegamenuBannerBlock[]>;
}
