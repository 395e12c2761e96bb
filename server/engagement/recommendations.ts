// Recommendations (issue 12; spec §1 engine queries, §9 slider size): for a product, its
// alternatives (products of its own categories, most shared categories first) and what was
// bought with it (orders that hold both); for a cart, the popular products it does not hold.
// Popularity is the engine's: every shopper's signals decayed with the same half-life as the
// search ranking. Only enabled products in stock in the store are recommended. The landing-page
// lists (a CMS block) add the newest products and, with consent, the shopper's recently viewed.
import { sql } from "drizzle-orm";
import type { ProductSummary } from "../../lib/catalog-types.ts";
import type { Store } from "../catalog/reference.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { Db } from "../db/client.ts";
import { createEngagementRepository, HALF_LIFE_DAYS } from "./repository.ts";
import type { Tracking } from "./types.ts";

/** Spec §9: a slider shows at most eight products. */
export const MAX_RECOMMENDATIONS = 8;
export const RECOMMENDATION_KINDS = ["alternatives", "also-bought", "popular", "new", "recently-viewed"] as const;
/** The lists a landing page (the CMS block elevateRecommendations) may ask for. */
export const LANDING_PAGE_LISTS = ["popular", "recently-viewed", "new"] as const;
export type LandingPageList = (typeof LANDING_PAGE_LISTS)[number];
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];

export interface RecommendationList {
  kind: RecommendationKind;
  products: ProductSummary[];
}

/** A product's popularity now: its running score (product_popularity), decayed since it was last raised. */
const popularity = (column: string) => sql`coalesce((
  SELECT pp.score * power(0.5, extract(epoch FROM now() - pp.at) / ${HALF_LIFE_DAYS * 86_400})
  FROM product_popularity pp WHERE pp.product_id = ${sql.raw(column)}), 0)`;

export function createRecommendations({ db, catalog }: { db: Db; catalog: Pick<CatalogService, "productSummaries"> }) {
  const engagement = createEngagementRepository(db);
  const ids = async (query: ReturnType<typeof sql>): Promise<number[]> =>
    ((await db.execute(query)).rows as { product_id: number }[]).map((r) => Number(r.product_id));

  /** The products as cards show them, in the order given (the catalogue keeps it). */
  const summaries = (store: Store, order: number[]) => (order.length === 0 ? Promise.resolve([]) : catalog.productSummaries(store, order));

  async function productIds(skus: string[]): Promise<number[]> {
    if (skus.length === 0) return [];
    return ids(sql`SELECT id AS product_id FROM products WHERE sku = ANY(${sql.param(skus)}::text[])`);
  }

  /** The product (a column of the query) is enabled and in stock in the store. */
  const available = (store: Store, column: string) =>
    sql`EXISTS (SELECT 1 FROM product_listing avail JOIN products p ON p.id = avail.product_id AND p.enabled
      WHERE avail.product_id = ${sql.raw(column)} AND avail.store_code = ${store.code} AND avail.in_stock)`;

  /** The most popular products, without those the shopper has (a cart's skus). */
  async function popular(store: Store, exclude: string[], limit = MAX_RECOMMENDATIONS): Promise<RecommendationList[]> {
    const without = await productIds(exclude);
    const top = await ids(sql`
      SELECT l.product_id FROM product_listing l
      WHERE l.store_code = ${store.code} AND l.product_id <> ALL(${sql.param(without)}::int[]) AND ${available(store, "l.product_id")}
      ORDER BY ${popularity("l.product_id")} DESC, l.product_id DESC
      LIMIT ${limit}`);
    return [{ kind: "popular", products: await summaries(store, top) }];
  }

  return {
    /** A product's lists: alternatives and also-bought (an unknown product: none). */
    async forProduct(store: Store, sku: string, limit = MAX_RECOMMENDATIONS): Promise<RecommendationList[]> {
      const [id] = await productIds([sku]);
      if (id === undefined) return [];
      const [alternatives, alsoBought] = await Promise.all([
        ids(sql`
        SELECT pc.product_id FROM product_categories pc
        WHERE pc.category_id IN (SELECT category_id FROM product_categories WHERE product_id = ${id})
          AND pc.product_id <> ${id} AND ${available(store, "pc.product_id")}
        GROUP BY pc.product_id
        ORDER BY count(*) DESC, ${popularity("pc.product_id")} DESC, pc.product_id
        LIMIT ${limit}`),
        ids(sql`
        SELECT v2.product_id FROM order_items a
        JOIN variants v1 ON v1.id = a.variant_id AND v1.product_id = ${id}
        JOIN order_items b ON b.order_id = a.order_id AND b.id <> a.id
        JOIN variants v2 ON v2.id = b.variant_id AND v2.product_id <> ${id}
        WHERE ${available(store, "v2.product_id")}
        GROUP BY v2.product_id
        ORDER BY count(DISTINCT a.order_id) DESC, v2.product_id
        LIMIT ${limit}`),
      ]);
      const [shownAlternatives, shownAlsoBought] = await Promise.all([summaries(store, alternatives), summaries(store, alsoBought)]);
      return [
        { kind: "alternatives", products: shownAlternatives },
        { kind: "also-bought", products: shownAlsoBought },
      ];
    },

    popular,

    /**
     * A landing page's list: the most popular, the newest (latest added first), or the shopper's
     * recently viewed. The last is personal: only with tracking allowed (consent, notify not
     * false) and a key; otherwise it is empty, with the same shape.
     */
    async landingPage(store: Store, list: LandingPageList, tracking: Tracking, limit = MAX_RECOMMENDATIONS): Promise<RecommendationList[]> {
      if (list === "popular") return popular(store, [], limit);
      if (list === "new") {
        const newest = await ids(sql`
          SELECT l.product_id FROM product_listing l JOIN products p ON p.id = l.product_id
          WHERE l.store_code = ${store.code} AND p.enabled AND l.in_stock
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ${limit}`);
        return [{ kind: "new", products: await summaries(store, newest) }];
      }
      const mine = tracking.allowed && !!(tracking.keys.customerKey || tracking.keys.sessionKey);
      const viewed = mine ? await engagement.recentlyViewed(tracking.keys, limit) : [];
      return [{ kind: "recently-viewed", products: await summaries(store, viewed) }];
    },
  };
}

export type Recommendations = ReturnType<typeof createRecommendations>;
