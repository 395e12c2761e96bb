import { describe, expect, it } from "vitest";
import { isCampaignParam, withoutCampaignParams } from "./campaign-params.ts";

describe("campaign parameters", () => {
  it.each(["utm_source", "UTM_Campaign", "utm_anything", "gclid", "fbclid", "_gl", "msclkid", "srsltid"])("%s is one", (name) => {
    expect(isCampaignParam(name)).toBe(true);
  });

  it.each(["search", "color", "page", "sort", "origin", "utm", "gcl"])("%s is not", (name) => {
    expect(isCampaignParam(name)).toBe(false);
  });

  it("are dropped from an address, every other parameter kept in its order", () => {
    const url = new URL("https://kauppa.example/c/women?color=red&utm_source=news&page=2&gclid=abc&utm_source=again&sort=price");
    expect(withoutCampaignParams(url).href).toBe("https://kauppa.example/c/women?color=red&page=2&sort=price");
    expect(withoutCampaignParams(new URL("https://kauppa.example/p/x?fbclid=1")).href).toBe("https://kauppa.example/p/x");
  });

  it("leave an address without them as it is", () => {
    const url = new URL("https://kauppa.example/searchresults?search=takki");
    expect(withoutCampaignParams(url)).toBe(url);
  });
});
