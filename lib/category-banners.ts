// Where category banners go in a product grid (spec §3 category banners): each at its
// 1-based position among the products (default 3), in position order; a banner past the
// end of the page goes last. Which banners a category shows is the visibility rule's
// (lib/cms-visibility.ts, its categoryIDs): the page filters before placing.
export const DEFAULT_BANNER_POSITION = 3;

export type GridCell<T, B> = { kind: "product"; item: T } | { kind: "banner"; banner: B };

export function withBanners<T, B extends { position?: number }>(items: T[], banners: readonly B[]): GridCell<T, B>[] {
  const shown = banners.map((b) => ({ banner: b, at: Math.max(1, b.position ?? DEFAULT_BANNER_POSITION) })).sort((a, b) => a.at - b.at);
  const cells: GridCell<T, B>[] = items.map((item) => ({ kind: "product", item }));
  // Positions are places in the finished grid: insert in ascending order.
  for (const { banner, at } of shown) cells.splice(Math.min(at - 1, cells.length), 0, { kind: "banner", banner });
  return cells;
}
