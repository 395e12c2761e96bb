import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { consentValue, parseConsent, type Consent } from "./cookies.ts";
import { CONSENT_CHOSEN_ATTRIBUTE, CONSENT_MODE_DEFAULT, CONSENT_MODE_SCRIPT, consentFromForm, consentModeUpdate } from "./consent-mode.ts";

/** Runs the head script as a page would, with this Cookie; what it pushed and whether it marked the page. */
function runHeadScript(cookie: string) {
  const attributes = new Map<string, string>();
  const window: { dataLayer?: unknown[] } = {};
  const document = { cookie, documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  vm.runInNewContext(CONSENT_MODE_SCRIPT, { window, document });
  return {
    pushed: (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)),
    chosen: attributes.has(CONSENT_CHOSEN_ATTRIBUTE),
  };
}

const EVERY: Consent[] = [false, true].flatMap((preferences) =>
  [false, true].flatMap((analytics) => [false, true].map((marketing) => ({ preferences, analytics, marketing }))),
);

describe("consent mode", () => {
  it("maps statistics to analytics storage, marketing to the three ad types, preferences to functionality and personalisation", () => {
    expect(consentModeUpdate({ preferences: false, analytics: true, marketing: false })).toEqual({
      analytics_storage: "granted",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      functionality_storage: "denied",
      personalization_storage: "denied",
    });
    expect(consentModeUpdate({ preferences: true, analytics: false, marketing: true })).toEqual({
      analytics_storage: "denied",
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      functionality_storage: "granted",
      personalization_storage: "granted",
    });
  });

  it("head script without a consent cookie: only the default, everything denied but security, waiting 500 ms", () => {
    const { pushed, chosen } = runHeadScript("cart_qty=2");
    expect(pushed).toEqual([
      [
        "consent",
        "default",
        {
          ad_storage: "denied",
          ad_user_data: "denied",
          ad_personalization: "denied",
          analytics_storage: "denied",
          functionality_storage: "denied",
          personalization_storage: "denied",
          security_storage: "granted",
          wait_for_update: 500,
        },
      ],
    ]);
    expect(chosen).toBe(false);
  });

  it("head script reads every cookie value as parseConsent does and updates at once, marking the page chosen", () => {
    for (const consent of EVERY) {
      const cookie = `cart_qty=1; consent=${encodeURIComponent(consentValue(consent))}; other=x`;
      const { pushed, chosen } = runHeadScript(cookie);
      expect(pushed).toEqual([
        ["consent", "default", CONSENT_MODE_DEFAULT],
        ["consent", "update", consentModeUpdate(consent)],
      ]);
      expect(parseConsent(decodeURIComponent(consentValue(consent)))).toEqual(consent);
      expect(chosen).toBe(true);
    }
    // The banner's word "statistics" and odd spacing read the same on both sides.
    const odd = "necessary, Statistics ,marketing";
    expect(runHeadScript(`consent=${encodeURIComponent(odd)}`).pushed[1]).toEqual([
      "consent",
      "update",
      consentModeUpdate(parseConsent(odd)),
    ]);
    // Only "necessary": a choice made, everything denied.
    expect(runHeadScript("consent=necessary").pushed[1]).toEqual(["consent", "update", consentModeUpdate(parseConsent("necessary"))]);
  });

  it("reads the consent form: all, none, or the ticked categories", () => {
    const form = (entries: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(entries)) f.set(k, v);
      return f;
    };
    expect(consentFromForm(form({ choice: "all" }))).toEqual({ preferences: true, analytics: true, marketing: true });
    expect(consentFromForm(form({ choice: "none", marketing: "on" }))).toEqual({ preferences: false, analytics: false, marketing: false });
    expect(consentFromForm(form({ choice: "custom", marketing: "on", analytics: "on" }))).toEqual({
      preferences: false,
      analytics: true,
      marketing: true,
    });
    expect(consentFromForm(form({}))).toEqual({ preferences: false, analytics: false, marketing: false });
  });
});
