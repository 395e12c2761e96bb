import { describe, expect, it } from "vitest";
import { type CategoryBanner, withBanners } from "./category-banners.ts";

const items = ["p1", "p2", "p3", "p4", "p5"];
const layout = (banners: CategoryBanner[], category = "cat") =>
  withBanners(items, banners, category).map((c) => (c.kind === "product" ? c.item : `[${c.banner.id}]`));

describe("category banners in the grid", () => {
  it("goes third by default", () => {
    expect(layout([{ id: "a", type: "wide" }])).toEqual(["p1", "p2", "[a]", "p3", "p4", "p5"]);
  });
  it("takes 1-based positions, in order, and puts a banner past the end last", () => {
    expect(
      layout([
        { id: "late", type: "narrow", position: 99 },
        { id: "first", type: "narrow", position: 1 },
        { id: "fourth", type: "productHighlight", position: 4 },
      ]),
    ).toEqual(["[first]", "p1", "p2", "[fourth]", "p3", "p4", "p5", "[late]"]);
  });
  it("shows only banners meant for this category", () => {
    expect(layout([{ id: "other", type: "wide", visibility: { categoryIDs: ["x"] } }])).toEqual(items);
    expect(layout([{ id: "mine", type: "wide", position: 2, visibility: { categoryIDs: ["cat"] } }])).toEqual([
      "p1",
      "[mine]",
      "p2",
      "p3",
      "p4",
      "p5",
    ]);
  });
});
