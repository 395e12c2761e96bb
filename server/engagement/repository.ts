// The engagement engine's queries: matching and ranking over search_documents, the shopper's
// signals and searches. Each method is one round trip.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { SignalKind, ShopperKeys } from "./types.ts";

/** How much each signal says about a product's popularity. */
export const SIGNAL_WEIGHTS: Record<SignalKind, number> = { click: 1, add_to_wishlist: 2, add_to_cart: 3, purchase: 5 };
/** Popularity halves every 7 days. */
export const HALF_LIFE_DAYS = 7;
/**
 * word_similarity of a typed word to the name from which a typo still matches ("tkki" → "takki"
 * is 0.4; Finnish stemming misses consonant gradation, "takit" → "takki" is 0.5). Words shorter
 * than TYPO_MIN_LENGTH must match by stem or prefix.
 */
export const TYPO_SIMILARITY = 0.4;
const TYPO_MIN_LENGTH = 4;
/** The least similarity of a "did you mean" name. */
const NEAREST_SIMILARITY = 0.25;

export interface MatchQuery {
  storeCode: string;
  config: "finnish" | "english";
  /** The text as typed (trimmed). */
  text: string;
  /** Its words: lower-case letters and digits only (safe inside a tsquery), at least one. */
  words: string[];
  /** Only products in stock, and filters on the listing row. */
  brands?: string[];
  colorIds?: number[];
  sizeIds?: number[];
  priceCents?: [number, number] | null;
  order?: "relevance" | "price_asc" | "price_desc";
  limit: number;
  offset: number;
}

export interface MatchResult {
  ids: number[];
  names: string[];
  total: number;
}

const HALF_LIFE_SECONDS = HALF_LIFE_DAYS * 86_400;

export function createEngagementRepository(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
  // The trigram operator (<%) matches from pg_trgm.word_similarity_threshold: set for the query's
  // own transaction only.
  const typoTolerant = <T>(query: ReturnType<typeof sql>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
      return (await tx.execute(query)).rows as T[];
    });
  const keyFilter = (keys: ShopperKeys) =>
    keys.customerKey ? sql`customer_key = ${keys.customerKey}` : sql`session_key = ${keys.sessionKey ?? ""}`;

  return {
    /**
     * Products whose document matches the words (stemmed, each as a prefix) or whose name holds a
     * word like the text (trigrams: typos). Score: text rank (name A > brand/category B > description C),
     * plus the name's similarity and a bonus when the name starts with the text, times
     * 1 + ln(1 + popularity), popularity being the signals decayed with a 7-day half-life.
     */
    async match(q: MatchQuery): Promise<MatchResult> {
      const noBrand = !q.brands?.length;
      const noColor = !q.colorIds?.length;
      const noSize = !q.sizeIds?.length;
      const [pmin, pmax] = q.priceCents ?? [0, 0];
      const order =
        q.order === "price_asc"
          ? sql`h.min_final_cents ASC, h.score DESC, h.product_id`
          : q.order === "price_desc"
            ? sql`h.min_final_cents DESC, h.score DESC, h.product_id`
            : sql`h.score DESC, h.position, h.product_id`;
      const config = sql.raw(`'${q.config}'::regconfig`);
      // Candidates come from the indexes (any word as a stemmed prefix, or a name with a word
      // like one typed); each word must then match: stemmed, as a prefix, or like a word of
      // the name (typos, and a compound's part: "takki" in "sadetakki"). A stop word asks nothing.
      const typoWords = q.words.filter((w) => w.length >= TYPO_MIN_LENGTH);
      const anyWord = typoWords.length
        ? sql.join(
            typoWords.map((w) => sql`${w} <% d.name`),
            sql` OR `,
          )
        : sql`false`;
      const everyWord = sql.join(
        q.words.map(
          (w) => sql`(d.document @@ to_tsquery(${config}, ${`${w}:*`}) OR d.document @@ plainto_tsquery(${config}, ${w})
            OR numnode(plainto_tsquery(${config}, ${w})) = 0
            OR (${w.length >= TYPO_MIN_LENGTH} AND word_similarity(${w}, d.name) >= ${TYPO_SIMILARITY}))`,
        ),
        sql` AND `,
      );
      const result = await typoTolerant<{ product_id: number; name: string; total: number }>(sql`
        WITH query AS (
          SELECT to_tsquery(${config}, ${q.words.map((w) => `${w}:*`).join(" | ")}) AS anyq,
                 to_tsquery(${config}, ${q.words.map((w) => `${w}:*`).join(" & ")}) || plainto_tsquery(${config}, ${q.text}) AS tsq
        ),
        hits AS (
          SELECT d.product_id, d.name, d.position,
            ts_rank(d.document, query.tsq) AS text_rank,
            word_similarity(${q.text}, d.name) AS similarity
          FROM search_documents d, query
          WHERE d.store_code = ${q.storeCode} AND (d.document @@ query.anyq OR ${anyWord}) AND ${everyWord}
        ),
        scored AS (
          SELECT h.*, l.min_final_cents,
            (h.text_rank + h.similarity * 0.2 + CASE WHEN lower(h.name) LIKE lower(${q.text}) || '%' THEN 0.5 ELSE 0 END)
              * (1 + ln(1 + coalesce(pop.score, 0))) AS score
          FROM hits h
          JOIN product_listing l ON l.product_id = h.product_id AND l.store_code = ${q.storeCode}
          LEFT JOIN LATERAL (
            SELECT pp.score * power(0.5, extract(epoch FROM now() - pp.at) / ${HALF_LIFE_SECONDS}) AS score
            FROM product_popularity pp WHERE pp.product_id = h.product_id) pop ON true
          WHERE (${noBrand} OR h.product_id IN (SELECT id FROM products WHERE brand = ANY(${sql.param(q.brands ?? [])}::text[])))
            AND (${noColor} OR l.color_ids && ${sql.param(q.colorIds ?? [])}::int[])
            AND (${noSize} OR l.size_ids && ${sql.param(q.sizeIds ?? [])}::int[])
            AND (${q.priceCents === null || q.priceCents === undefined} OR (l.min_final_cents >= ${pmin} AND l.min_final_cents < ${pmax}))
        )
        SELECT h.product_id, h.name, count(*) OVER ()::int AS total
        FROM scored h
        ORDER BY ${order}
        LIMIT ${q.limit} OFFSET ${q.offset}`);
      let total = result[0]?.total ?? 0;
      if (result.length === 0 && q.offset > 0) total = await this.count(q);
      return { ids: result.map((r) => r.product_id), names: result.map((r) => r.name), total };
    },

    /** The number of matches alone (a page past the last). */
    async count(q: MatchQuery): Promise<number> {
      const page = await this.match({ ...q, limit: 1, offset: 0 });
      return page.total;
    },

    /** The product name most like the text (trigrams), for "did you mean": a scan, run only when nothing matched. */
    async nearestName(storeCode: string, text: string): Promise<string | null> {
      const result = await rows<{ name: string }>(sql`
        SELECT name FROM (
          SELECT name, position, word_similarity(${text}, name) AS similarity FROM search_documents
          WHERE store_code = ${storeCode}) d
        WHERE similarity >= ${NEAREST_SIMILARITY}
        ORDER BY similarity DESC, position LIMIT 1`);
      return result[0]?.name ?? null;
    },

    /** The product of a sku: its own, or one of its variants' (an order line names the variant). */
    async productIdBySku(sku: string): Promise<number | undefined> {
      return (
        await rows<{ id: number }>(sql`
          SELECT id FROM products
          WHERE enabled AND (sku = ${sku} OR id = (SELECT product_id FROM variants WHERE sku = ${sku} LIMIT 1))`)
      )[0]?.id;
    },

    /** Stores the signal and adds its weight to the product's decayed popularity, in one statement. */
    async addSignal(kind: SignalKind, productId: number, keys: ShopperKeys): Promise<void> {
      await db.execute(sql`
        WITH signal AS (
          INSERT INTO engagement_signals (product_id, kind, customer_key, session_key)
          VALUES (${productId}, ${kind}, ${keys.customerKey}, ${keys.sessionKey}) RETURNING product_id)
        INSERT INTO product_popularity AS pp (product_id, score, at)
        SELECT product_id, ${SIGNAL_WEIGHTS[kind]}, now() FROM signal
        ON CONFLICT (product_id) DO UPDATE
          SET score = pp.score * power(0.5, extract(epoch FROM now() - pp.at) / ${HALF_LIFE_SECONDS}) + excluded.score, at = now()`);
    },

    async addSearch(storeCode: string, text: string, keys: ShopperKeys): Promise<void> {
      await db.execute(sql`
        INSERT INTO engagement_searches (store_code, q, customer_key, session_key)
        VALUES (${storeCode}, ${text}, ${keys.customerKey}, ${keys.sessionKey})`);
    },

    /** The shopper's latest distinct searches in this store, newest first. */
    async recentSearches(storeCode: string, keys: ShopperKeys, limit: number): Promise<string[]> {
      const result = await rows<{ q: string }>(sql`
        SELECT q FROM (
          SELECT lower(q) AS key, (array_agg(q ORDER BY at DESC))[1] AS q, max(at) AS at FROM engagement_searches
          WHERE ${keyFilter(keys)} AND store_code = ${storeCode} GROUP BY lower(q)) r
        ORDER BY at DESC LIMIT ${limit}`);
      return result.map((r) => r.q);
    },

    /** The products the shopper clicked last, newest first (enabled ones). */
    async recentlyViewed(keys: ShopperKeys, limit: number): Promise<number[]> {
      const result = await rows<{ product_id: number }>(sql`
        SELECT s.product_id FROM engagement_signals s JOIN products p ON p.id = s.product_id AND p.enabled
        WHERE ${keyFilter(keys)} AND s.kind = 'click'
        GROUP BY s.product_id ORDER BY max(s.at) DESC LIMIT ${limit}`);
      return result.map((r) => r.product_id);
    },
  };
}

export type EngagementRepository = ReturnType<typeof createEngagementRepository>;
