import { describe, expect, it } from "vitest";
import { withBanners } from "./category-banners.ts";

interface CategoryBanner {
  id: string;
  position?: number;
}

const items = ["p1", "p2", "p3", "p4", "p5"];
const layout = (banners: CategoryBanner[]) => withBanners(items, banners).map((c) => (c.kind === "product" ? c.item : `[${c.banner.id}]`));

describe("category banners in the grid", () => {
  it("goes third by default", () => {
    expect(layout([{ id: "a" }])).toEqual(["p1", "p2", "[a]", "p3", "p4", "p5"]);
  });
  it("takes 1-based positions, in order, and puts a banner past the end last", () => {
    expect(
      layout([
        { id: "late", position: 99 },
        { id: "first", position: 1 },
        { id: "fourth", position: 4 },
      ]),
    ).toEqual(["[first]", "p1", "p2", "[fourth]", "p3", "p4", "p5", "[late]"]);
  });
});
