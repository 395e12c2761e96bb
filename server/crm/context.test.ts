import { describe, expect, it } from "vitest";
import { marketOf, requestPurchaseContext, purchaseContext } from "./context.ts";

describe("a purchase report's context", () => {
  it("the market and locale of the store: fi → FI / fi-FI, en → INT / en-GB", () => {
    expect(marketOf("fi")).toEqual({ market: "FI", locale: "fi-FI" });
    expect(marketOf("en")).toEqual({ market: "INT", locale: "en-GB" });
  });

  it("none without marketing consent or with notify=false", () => {
    expect(purchaseContext({ storeLocale: "fi", marketing: false, customerKey: "browser-key-1" })).toBeNull();
    expect(purchaseContext({ storeLocale: "fi", marketing: true, notify: "false", customerKey: "browser-key-1" })).toBeNull();
  });

  it("with consent: the browser's keys, a logged-in customer's own key instead, the touchpoint (desktop by default)", () => {
    expect(purchaseContext({ storeLocale: "fi", marketing: true, customerKey: "browser-key-1", sessionKey: "session-key-1" })).toEqual({
      market: "FI",
      locale: "fi-FI",
      touchpoint: "desktop",
      customerKey: "browser-key-1",
      sessionKey: "session-key-1",
    });
    expect(
      purchaseContext({
        storeLocale: "en",
        marketing: true,
        customer: { engagementKey: "customer-own-key" },
        customerKey: "browser-key-1",
        touchpoint: "mobile",
      }),
    ).toMatchObject({ market: "INT", touchpoint: "mobile", customerKey: "customer-own-key", sessionKey: null });
  });

  it("keys that are not the cookies' random values, and unknown touchpoints, are not kept", () => {
    expect(
      purchaseContext({ storeLocale: "en", marketing: true, customerKey: "x", sessionKey: "a b;c=d", touchpoint: "tv" }),
    ).toMatchObject({
      customerKey: null,
      sessionKey: null,
      touchpoint: "desktop",
    });
  });

  it("a page's context reads the consent and the engagement cookies", () => {
    const cookies: Record<string, string> = {
      "engagement.customer_key": "browser-key-2",
      "engagement.session_key": "session-key-2",
      "engagement.touchpoint": "mobile",
    };
    const cookie = (name: string) => cookies[name] ?? null;
    expect(requestPurchaseContext({ locale: "fi" }, { consent: { marketing: true }, customer: null }, cookie)).toEqual({
      market: "FI",
      locale: "fi-FI",
      touchpoint: "mobile",
      customerKey: "browser-key-2",
      sessionKey: "session-key-2",
    });
    expect(requestPurchaseContext({ locale: "fi" }, { consent: { marketing: false }, customer: null }, cookie)).toBeNull();
  });
});
