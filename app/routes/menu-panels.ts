// The menus' panels (decision 0038): the store's category tree and megamenu banners, as JSON,
// fetched by the header when a menu is first opened. The same for every guest of a store, and
// asked for at the store's own domain. Under the address the pages give (the store and data
// versions it names) it is kept for good by the browser and shared caches, and by the guest
// cache until a version moves; under any other (a page kept from before a change) it is
// answered as a guest page: current, and kept only briefly.
import type { MenuPanels } from "../../lib/menu-panels.ts";
import { menuPanelsHref } from "../../lib/menu-panels.ts";
import { shopContext } from "../context.ts";
import { GUEST_PAGE_CACHE, VERSIONED_DATA_CACHE } from "../lib/seo.ts";
import type { Route } from "./+types/menu-panels";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { store, services } = shop;
  const url = new URL(request.url);
  const current = url.pathname + url.search === menuPanelsHref(store.code, services.versions);
  let menu: MenuPanels["menu"];
  try {
    menu = await services.catalog.topMenu(store, store.config.root_category_uid);
  } catch (error) {
    // The top links still work; the panel says it could not load, and the next open asks again.
    shop.degraded("top menu", error);
    return Response.json({ error: "menu_unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
  // Spec §7: banner failures give empty lists (and a degraded answer is never kept: server/http/pages.ts).
  const banners = await services.content.placements(store).then(
    (placements) => placements.megamenuBanners,
    (error) => {
      shop.degraded("content placements", error);
      return [];
    },
  );
  const body: MenuPanels = { menu, banners };
  // Data for the pages' menus, not a page of its own: search engines follow the category links instead.
  return Response.json(body, {
    headers: { "Cache-Control": current ? VERSIONED_DATA_CACHE : GUEST_PAGE_CACHE, "X-Robots-Tag": "noindex" },
  });
}
