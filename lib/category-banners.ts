// Where category banners go in a product grid (spec §3 category banners): each at its
// 1-based position among the products (default 3), in position order; a banner past the
// end of the page goes last. Only banners whose visibility names the category are shown.
export interface CategoryBanner {
  id: string;
  type: "narrow" | "wide" | "productHighlight";
  position?: number;
  visibility?: { categoryIDs?: string[] };
}

export const DEFAULT_BANNER_POSITION = 3;

export type GridCell<T> = { kind: "product"; item: T } | { kind: "banner"; banner: CategoryBanner };

export function withBanners<T>(items: T[], banners: CategoryBanner[], categoryUid: string): GridCell<T>[] {
  const shown = banners
    .filter((b) => !b.visibility?.categoryIDs?.length || b.visibility.categoryIDs.includes(categoryUid))
    .map((b) => ({ banner: b, at: Math.max(1, b.position ?? DEFAULT_BANNER_POSITION) }))
    .sort((a, b) => a.at - b.at);
  const cells: GridCell<T>[] = items.map((item) => ({ kind: "product", item }));
  // Positions are places in the finished grid: insert in ascending order.
  for (const { banner, at } of shown) cells.splice(Math.min(at - 1, cells.length), 0, { kind: "banner", banner });
  return cells;
}
