import { describe, expect, it } from "vitest";
import { isCataloguePath, retryTarget } from "./pwa.ts";

describe("which pages the service worker may keep", () => {
  it("keeps catalogue pages and their data requests", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/frame",
      "/c/women",
      "/c/women/coats.data",
      "/p/kuusi-skirt",
      "/p/x.data",
      "/content/contact",
      "/searchresults",
    ]) {
      expect(isCataloguePath(path), path).toBe(true);
    }
  });

  it("never keeps the shopper's own pages", () => {
    for (const path of [
      "/cart",
      "/cart.data",
      "/checkout",
      "/checkout/success",
      "/account",
      "/account/orders",
      "/login",
      "/newsletter",
      "/forms/contact",
      "/offline",
      "/api/cart",
    ]) {
      expect(isCataloguePath(path), path).toBe(false);
    }
  });
});

describe("the offline page's retry", () => {
  it("goes back to the page the shopper was going to, with its query", () => {
    expect(retryTarget("?from=%2Fp%2Fkuusi")).toBe("/p/kuusi");
    expect(retryTarget("?from=%2Fsearchresults%3Fq%3Dcoat")).toBe("/searchresults?q=coat");
  });

  it("never leaves the shop: another site or a missing target is the front page", () => {
    for (const search of [
      "",
      "?from=",
      "?from=https%3A%2F%2Fevil.example",
      "?from=%2F%2Fevil.example",
      "?from=%2F%5Cevil.example",
      "?from=javascript:alert(1)",
    ]) {
      expect(retryTarget(search), search).toBe("/");
    }
  });
});
