import { describe, expect, it } from "vitest";
import { createStoreOrigins } from "./origins.ts";
import { isCrossSite } from "./same-origin.ts";

// The shop as it runs by default: each store's domain on the port it listens on.
const origins = createStoreOrigins({ domains: { en: "localhost", fi: "fi.localhost" }, port: 3000 });

const post = (headers: Record<string, string>, host = "localhost:3000") =>
  new Request(`http://${host}/checkout`, { method: "POST", headers: { host, ...headers } });

describe("isCrossSite", () => {
  it.each([
    ["a form of this shop (browser says same-origin)", { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }, false],
    ["a form of this shop sent with Origin null by a strict referrer policy", { "sec-fetch-site": "same-origin", origin: "null" }, false],
    ["an address the shopper typed or bookmarked", { "sec-fetch-site": "none" }, false],
    ["another site's form", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }, true],
    ["a sibling domain's form", { "sec-fetch-site": "same-site", origin: "http://fi.localhost:3000" }, true],
    ["an older browser naming another origin", { origin: "https://evil.example" }, true],
    ["an older browser naming this host", { origin: "http://localhost:3000" }, false],
    ["an older browser naming this host on another port", { origin: "http://localhost:6666" }, true],
    ["an older browser naming this host without a port", { origin: "http://localhost" }, true],
    ["an older browser naming this host over another scheme", { origin: "https://localhost:3000" }, true],
    ["an older browser naming the other store", { origin: "http://fi.localhost:3000" }, true],
    ["an older browser hiding the origin", { origin: "null" }, true],
    ["an origin that is no address", { origin: "not a url" }, true],
    ["an API client (no browser headers)", {}, false],
  ])("%s", (_, headers, expected) => {
    expect(isCrossSite(post(headers), origins)).toBe(expected);
  });

  it("takes the other store's own origin at its own host", () => {
    expect(isCrossSite(post({ origin: "http://fi.localhost:3000" }, "fi.localhost:3000"), origins)).toBe(false);
  });

  it("refuses a public origin sent to a host that is not its own (a forged Host)", () => {
    expect(isCrossSite(post({ origin: "http://localhost:3000" }, "localhost:6666"), origins)).toBe(true);
  });

  it("compares against the configured public URL when there is one", () => {
    const published = createStoreOrigins({
      domains: { en: "shop.example.com" },
      publicUrls: { en: "https://shop.example.com/" },
      port: 3000,
    });
    const request = (origin: string) => post({ origin }, "shop.example.com");
    expect(isCrossSite(request("https://shop.example.com"), published)).toBe(false);
    expect(isCrossSite(request("http://shop.example.com"), published)).toBe(true);
    expect(isCrossSite(request("https://shop.example.com:8443"), published)).toBe(true);
  });

  it("never refuses a read", () => {
    expect(isCrossSite(new Request("http://localhost/", { headers: { "sec-fetch-site": "cross-site" } }), origins)).toBe(false);
  });
});
