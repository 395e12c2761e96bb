import { describe, expect, it } from "vitest";
import type { MenuItem } from "./catalog-types.ts";
import { menuPanelsHref, menuTopLevel } from "./menu-panels.ts";

const item = (uid: string, children: MenuItem[] = []): MenuItem => ({
  id: children.length,
  uid,
  name: uid,
  url_path: uid,
  position: 0,
  top_level_clickable: true,
  children_count: children.length,
  children,
});

describe("the menus in two parts", () => {
  it("keeps the top level with its count of subcategories, and none of them", () => {
    const menu = [item("women", [item("women/jackets", [item("women/jackets/rain")])]), item("gift-cards")];
    expect(menuTopLevel(menu)).toEqual([
      { id: 1, uid: "women", name: "women", url_path: "women", position: 0, top_level_clickable: true, children_count: 1 },
      { id: 0, uid: "gift-cards", name: "gift-cards", url_path: "gift-cards", position: 0, top_level_clickable: true, children_count: 0 },
    ]);
  });

  it("gives the panels a new address for each store and each version of their data", () => {
    const versions = (catalog: number, content: number, config: number) => ({
      get: (name: "catalog" | "content" | "config") => ({ catalog, content, config })[name],
    });
    expect(menuPanelsHref("en", versions(3, 2, 1))).toBe("/menu?v=en.3.2.1");
    const addresses = new Set([
      menuPanelsHref("en", versions(3, 2, 1)),
      menuPanelsHref("fi", versions(3, 2, 1)),
      menuPanelsHref("en", versions(4, 2, 1)),
      menuPanelsHref("en", versions(3, 3, 1)),
      menuPanelsHref("en", versions(3, 2, 2)),
    ]);
    expect(addresses.size).toBe(5);
  });
});
