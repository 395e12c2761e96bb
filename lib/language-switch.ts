// The language switch's link (spec §2): the shop's own /language/<store> with the page being
// shown, which the server answers with the same page, choices kept, in that store's domain.

export const LANGUAGE_SWITCH_PATH = "/language";

/** The link to the store `code` from the page at `address` (its path and query). */
export function languageSwitchHref(code: string, address: string): string {
  return `${LANGUAGE_SWITCH_PATH}/${code}?${new URLSearchParams({ from: address })}`;
}
