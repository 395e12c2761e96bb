import { describe, expect, it } from "vitest";
import { isLocalPath, safeRedirectTarget } from "./redirect.ts";

describe("redirect targets (spec §2)", () => {
  it.each([
    "/",
    "/account",
    "/account/orders",
    "/p/aava-rain-jacket-100123",
    "/c/women/jackets?color=navy&page=2",
    "/searchresults?search=villa%20paita",
    "/account/order/100000123#items",
    "/~user/@me_1-2",
  ])("accepts the local path %s", (target) => {
    expect(isLocalPath(target)).toBe(true);
  });

  it.each([
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "evil.example",
    "",
    " /account",
    "/%2Fevil.example",
    "/%5Cevil.example",
    "/%2f%2fevil.example",
    "/account\nLocation: //evil",
    "/account<script>",
    "/a b",
    "/../etc/passwd",
    "/account/../../x",
    "/%E0%A4%A", // malformed encoding
    "/p/file.name",
    "/%2e%2e/admin",
  ])("refuses %j", (target) => {
    expect(isLocalPath(target)).toBe(false);
  });

  it("refuses what is not a string", () => {
    expect(isLocalPath(undefined)).toBe(false);
    expect(isLocalPath(["/account"])).toBe(false);
  });

  it("falls back to the front page", () => {
    expect(safeRedirectTarget("//evil.example")).toBe("/");
    expect(safeRedirectTarget("/account")).toBe("/account");
  });
});
