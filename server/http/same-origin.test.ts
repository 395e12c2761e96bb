import { describe, expect, it } from "vitest";
import { isCrossSite } from "./same-origin.ts";

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/checkout", { method: "POST", headers: { host: "localhost:3000", ...headers } });

describe("isCrossSite", () => {
  it.each([
    ["a form of this shop (browser says same-origin)", { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }, false],
    ["a form of this shop sent with Origin null by a strict referrer policy", { "sec-fetch-site": "same-origin", origin: "null" }, false],
    ["an address the shopper typed or bookmarked", { "sec-fetch-site": "none" }, false],
    ["another site's form", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }, true],
    ["a sibling domain's form", { "sec-fetch-site": "same-site", origin: "http://fi.localhost:3000" }, true],
    ["an older browser naming another origin", { origin: "https://evil.example" }, true],
    ["an older browser naming this host", { origin: "http://localhost:3000" }, false],
    ["an older browser hiding the origin", { origin: "null" }, true],
    ["an API client (no browser headers)", {}, false],
  ])("%s", (_, headers, expected) => {
    expect(isCrossSite(post(headers))).toBe(expected);
  });

  it("never refuses a read", () => {
    expect(isCrossSite(new Request("http://localhost/", { headers: { "sec-fetch-site": "cross-site" } }))).toBe(false);
  });
});
