// Spec §4 "CMS block display": whether a block shows on this page for this shopper. Pure, so
// the server's page loaders and the browser decide alike (tested branch by branch).
import type { Visibility } from "./cms-types.ts";

export interface VisibilityContext {
  loggedIn: boolean;
  isProductPage: boolean;
  /** The category page's category uid. */
  categoryUid?: string;
  /** The page's path ("/", "/content/privacy"). */
  path: string;
  /** The product page's sku. */
  sku?: string;
}

/** No condition at all: shown to everyone on every page (an entry that sets none of the fields). */
export const SHOWN_EVERYWHERE: Visibility = {
  isVisible: true,
  showOnProductPages: true,
  showForLoginStatus: "All",
  whitelist: true,
  categoryIDs: [],
  pages: [],
  productSKUs: [],
};

/** Whether `visibility` sets no condition: it shows like SHOWN_EVERYWHERE. */
export function isShownEverywhere(visibility: Visibility): boolean {
  return (
    visibility.isVisible &&
    visibility.showOnProductPages &&
    visibility.showForLoginStatus === "All" &&
    visibility.whitelist &&
    visibility.categoryIDs.length + visibility.pages.length + visibility.productSKUs.length === 0
  );
}

/** The names a page condition may use for a path: its last segment, its whole slug, or "index" for the front page. */
export function pageNames(path: string): string[] {
  const slug = trimSlashes(path.split(/[?#]/)[0] ?? "");
  if (slug === "") return ["index"];
  const last = slug.slice(slug.lastIndexOf("/") + 1);
  return last === slug ? [slug] : [last, slug];
}

function trimSlashes(value: string): string {
  return value.trim().replace(/^\/+|\/+$/g, "");
}

/** Whether something for this login state shows (spec §4 visibility, §6: the menus differ by login state); none: always. */
export function matchesLoginStatus(rule: Visibility["showForLoginStatus"] | undefined, loggedIn: boolean): boolean {
  if (rule === "Logged In") return loggedIn;
  if (rule === "Logged Out") return !loggedIn;
  return true;
}

export function isBlockVisible(visibility: Visibility, context: VisibilityContext): boolean {
  if (!visibility.isVisible) return false;
  if (!matchesLoginStatus(visibility.showForLoginStatus, context.loggedIn)) return false;
  if (context.isProductPage && !visibility.showOnProductPages) return false;
  const categories = visibility.categoryIDs.filter(Boolean);
  const pages = visibility.pages.map(trimSlashes).filter(Boolean);
  const skus = visibility.productSKUs.map((sku) => sku.trim().toLowerCase()).filter(Boolean);
  if (categories.length === 0 && pages.length === 0 && skus.length === 0) return true;
  const names = pageNames(context.path);
  const matched =
    (context.categoryUid !== undefined && categories.includes(context.categoryUid)) ||
    pages.some((page) => names.includes(page)) ||
    (context.sku !== undefined && skus.includes(context.sku.trim().toLowerCase()));
  return visibility.whitelist ? matched : !matched;
}
