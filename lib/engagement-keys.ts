// The engagement service's state in the browser (spec §1, §3, §9): which keys, market, locale
// and touchpoint a query or notification carries, and which cookies must be written for that.
// Pure: the browser module (app/lib/engagement.ts) gives it the cookies, the screen and a key
// maker, and writes what it answers.
import { COOKIES, parseConsent } from "./cookies.ts";
import { DEFAULT_LOCALE, isLocaleCode, LOCALES } from "./locales.ts";

export type Touchpoint = "desktop" | "mobile";
/** Spec §9: desktop unless the screen is small (the shop's mobile layout, below 992 px). */
export const touchpointFor = (wide: boolean): Touchpoint => (wide ? "desktop" : "mobile");
export const WIDE_MEDIA = "(min-width: 992px)";

export interface EngagementInput {
  /** The page's cookies, decoded (lib/cookies.ts readCookies). */
  cookies: Record<string, string>;
  /** The store's language (the page's `<html lang>`). */
  language: string;
  wide: boolean;
  /** Makes a new random key. */
  makeKey: () => string;
}

export interface EngagementState {
  /** For the query string: notify, and with consent the keys, market, locale and touchpoint. */
  params: Record<string, string>;
  /** Cookies to write now (a key made on first use, a touchpoint that changed). */
  write: { name: typeof COOKIES.customerKey | typeof COOKIES.sessionKey | typeof COOKIES.touchpoint; value: string }[];
}

/**
 * What an engagement call carries (spec §7): market always (the store's, FI or INT), locale
 * (fi-FI, en-GB) and touchpoint; with marketing consent the customer and session keys — made on
 * first use, random, nothing personal — and notify=true; without it no keys and notify=false.
 */
export function engagementState({ cookies, language, wide, makeKey }: EngagementInput): EngagementState {
  const locale = LOCALES[isLocaleCode(language) ? language : DEFAULT_LOCALE];
  const touchpoint = touchpointFor(wide);
  const base = { market: locale.voyadoMarket, locale: locale.iso, touchpoint };
  if (!parseConsent(cookies[COOKIES.consent] ?? null).marketing) return { params: { ...base, notify: "false" }, write: [] };
  const write: EngagementState["write"] = [];
  const key = (name: typeof COOKIES.customerKey | typeof COOKIES.sessionKey) => {
    const existing = cookies[name];
    if (existing) return existing;
    const made = makeKey();
    write.push({ name, value: made });
    return made;
  };
  const customerKey = key(COOKIES.customerKey);
  const sessionKey = key(COOKIES.sessionKey);
  if (cookies[COOKIES.touchpoint] !== touchpoint) write.push({ name: COOKIES.touchpoint, value: touchpoint });
  return { params: { ...base, notify: "true", customerKey, sessionKey }, write };
}
