// The header's menus in two parts (decision 0038): every page carries the top level (real links
// to the category pages, which link their subcategories); the panels — the whole tree and the
// megamenu banners — come from one answer the browser fetches when a menu is first opened and
// keeps. Its address names the store and the data versions it was built from, so the browser
// and shared caches may keep it for good: new data, new address.
import type { MenuItem } from "./catalog-types.ts";
import type { MegamenuBannerBlock, Placements, StoreContactsBlock } from "./cms-types.ts";
import { popupWithoutContent } from "./registration-popup.ts";

/** A top-level category as every page has it: no subcategories; children_count says whether it has a panel. */
export type MenuTopItem = Omit<MenuItem, "children">;

/** What the menus' panels show: the category tree under the store's root and the megamenu banners. */
export interface MenuPanels {
  menu: MenuItem[];
  banners: MegamenuBannerBlock[];
}

/**
 * The page frame's placements, less the megamenu banners (they come with the panels) and the
 * category banners (they come with the category page's data: decision 0044), and with the
 * registration pop-up's text and pictures at an address of their own (decision 0049), and the
 * footer's store contacts as the footer shows them (no visibility rules: the footer is on every page).
 */
export type FramePlacements = Omit<Placements, "megamenuBanners" | "categoryBanners" | "storeContacts"> & {
  storeContacts: Pick<StoreContactsBlock, "title" | "contacts"> | null;
};

export const MENU_PANELS_PATH = "/menu";

/** The data versions the panels are built from: categories (catalog), banners (content), the store's settings (config). */
export interface MenuVersions {
  get(name: "catalog" | "content" | "config"): number;
}

export function menuTopLevel(menu: readonly MenuItem[]): MenuTopItem[] {
  return menu.map(({ children: _children, ...item }) => item);
}

export function framePlacements(
  { megamenuBanners: _banners, categoryBanners: _categoryBanners, registrationPopup, storeContacts, ...rest }: Placements,
  popupHref: string,
): FramePlacements {
  return {
    ...rest,
    registrationPopup: registrationPopup ? popupWithoutContent(registrationPopup, popupHref) : null,
    storeContacts: storeContacts ? { title: storeContacts.title, contacts: storeContacts.contacts } : null,
  };
}

/** An address's version for data built from the store's categories, content and settings: `en.3.7.1`. */
export function storeDataVersion(storeCode: string, versions: MenuVersions): string {
  return [storeCode, versions.get("catalog"), versions.get("content"), versions.get("config")].join(".");
}

/** The panels' address for this store and these versions. */
export function menuPanelsHref(storeCode: string, versions: MenuVersions): string {
  return `${MENU_PANELS_PATH}?v=${encodeURIComponent(storeDataVersion(storeCode, versions))}`;
}
