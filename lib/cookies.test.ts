// The shop's cookies as a browser receives them: names of spec §9, lifetimes, HttpOnly for the
// keys, SameSite=Lax, Secure behind TLS; and reading them back.
import { describe, expect, it } from "vitest";
import {
  authCookies,
  authTokenCookie,
  cartCookies,
  clearedEngagementKeyCookies,
  customerKeyCookie,
  customerKeyExpiry,
  engagementKeyCookie,
  clearedAuthCookies,
  clearedCartCookies,
  COOKIES,
  checkoutSuccessCookie,
  consentCookie,
  parseConsent,
  readCookie,
} from "./cookies.ts";

const plain = new Request("http://localhost/");
const tls = new Request("https://shop.example.com/");
const proxied = new Request("http://localhost/", { headers: { "x-forwarded-proto": "https" } });
const attributes = (cookie: string | undefined) => (cookie ?? "").split("; ").slice(1);

describe("writing cookies", () => {
  it("gives the auth token (auth._token.local) HttpOnly and the readable login hint, both until the token expires", () => {
    const expires = new Date(Date.now() + 3_600_000);
    const [token, hint] = authCookies(tls, "t0ken", expires);
    expect(token).toMatch(/^auth\._token\.local=t0ken;/);
    expect(attributes(token)).toEqual(
      expect.arrayContaining(["Path=/", `Expires=${expires.toUTCString()}`, "HttpOnly", "Secure", "SameSite=Lax"]),
    );
    expect(hint).toMatch(/^auth\.logged_in=1;/);
    expect(attributes(hint)).not.toContain("HttpOnly");
    expect(attributes(hint)).toContain(`Expires=${expires.toUTCString()}`);
    for (const cleared of clearedAuthCookies(tls)) expect(cleared).toMatch(/Max-Age=0/);
  });

  it("tells the browser when to end the session: (exp − 10 s) × 1000, readable, cleared with the rest", () => {
    const expires = new Date("2026-12-01T12:00:00.750Z");
    const stored = authCookies(tls, "t0ken", expires).find((c) => c.startsWith("auth.expires="));
    expect(stored).toMatch(new RegExp(`^auth\\.expires=${Date.parse("2026-12-01T11:59:50Z")};`));
    expect(attributes(stored)).not.toContain("HttpOnly");
    expect(clearedAuthCookies(tls).some((c) => c.startsWith("auth.expires=;"))).toBe(true);
  });

  it("marks cookies Secure over TLS, seen directly or reported by the proxy, and not over plain HTTP", () => {
    expect(attributes(cartCookies(plain, "id", 1, 60)[0])).not.toContain("Secure");
    expect(attributes(cartCookies(tls, "id", 1, 60)[0])).toContain("Secure");
    expect(attributes(cartCookies(proxied, "id", 1, 60)[0])).toContain("Secure");
  });

  it("keeps the guest cart as long as its store says (id HttpOnly, count readable), and forgets it with Max-Age=0", () => {
    expect(cartCookies(plain, "cart-key", 3, 604_800)[0]).toBe("cart_id=cart-key; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax");
    const [id, qty] = cartCookies(plain, "cart-key", 3, 2_592_000);
    expect(id).toBe("cart_id=cart-key; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax");
    expect(qty).toBe("cart_qty=3; Max-Age=2592000; Path=/; SameSite=Lax");
    expect(clearedCartCookies(plain)).toEqual([
      "cart_id=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
      "cart_qty=; Max-Age=0; Path=/; SameSite=Lax",
    ]);
    expect(checkoutSuccessCookie(plain, "view")).toBe("checkout_success=view; Max-Age=600; Path=/; HttpOnly; SameSite=Lax");
  });
});

describe("reading cookies", () => {
  it("finds one cookie, decoded, the first of a repeated name; an empty one is absent", () => {
    expect(readCookie("a=1; cart_qty=2; cart_qty=5", COOKIES.cartQty)).toBe("2");
    expect(readCookie("note=caf%C3%A9", "note")).toBe("café");
    expect(readCookie("cart_id=", COOKIES.cartId)).toBeNull();
    expect(readCookie(null, COOKIES.cartId)).toBeNull();
    expect(readCookie("xcart_id=1", COOKIES.cartId)).toBeNull();
  });

  it("reads the token cookie with or without a stored 'Bearer ' prefix", () => {
    const withCookie = (value: string) => new Request("http://localhost/", { headers: { cookie: `auth._token.local=${value}` } });
    expect(authTokenCookie(withCookie("abc"))).toBe("abc");
    expect(authTokenCookie(withCookie("Bearer%20abc"))).toBe("abc");
    expect(authTokenCookie(withCookie("Bearer%20"))).toBeNull();
    expect(authTokenCookie(plain)).toBeNull();
  });

  it("reads back the consent it wrote; no cookie and unknown categories grant nothing", () => {
    const written = consentCookie(plain, { preferences: false, analytics: true, marketing: false });
    expect(written).toMatch(/^consent=necessary%2Canalytics;/);
    expect(parseConsent(readCookie(written.split(";")[0], COOKIES.consent))).toEqual({
      preferences: false,
      analytics: true,
      marketing: false,
    });
    expect(parseConsent(null)).toEqual({ preferences: false, analytics: false, marketing: false });
    expect(parseConsent("tracking,everything")).toEqual({ preferences: false, analytics: false, marketing: false });
    expect(parseConsent("necessary,statistics,preferences")).toEqual({ preferences: true, analytics: true, marketing: false });
  });
});

describe("the engagement keys' cookies", () => {
  it("are readable, the customer key for a year and the session key for the browser session, Secure over TLS", () => {
    const customer = engagementKeyCookie("https://kauppa.example/p/x", COOKIES.customerKey, "k1");
    expect(customer).toMatch(/^engagement\.customer_key=k1; Max-Age=31536000; Path=\/; Secure; SameSite=Lax$/);
    const session = engagementKeyCookie("http://localhost:3000/", COOKIES.sessionKey, "s1");
    expect(session).toBe("engagement.session_key=s1; Path=/; SameSite=Lax");
    expect(`${customer}${session}`).not.toMatch(/HttpOnly/i);
  });

  it("the customer key lasts until the token expires while logged in, else the default 31,536,000,000 ms", () => {
    const now = Date.parse("2026-11-25T10:00:00Z");
    // auth.expires holds (exp − 10 s) × 1000: the token itself ends 10 s later.
    const stored = String(Date.parse("2026-12-25T10:00:00Z") - 10_000);
    expect(customerKeyExpiry(stored, now).toISOString()).toBe("2026-12-25T10:00:00.000Z");
    expect(customerKeyExpiry(null, now).getTime()).toBe(now + 31_536_000_000);
    expect(customerKeyExpiry("false", now).getTime()).toBe(now + 31_536_000_000);
    expect(customerKeyExpiry(String(now - 1), now).getTime()).toBe(now + 31_536_000_000);
    const until = engagementKeyCookie("https://kauppa.example/", COOKIES.customerKey, "k2", customerKeyExpiry(stored, now));
    expect(until).toBe("engagement.customer_key=k2; Path=/; Expires=Fri, 25 Dec 2026 10:00:00 GMT; Secure; SameSite=Lax");
    expect(engagementKeyCookie("http://localhost/", COOKIES.touchpoint, "mobile")).toBe(
      "engagement.touchpoint=mobile; Path=/; SameSite=Lax",
    );
  });

  it("a logout forgets both keys (new random ones come with the next call); a login sets the customer's own until the token ends", () => {
    const forgotten = clearedEngagementKeyCookies(plain);
    expect(forgotten).toEqual([
      "engagement.customer_key=; Max-Age=0; Path=/; SameSite=Lax",
      "engagement.session_key=; Max-Age=0; Path=/; SameSite=Lax",
    ]);
    const own = customerKeyCookie(plain, "key-of-customer", new Date("2027-01-01T00:00:00Z"));
    expect(own).toBe("engagement.customer_key=key-of-customer; Path=/; Expires=Fri, 01 Jan 2027 00:00:00 GMT; SameSite=Lax");
  });
});
