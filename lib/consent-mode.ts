// Google consent mode v2 (docs/decisions/0029): what the tag manager may store before the
// shopper has chosen (nothing but security storage) and how the shopper's consent categories
// map onto its storage types. Shared by the page head's first script and the banner.
import { type Consent, COOKIES } from "./cookies.ts";

export type ConsentState = "granted" | "denied";

export interface ConsentModeUpdate {
  analytics_storage: ConsentState;
  ad_storage: ConsentState;
  ad_user_data: ConsentState;
  ad_personalization: ConsentState;
  functionality_storage: ConsentState;
  personalization_storage: ConsentState;
}

/** Set before anything else reaches the data layer; tags wait up to 500 ms for an update. */
export const CONSENT_MODE_DEFAULT = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
  functionality_storage: "denied",
  personalization_storage: "denied",
  security_storage: "granted",
  wait_for_update: 500,
} as const;

const state = (granted: boolean): ConsentState => (granted ? "granted" : "denied");

/** Statistics → analytics storage; marketing → the three ad types; preferences → functionality and personalisation. */
export function consentModeUpdate(consent: Consent): ConsentModeUpdate {
  return {
    analytics_storage: state(consent.analytics),
    ad_storage: state(consent.marketing),
    ad_user_data: state(consent.marketing),
    ad_personalization: state(consent.marketing),
    functionality_storage: state(consent.preferences),
    personalization_storage: state(consent.preferences),
  };
}

/** Set on <html> by the head script when the shopper has chosen: the banner's CSS hides it before the first paint. */
export const CONSENT_CHOSEN_ATTRIBUTE = "data-consent-chosen";

/**
 * The first script of every page's head: the data layer and gtag(), the consent default, then at
 * once an update from the consent cookie when there is one (read as lib/cookies.ts parseConsent
 * does — the unit test holds them together), and the mark that hides the banner. The text is the
 * same on every page and for every shopper, so cached pages can carry it.
 */
export const CONSENT_MODE_SCRIPT = `(function(w,d){w.dataLayer=w.dataLayer||[];w.gtag=w.gtag||function(){w.dataLayer.push(arguments)};\
w.gtag("consent","default",${JSON.stringify(CONSENT_MODE_DEFAULT)});\
var m=/(?:^|;\\s*)${COOKIES.consent}=([^;]*)/.exec(d.cookie);if(!m||!m[1])return;var g=[];\
try{g=decodeURIComponent(m[1]).toLowerCase().split(",").map(function(s){return s.trim()})}catch(e){}\
function h(c){return g.indexOf(c)>=0}function s(b){return b?"granted":"denied"}\
var a=h("analytics")||h("statistics"),k=h("marketing"),p=h("preferences");\
w.gtag("consent","update",{analytics_storage:s(a),ad_storage:s(k),ad_user_data:s(k),ad_personalization:s(k),functionality_storage:s(p),personalization_storage:s(p)});\
d.documentElement.setAttribute("${CONSENT_CHOSEN_ATTRIBUTE}","")})(window,document);`;

/**
 * The tag manager's own snippet (only with a container), run right after the consent script:
 * its start mark, then its container script, added by this script — so it can never load before
 * the consent default — with this script's nonce, which the container passes on to its tags.
 */
export function tagManagerScript(gtmId: string): string {
  if (!/^GTM-[A-Z0-9]+$/.test(gtmId)) throw new Error("not a container id");
  return `(function(w,d){w.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});\
var c=d.currentScript,j=d.createElement("script");j.async=true;j.src=${JSON.stringify(tagManagerScriptUrl(gtmId))};\
if(c&&c.nonce){j.nonce=c.nonce;j.setAttribute("nonce",c.nonce)}c.parentNode.insertBefore(j,c.nextSibling)})(window,document);`;
}

export const tagManagerScriptUrl = (gtmId: string) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;

/**
 * The banner's and the consent page's form: "all" grants every category, "none" only the
 * necessary cookies, "custom" (anything else) the categories ticked.
 */
export function consentFromForm(form: FormData): Consent {
  const choice = form.get("choice");
  if (choice === "all") return { preferences: true, analytics: true, marketing: true };
  if (choice === "none") return { preferences: false, analytics: false, marketing: false };
  const ticked = (name: string) => form.get(name) === "on" || form.get(name) === "1";
  return { preferences: ticked("preferences"), analytics: ticked("analytics"), marketing: ticked("marketing") };
}
