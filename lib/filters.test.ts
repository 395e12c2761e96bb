import { describe, expect, it } from "vitest";
import type { Aggregation } from "./catalog-types.ts";
import { countFiltersInUse, listingQuery, listingViewFromQuery, visibleFilters } from "./filters.ts";

const config = { categoryFilters: ["color", "size", "price", "brand"], filter_blacklist: ["brand"] };
const agg = (code: string, position: number, options: number, label = code): Aggregation => ({
  attribute_code: code,
  url_key: code,
  translated_label: label,
  position,
  options: Array.from({ length: options }, (_, i) => ({ label: `${code}${i}`, value: `${code}${i}`, count: 1 })),
});

describe("countFiltersInUse (spec §5)", () => {
  it.each([
    [{}, 0],
    [{ color: ["navy"] }, 1],
    [{ color: ["navy", "black"], size: ["M"] }, 2],
    [{ color: [] }, 0],
    [{ brand: ["Kauppa"] }, 0], // blacklisted
    [{ material: ["wool"] }, 0], // not a store filter
    [{ color: ["navy"], brand: ["Kauppa"], material: ["wool"] }, 1],
  ])("%j → %i", (applied, count) => {
    expect(countFiltersInUse(applied, config)).toBe(count);
  });
});

describe("visibleFilters (spec §5)", () => {
  it("keeps offered filters with a label and more than one option, by position", () => {
    const shown = visibleFilters(
      [agg("size", 2, 3), agg("color", 1, 5), agg("price", 0, 1), agg("brand", 3, 4), agg("material", 4, 3)],
      config,
    );
    expect(shown.map((a) => a.attribute_code)).toEqual(["color", "size"]);
  });
  it("hides a filter without a translated label", () => {
    expect(visibleFilters([agg("color", 0, 3, " ")], config)).toEqual([]);
  });
});

describe("listingQuery", () => {
  it("writes filters, sort and page in a stable order, page 1 left out", () => {
    expect(listingQuery({ filters: { size: ["M", "L"], color: ["navy"] }, sort: "price", dir: "asc", page: 2 })).toBe(
      "?color=navy&size=L%2CM&sort=price&dir=asc&page=2",
    );
    expect(listingQuery({ filters: {}, page: 1 })).toBe("");
  });
});

describe("a category page's view from its address", () => {
  it("reads comma-joined and repeated filters, the sort, its direction and the page", () => {
    expect(listingViewFromQuery(new URLSearchParams("color=navy,red&color=green&brand=Aalto&sort=price&dir=asc&page=3&other=1"))).toEqual({
      filters: { color: ["navy", "red", "green"], size: [], brand: ["Aalto"], price: [] },
      sort: "price",
      dir: "asc",
      page: 3,
    });
  });

  it("reads the sort as the form sends it without JavaScript", () => {
    expect(listingViewFromQuery(new URLSearchParams("sort=price:asc"))).toMatchObject({ sort: "price", dir: "asc", page: 1 });
    expect(listingViewFromQuery(new URLSearchParams("sort=position:"))).toEqual({
      filters: { color: [], size: [], brand: [], price: [] },
      sort: "position",
      page: 1,
    });
  });

  it("leaves an unknown direction out, and a page that is no number for the listing to refuse", () => {
    expect(listingViewFromQuery(new URLSearchParams("dir=up")).dir).toBeUndefined();
    expect(listingViewFromQuery(new URLSearchParams("page=abc")).page).toBeNaN();
  });
});
