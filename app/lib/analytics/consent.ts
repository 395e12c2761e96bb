// The shopper's consent in the open page (decision 0029): consent mode hears the choice at once
// (through the head script's gtag(), which the tag manager needs as it is: it reads its
// arguments object), and the banner is hidden by the same mark the head script sets on a
// returning shopper's page.
import type { Consent } from "../../../lib/cookies.ts";
import { CONSENT_CHOSEN_ATTRIBUTE, consentModeUpdate } from "../../../lib/consent-mode.ts";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

export function applyConsent(consent: Consent): void {
  window.gtag?.("consent", "update", consentModeUpdate(consent));
  document.documentElement.setAttribute(CONSENT_CHOSEN_ATTRIBUTE, "");
}
