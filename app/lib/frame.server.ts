// The frame's data (decision 0053): what every page of a store shows around its content (the
// menu's top level, footer, the brand's stores, the CMS's placements, the store's settings),
// the same for every guest until a data version moves. The server renders each page with it,
// but the page's HTML does not carry it: the browser fetches it once from its versioned address
// (app/lib/frame.ts) and keeps it for every page after.
import { framePlacements, menuPanelsHref, menuTopLevel } from "../../lib/menu-panels.ts";
import type { Placements } from "../../lib/cms-types.ts";
import { registrationPopupHref } from "../../lib/registration-popup.ts";
import type { ShopContext } from "../context.ts";

const NO_PLACEMENTS: Placements = {
  campaignBanners: null,
  megamenuLinks: [],
  megamenuBanners: [],
  categoryBanners: [],
  registrationPopup: null,
  storeContacts: null,
};

/**
 * The store's frame. `bare` (the maintenance page, spec §4) loads no menus, stores or banners.
 * Spec §7: a failed top menu, store list or placement is empty, not an error page; it marks the
 * answer degraded, so neither the page nor the frame is kept for other guests.
 */
export async function loadFrame(shop: ShopContext, { bare = false }: { bare?: boolean } = {}) {
  const { store, services } = shop;
  const config = store.config;
  async function orEmpty<T>(part: string, load: () => Promise<T[]>): Promise<T[]> {
    try {
      return await load();
    } catch (error) {
      shop.degraded(part, error);
      return [];
    }
  }
  const [menu, physicalStores, placements] = await Promise.all([
    bare ? [] : orEmpty("top menu", () => services.catalog.topMenu(store, config.root_category_uid)),
    bare ? [] : orEmpty("physical stores", () => services.catalog.physicalStores(store)),
    bare
      ? NO_PLACEMENTS
      : services.content.placements(store).catch((error) => {
          shop.degraded("content placements", error);
          return NO_PLACEMENTS;
        }),
  ]);
  return {
    iso: store.iso,
    price: { symbol: config.base_currency_symbol, leftSide: store.leftSideCurrency },
    showPrices: config.show_prices,
    /** The store's countries by code, named in its language (addresses show the name, not "FI"). */
    countryNames: Object.fromEntries(config.countries.map((c) => [c.id, c.full_name_locale])),
    copyright: config.copyright,
    guardConfig: {
      maintenance_mode: config.maintenance_mode,
      enable_login: config.enable_login,
      disable_shopping: config.disable_shopping,
      root_redirect_path: config.root_redirect_path,
      root_redirect_status: config.root_redirect_status,
    },
    loginEnabled: config.enable_login,
    shoppingEnabled: !config.disable_shopping.includes(store.code),
    aboutCompanyUrl: config.about_company_url,
    storeLocator: { active: config.luhta_store_locator_active, url: config.luhta_store_locator_url },
    footer: {
      customerService: config.footer_customer_service_links,
      about: config.footer_about_links,
      business: config.footer_business_links,
    },
    /** The menu's top level; the panels come from `menuPanels` when a menu is first opened (decision 0038). */
    menu: menuTopLevel(menu),
    /** The panels' address (lib/menu-panels.ts): versioned, so the browser keeps them between pages. */
    menuPanels: menuPanelsHref(store.code, services.versions),
    /** The footer's list of the brand's stores: what it shows of each (the store pages have the rest). */
    physicalStores: physicalStores.map(({ code, name, address }) => ({ code, name, address })),
    /** The top bar's opening hours: the first store's. */
    storeHours: physicalStores[0] ? { city: physicalStores[0].city, opening_hours: physicalStores[0].opening_hours } : null,
    /** What the CMS places around every page: campaign banners, menu links, the pop-up (megamenu banners come with the panels, category banners with the category page). */
    placements: framePlacements(placements, registrationPopupHref(store.code, services.versions)),
  };
}

export type FrameData = Awaited<ReturnType<typeof loadFrame>>;
