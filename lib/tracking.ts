// Tracking links of the two carriers the shop ships with (spec §3 order display; decision 0020):
// each carrier's public tracking page for a parcel, in the shopper's language where the carrier
// has it (Finnish for the fi store, English otherwise). One place, so a carrier moving its page
// is one change here.
import type { LocaleCode } from "./locales.ts";

export const CARRIERS = ["posti", "matkahuolto"] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Carriers' names as they write them (brands: the same in every language). */
export const CARRIER_NAMES: Record<Carrier, string> = { posti: "Posti", matkahuolto: "Matkahuolto" };

/** A tracking number as typed: spaces and dashes dropped, upper case; null when it cannot be one. */
export function normalizeTrackingNumber(input: string): string | null {
  const compact = input.replace(/[\s-]+/g, "").toUpperCase();
  return /^[A-Z0-9]{6,35}$/.test(compact) ? compact : null;
}

/** The carrier's public tracking page for a parcel, in the language of the store. */
export function trackingUrl(carrier: Carrier, trackingNumber: string, locale: LocaleCode): string {
  const code = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case "posti":
      return locale === "fi" ? `https://www.posti.fi/fi/seuranta#/lahetys/${code}` : `https://www.posti.fi/en/tracking#/lahetys/${code}`;
    case "matkahuolto":
      return locale === "fi"
        ? `https://www.matkahuolto.fi/seuranta?parcelNumber=${code}`
        : `https://www.matkahuolto.fi/en/seuranta?parcelNumber=${code}`;
  }
}
