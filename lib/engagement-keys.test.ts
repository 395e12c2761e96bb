import { describe, expect, it } from "vitest";
import { engagementState, touchpointFor } from "./engagement-keys.ts";

let made = 0;
const makeKey = () => `made-key-${++made}`;
const marketing = { consent: "necessary,marketing" };

describe("the engagement state a call carries", () => {
  it("touchpoint: desktop by default, mobile on a small screen", () => {
    expect(touchpointFor(true)).toBe("desktop");
    expect(touchpointFor(false)).toBe("mobile");
  });

  it("without marketing consent: market, locale and touchpoint, notify=false, no keys and no cookies", () => {
    expect(engagementState({ cookies: {}, language: "fi", wide: true, makeKey })).toEqual({
      params: { market: "FI", locale: "fi-FI", touchpoint: "desktop", notify: "false" },
      write: [],
    });
    const withKeys = { consent: "necessary,analytics", "engagement.customer_key": "old-key-1234", "engagement.session_key": "old-session" };
    expect(engagementState({ cookies: withKeys, language: "en", wide: false, makeKey }).params).toEqual({
      market: "INT",
      locale: "en-GB",
      touchpoint: "mobile",
      notify: "false",
    });
  });

  it("with consent: keys made on first use and written with the touchpoint; kept afterwards", () => {
    const first = engagementState({ cookies: marketing, language: "en", wide: false, makeKey });
    expect(first.params).toMatchObject({ market: "INT", locale: "en-GB", touchpoint: "mobile", notify: "true" });
    const { customerKey, sessionKey } = first.params;
    expect(customerKey).toMatch(/^made-key-/);
    expect(sessionKey).toMatch(/^made-key-/);
    expect(customerKey).not.toBe(sessionKey);
    expect(first.write).toEqual([
      { name: "engagement.customer_key", value: customerKey },
      { name: "engagement.session_key", value: sessionKey },
      { name: "engagement.touchpoint", value: "mobile" },
    ]);
    const cookies = { ...marketing, ...Object.fromEntries(first.write.map((w) => [w.name, w.value])) };
    const again = engagementState({ cookies, language: "en", wide: false, makeKey });
    expect(again).toEqual({ params: first.params, write: [] });
    // The window grew: the touchpoint follows, the keys stay.
    const wide = engagementState({ cookies, language: "en", wide: true, makeKey });
    expect(wide.params).toMatchObject({ customerKey, sessionKey, touchpoint: "desktop" });
    expect(wide.write).toEqual([{ name: "engagement.touchpoint", value: "desktop" }]);
  });

  it("an unknown language is the default store's (INT, en-GB)", () => {
    expect(engagementState({ cookies: {}, language: "sv", wide: true, makeKey }).params).toMatchObject({ market: "INT", locale: "en-GB" });
  });
});
