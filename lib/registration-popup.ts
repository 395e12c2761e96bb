// The registration pop-up in two parts (decision 0049): every page's frame carries what decides
// whether and when it opens, and its text and pictures come from their own address, named by
// the store and the content version, when its delay ends (app/routes/registration-popup.ts).
import type { RegistrationPopupBlock } from "./cms-types.ts";
import type { MenuVersions } from "./menu-panels.ts";

export const REGISTRATION_POPUP_PATH = "/popup";

/**
 * The pop-up as every page carries it: what decides whether and when it opens (its visibility,
 * delay, id and revision) and its title, without its text and pictures. Most shoppers never see
 * it open, and every page sent them (1.5 KB of a page's data).
 */
export function popupWithoutContent(popup: RegistrationPopupBlock, contentHref: string): RegistrationPopupBlock {
  return { ...popup, content: { nodeType: "document", content: [] }, image: null, mobileImage: null, contentHref };
}

/** The registration pop-up's address for this store and this version of the content. */
export function registrationPopupHref(storeCode: string, versions: MenuVersions): string {
  return `${REGISTRATION_POPUP_PATH}?v=${encodeURIComponent(`${storeCode}.${versions.get("content")}`)}`;
}
