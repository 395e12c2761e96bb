// What a purchase report carries of the shopper (spec §1, §7 POST /api/voyado/payment;
// decision 0031): decided once, when the order is paid (or when its report is asked for), from
// the consent of that moment. Without marketing consent (or with notify=false) there is no
// context and so no report: nothing about the purchase reaches the customer-relationship side.
import { COOKIES } from "../../lib/cookies.ts";
import { LOCALES, isLocaleCode } from "../../lib/locales.ts";
import { trackingFor } from "../engagement/tracking.ts";

export const TOUCHPOINTS = ["desktop", "mobile", "tablet", "app"] as const;
export type Touchpoint = (typeof TOUCHPOINTS)[number];
/** Spec §9: the default touchpoint. */
export const DEFAULT_TOUCHPOINT: Touchpoint = "desktop";

export interface PurchaseContext {
  /** The engagement service's market of the order's store (lib/locales.ts voyadoMarket: FI, INT). */
  market: string;
  /** The store's locale as the engagement service names it (fi-FI, en-GB). */
  locale: string;
  touchpoint: Touchpoint;
  customerKey: string | null;
  sessionKey: string | null;
}

/** The engagement cookies' random keys (as the engine's API accepts them); anything else is no key. */
const KEY = /^[A-Za-z0-9_-]{8,64}$/;
const keyOrNull = (value: string | null | undefined) => (value && KEY.test(value) ? value : null);

export const isTouchpoint = (value: unknown): value is Touchpoint => TOUCHPOINTS.includes(value as Touchpoint);

/** The engagement service's market and locale of a store (by its locale code; unknown ones as the default store). */
export function marketOf(storeLocale: string): { market: string; locale: string } {
  const locale = LOCALES[isLocaleCode(storeLocale) ? storeLocale : "en"];
  return { market: locale.voyadoMarket, locale: locale.iso };
}

/**
 * The report's context, or null when the shopper may not be tracked: marketing consent (the
 * consent cookie, server-side) and not notify=false. A logged-in customer's own key
 * (voyado_customer_key) replaces the browser's, as for every engagement call.
 */
export function purchaseContext(input: {
  storeLocale: string;
  marketing: boolean;
  notify?: string | null;
  customer?: { engagementKey?: string } | null;
  customerKey?: string | null;
  sessionKey?: string | null;
  touchpoint?: string | null;
}): PurchaseContext | null {
  const tracking = trackingFor({ ...input, customerKey: keyOrNull(input.customerKey), sessionKey: keyOrNull(input.sessionKey) });
  if (!tracking.allowed) return null;
  return {
    ...marketOf(input.storeLocale),
    touchpoint: isTouchpoint(input.touchpoint) ? input.touchpoint : DEFAULT_TOUCHPOINT,
    ...tracking.keys,
  };
}

/**
 * The report's context of a browser's request (placing the order, the return from payment, the
 * success page): the consent and the engagement cookies it sends.
 */
export function requestPurchaseContext(
  store: { locale: string },
  shopper: { consent: { marketing: boolean }; customer: { engagementKey?: string } | null },
  cookie: (name: string) => string | null,
): PurchaseContext | null {
  return purchaseContext({
    storeLocale: store.locale,
    marketing: shopper.consent.marketing,
    customer: shopper.customer,
    customerKey: cookie(COOKIES.customerKey),
    sessionKey: cookie(COOKIES.sessionKey),
    touchpoint: cookie(COOKIES.touchpoint),
  });
}
