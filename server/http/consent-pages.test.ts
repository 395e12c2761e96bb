// Consent and the Content-Security-Policy on the real production build (decision 0029): every
// page carries the consent banner and, first in its head, the consent-mode script; inline
// scripts run by the render's nonce only (no 'unsafe-inline'), a cached page keeps its nonce
// and policy together; the tag manager's script and hosts exist only with GTM_ID. The consent
// page's form works without JavaScript: Set-Cookie and back where it was sent from.
import { styleHash } from "./csp.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIES, parseConsent, readCookie } from "../../lib/cookies.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { pageRequest, type StoreCode } from "../../tests/helpers/page-requests.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";

let shop: TestShop;
let tagged: TestShop;
let pages: BuiltPages;
let taggedPages: BuiltPages;

beforeAll(async () => {
  [shop, tagged] = await Promise.all([createTestShop(), createTestShop({ config: { GTM_ID: "GTM-TEST123" } })]);
  pages = await loadBuiltPages();
  taggedPages = await loadBuiltPages();
});
afterAll(async () => {
  await shop?.close();
  await tagged?.close();
});

const page = (store: StoreCode, pathname: string, init?: Parameters<typeof pageRequest>[2], on = shop) =>
  (on === shop ? pages : taggedPages)(pageRequest(store, pathname, init), on.services, store);

const scriptSrc = (csp: string) =>
  csp
    .split(";")
    .find((d) => d.trim().startsWith("script-src"))
    ?.trim() ?? "";
/** The inline scripts that run (JSON-LD is data, not a script). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attrs = ""]) => !/\bsrc=/.test(attrs) && !/application\/ld\+json/.test(attrs),
  );

describe("consent and the script policy of the pages", () => {
  it("runs inline scripts by the render's nonce, the consent default first; no tag manager without GTM_ID", async () => {
    for (const store of ["en", "fi"] as const) {
      const response = await page(store, "/");
      const html = await response.text();
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc(csp))?.[1];
      expect(nonce).toBeTruthy();
      expect(scriptSrc(csp)).not.toContain("unsafe-inline");
      // Nor styles (issue 36): each style attribute the page is drawn with is admitted by its hash, and nothing else.
      expect(csp).not.toContain("unsafe-inline");
      const styles = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1] ?? "");
      expect(styles.length).toBeGreaterThan(0);
      for (const style of new Set(styles)) expect(csp).toContain(styleHash(style.replace(/&quot;/g, '"').replace(/&amp;/g, "&")));
      expect(csp.match(/'sha256-/g)?.length).toBe(new Set(styles).size);
      expect(csp).not.toContain("googletagmanager");
      expect(html).not.toContain("googletagmanager");
      const scripts = inlineScripts(html);
      expect(scripts.length).toBeGreaterThan(1);
      for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
      // The first script of the page sets the consent default before anything pushes to the data layer.
      const first = /<script\b[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
      expect(first).toContain('"consent","default"');
      // The banner is in the HTML for everyone (the head script hides it for a shopper who chose).
      expect(html).toContain('id="consent-banner"');
    }
  });

  it("keeps a cached page's nonce and policy together; another render has another nonce", async () => {
    const first = await page("en", "/");
    const again = await page("en", "/");
    expect(again.headers.get("x-cache")).toBe("HIT");
    const nonce = /'nonce-([^']+)'/.exec(again.headers.get("content-security-policy") ?? "")?.[1];
    expect(await again.text()).toContain(`nonce="${nonce}"`);
    expect(first.headers.get("content-security-policy")).toBe(again.headers.get("content-security-policy"));
    // A personal page renders each time, with its own nonce.
    const [a, b] = await Promise.all([page("en", "/cookie-consent"), page("en", "/cookie-consent")]);
    expect(a.headers.get("content-security-policy")).not.toBe(b.headers.get("content-security-policy"));
  });

  it("loads the tag manager after the consent default and admits its hosts only with GTM_ID", async () => {
    const response = await page("fi", "/", undefined, tagged);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(scriptSrc(csp)).toContain("https://www.googletagmanager.com");
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc(csp))?.[1];
    // The second script of the page adds the container (so it cannot load before the default), with the nonce.
    const [consent, container] = inlineScripts(html);
    expect(consent?.[2]).toContain('"consent","default"');
    expect(container?.[1]).toContain(`nonce="${nonce}"`);
    expect(container?.[2]).toContain("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123");
    expect(html.match(/googletagmanager\.com\/gtm\.js/g)).toHaveLength(1);
    // The API's answers have the policy without a nonce, with the same hosts.
    const api = await tagged.request("/api/core/storeconfig");
    expect(api.headers.get("content-security-policy")).toContain("https://www.googletagmanager.com");
    expect(api.headers.get("content-security-policy")).not.toContain("nonce-");
  });
});

describe("the banner and the guest HTML cache", () => {
  it("serves a shopper who has chosen a page without the banner, cached apart from the first visitors' one", async () => {
    const path = "/";
    const fresh = await page("en", path);
    expect(await fresh.text()).toContain('id="consent-banner"');
    const chosen = await page("en", path, { cookie: "consent=necessary" });
    expect(chosen.headers.get("x-cache")).toBe("MISS");
    expect(chosen.headers.get("cache-control")).not.toContain("private");
    expect(await chosen.text()).not.toContain('id="consent-banner"');
    // Another shopper with another choice: the same cached page (what was chosen is not in it).
    const other = await page("en", path, { cookie: "consent=necessary%2Cmarketing" });
    expect(other.headers.get("x-cache")).toBe("HIT");
    expect(await other.text()).not.toContain('id="consent-banner"');
    const again = await page("en", path);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toContain('id="consent-banner"');
  });
});

describe("the consent page without JavaScript", () => {
  it("is where the banner's Choose cookies leads, and saving there goes back to the page the banner was on", async () => {
    const banner = await (await page("en", "/c/women?sort=price_asc")).text();
    const href = /<a href="([^"]*)" class="consent-choose">Choose cookies<\/a>/.exec(banner)?.[1]?.replaceAll("&amp;", "&");
    expect(href).toBe("/cookie-consent?from=%2Fc%2Fwomen%3Fsort%3Dprice_asc");
    const consentPage = await (await page("en", href ?? "")).text();
    expect(consentPage).toContain('<input type="hidden" name="from" value="/c/women?sort=price_asc"/>');
    const saved = await page("en", "/cookie-consent", { form: { choice: "custom", analytics: "on", from: "/c/women?sort=price_asc" } });
    expect(saved.headers.get("location")).toBe("/c/women?sort=price_asc");
    // Another site's address is not a place to go back to: the page keeps its own.
    const elsewhere = await (await page("en", "/cookie-consent?from=https%3A%2F%2Fevil.example%2F")).text();
    expect(elsewhere).toContain('<input type="hidden" name="from" value="/cookie-consent"/>');
  });

  it("saves the ticked categories and sends the shopper back to the page the banner was on", async () => {
    const response = await page("en", "/cookie-consent", { form: { choice: "custom", marketing: "on", from: "/c/women?sort=price_asc" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/c/women?sort=price_asc");
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^consent=necessary%2Cmarketing; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(parseConsent(readCookie(setCookie.split(";")[0], COOKIES.consent))).toEqual({
      preferences: false,
      analytics: false,
      marketing: true,
    });
  });

  it("accept all and necessary only; the page itself says saved and shows the choice ticked, never from the cache", async () => {
    const all = await page("fi", "/cookie-consent", { form: { choice: "all", from: "/cookie-consent" } });
    expect(all.headers.get("location")).toBe("/cookie-consent?saved=1");
    expect(all.headers.get("set-cookie")).toMatch(/^consent=necessary%2Cpreferences%2Canalytics%2Cmarketing;/);
    const none = await page("fi", "/cookie-consent", { form: { choice: "none", marketing: "on", from: "https://evil.example/" } });
    expect(none.headers.get("location")).toBe("/cookie-consent?saved=1");
    expect(none.headers.get("set-cookie")).toMatch(/^consent=necessary;/);

    const shown = await page("fi", "/cookie-consent?saved=1", { cookie: "consent=necessary%2Cmarketing" });
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    const html = await shown.text();
    expect(html).toContain("Evästeasetuksesi tallennettiin.");
    expect(html).toContain("Nykyinen valintasi: Välttämättömät, Markkinointi.");
    expect(html).toMatch(/<input[^>]*name="marketing"[^>]*checked=""/);
    expect(html).not.toMatch(/<input[^>]*name="analytics"[^>]*checked=""/);
    // The banner is not on the consent page itself.
    expect(html).not.toContain('id="consent-banner"');
  });
});
