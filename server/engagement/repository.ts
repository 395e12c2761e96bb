// The engagement engine's queries: matching and ranking over search_documents, the shopper's
// signals and searches. Each method is one round trip.
import { sql } from "drizzle-orm";
import { type FacetCounts, facetCounts } from "../catalog/repository.ts";
import type { SqlExecutor } from "../cart/repository.ts";
import type { Db } from "../db/client.ts";
import type { Term } from "./analyzer.ts";
import type { VocabularyWord } from "./correction.ts";
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
/** Fewer strict matches than this (the suggestions shown) and the tolerant match runs. */
const FEW_HITS = 5;
/** Ranked by the whole score: the best this many by text rank (relevance order, no filters). */
const PRESELECT = 500;

/**
 * How strictly the words match: every term (a split compound's first part too), every term but
 * those first parts, or tolerantly (typos, stop words; see matchCondition).
 */
export type MatchMode = "strict" | "loose" | "tolerant";

interface MatchRow {
  product_id: number;
  name: string;
  total: number;
}

export interface MatchQuery {
  storeCode: string;
  config: "finnish" | "english";
  /** The text as typed (trimmed). */
  text: string;
  /** Its words: lower-case letters and digits only (safe inside a tsquery), at least one. */
  words: string[];
  /** What the words ask for (analyzer.ts): each term's alternatives, a split compound's first part. */
  terms: Term[];
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
/**
 * Signals and searches are kept this long. After 90 days a signal's weight has decayed to
 * 0.5^(90/7) ≈ 0.01 % of what it was: it no longer moves popularity, and recently viewed and
 * recent searches are about recent weeks.
 */
export const RETENTION_DAYS = 90;
/** A shopper's searches kept (newest first): more than the distinct recent searches ever shown. */
export const MAX_SEARCHES_PER_KEY = 50;
/** Rows deleted per statement by the sweep, so a backlog never holds long locks. */
const PRUNE_BATCH = 5000;

/**
 * Stores a signal and adds its weight to the product's decayed popularity, in one statement, on
 * the executor given: the pool, or the transaction of a purchase report (server/crm), which
 * commits it together with the report's delivery.
 */
export async function addSignalOn(q: SqlExecutor, kind: SignalKind, productId: number, keys: ShopperKeys): Promise<void> {
  await q.execute(sql`
    WITH signal AS (
      INSERT INTO engagement_signals (product_id, kind, customer_key, session_key)
      VALUES (${productId}, ${kind}, ${keys.customerKey}, ${keys.sessionKey}) RETURNING product_id)
    INSERT INTO product_popularity AS pp (product_id, score, at)
    SELECT product_id, ${SIGNAL_WEIGHTS[kind]}, now() FROM signal
    ON CONFLICT (product_id) DO UPDATE
      SET score = pp.score * power(0.5, extract(epoch FROM now() - pp.at) / ${HALF_LIFE_SECONDS}) + excluded.score, at = now()`);
}

/** The tsquery of the terms: each term any of its alternatives as a prefix, all terms (or all but first parts). */
function termsQuery(terms: readonly Term[], withModifiers: boolean): string {
  const asked = terms.filter((t) => withModifiers || !t.modifier);
  return asked.map((t) => `(${t.alternatives.map((a) => `${a}:*`).join(" | ")})`).join(" & ");
}

/** The modes tried in turn: loose only when a compound was split. */
const modesOf = (q: MatchQuery): MatchMode[] =>
  q.terms.some((t) => t.modifier) ? ["strict", "loose", "tolerant"] : ["strict", "tolerant"];

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

  // Whether a word asks anything of the configuration (a stop word's tsquery is empty): fixed
  // per configuration and word, so remembered (a bounded map, cleared when full).
  const asksSomething = new Map<string, boolean>();
  async function meaningfulWords(q: MatchQuery): Promise<string[]> {
    const unknown = q.words.filter((w) => !asksSomething.has(`${q.config}:${w}`));
    if (unknown.length > 0) {
      const found = await rows<{ word: string; asks: boolean }>(sql`
        SELECT w AS word, numnode(to_tsquery(${sql.raw(`'${q.config}'::regconfig`)}, w || ':*')) > 0 AS asks
        FROM unnest(${sql.param(unknown)}::text[]) w`);
      if (asksSomething.size > 10_000) asksSomething.clear();
      for (const r of found) asksSomething.set(`${q.config}:${r.word}`, r.asks);
    }
    return q.words.filter((w) => asksSomething.get(`${q.config}:${w}`));
  }

  /**
   * Which documents (d) match the words: strictly (every word a stemmed prefix) or tolerantly
   * (see match). Tolerantly, the candidates are those every meaningful word could match — by
   * its prefix, or (4+ letters) a name with a word like it — so the indexes intersect what each
   * word finds (a common word beside a rare one no longer brings all its documents to be
   * checked); `meaningful` are the words that are not stop words (meaningfulWords).
   */
  function matchCondition(q: MatchQuery, mode: MatchMode, meaningful: string[] = []) {
    const config = sql.raw(`'${q.config}'::regconfig`);
    // Queries in scalar subqueries are parsed once per statement (and usable by the indexes).
    const tsquery = (text: string) => sql`(SELECT to_tsquery(${config}, ${text}))`;
    const prefixes = (join: string) => q.words.map((w) => `${w}:*`).join(join);
    if (mode !== "tolerant") return sql`d.document @@ ${tsquery(termsQuery(q.terms, mode === "strict"))}`;
    // Tolerantly, a split compound's first part asks nothing; each other term matches by any of
    // its alternatives, or by the typed word's likeness to a word of the name.
    const asked = q.terms.filter((t) => !t.modifier);
    const anyOf = (t: Term) => tsquery(t.alternatives.map((a) => `${a}:*`).join(" | "));
    const typoTerms = asked.filter((t) => t.word.length >= TYPO_MIN_LENGTH);
    // The trigram operator <% is word_similarity ≥ the threshold set for the statement (TYPO_SIMILARITY).
    const meaningfulTerms = asked.filter((t) => meaningful.includes(t.word));
    const candidates =
      meaningfulTerms.length > 0
        ? sql.join(
            meaningfulTerms.map((t) =>
              t.word.length >= TYPO_MIN_LENGTH ? sql`(d.document @@ ${anyOf(t)} OR ${t.word} <% d.name)` : sql`d.document @@ ${anyOf(t)}`,
            ),
            sql` AND `,
          )
        : sql.join([sql`d.document @@ ${tsquery(prefixes(" | "))}`, ...typoTerms.map((t) => sql`${t.word} <% d.name`)], sql` OR `);
    const everyTerm = sql.join(
      asked.map((t) => {
        const own = anyOf(t);
        const typo = t.word.length >= TYPO_MIN_LENGTH ? sql` OR word_similarity(${t.word}, d.name) >= ${TYPO_SIMILARITY}` : sql``;
        return sql`(d.document @@ ${own} OR numnode(${own}) = 0${typo})`;
      }),
      sql` AND `,
    );
    return sql`(${candidates}) AND ${everyTerm}`;
  }

  async function matchWith(q: MatchQuery, mode: MatchMode): Promise<MatchResult> {
    const tolerant = mode === "tolerant";
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
    const where = matchCondition(q, mode, tolerant ? await meaningfulWords(q) : []);
    // Ranked by every term (a compound's first part too), so what has them all comes first.
    const rankQuery = sql`(SELECT to_tsquery(${config}, ${termsQuery(q.terms, true)}) || plainto_tsquery(${config}, ${q.text}))`;
    const score = (table: string) => {
      const t = sql.raw(table);
      return sql`(${t}.text_rank + word_similarity(${q.text}, ${t}.name) * 0.2
        + CASE WHEN lower(${t}.name) LIKE lower(${q.text}) || '%' THEN 0.5 ELSE 0 END) * (1 + ln(1 + coalesce(pop.score, 0)))`;
    };
    const popularity = (t: string) => sql`LEFT JOIN LATERAL (
          SELECT pp.score * power(0.5, extract(epoch FROM now() - pp.at) / ${HALF_LIFE_SECONDS}) AS score
          FROM product_popularity pp WHERE pp.product_id = ${sql.raw(t)}.product_id) pop ON true`;
    // Materialized: the rank is computed in the scan, and what is kept per match is narrow (a
    // common word's 40,000 matches stay in memory instead of spilling their documents to disk).
    const hits = sql`hits AS MATERIALIZED (
        SELECT d.product_id, d.name, d.position, ts_rank(d.document, ${rankQuery}) AS text_rank
        FROM search_documents d
        WHERE d.store_code = ${q.storeCode} AND ${where}
      )`;
    const filtered = !noBrand || !noColor || !noSize || (q.priceCents !== null && q.priceCents !== undefined);
    const statement =
      !filtered && (q.order ?? "relevance") === "relevance"
        ? // Relevance alone: the rest of the score (name likeness, popularity) is computed for the
          // best PRESELECT by text rank only, so a word in 40,000 names costs one rank each.
          sql`
      WITH ${hits},
      top AS (
        SELECT h.* FROM hits h
        ORDER BY h.text_rank DESC, h.position, h.product_id LIMIT ${Math.max(PRESELECT, q.offset + q.limit)}
      ),
      scored AS (SELECT t.*, ${score("t")} AS score FROM top t ${popularity("t")})
      SELECT h.product_id, h.name, (SELECT count(*)::int FROM hits) AS total FROM scored h
      ORDER BY h.score DESC, h.position, h.product_id
      LIMIT ${q.limit} OFFSET ${q.offset}`
        : sql`
      WITH ${hits},
      scored AS (
        SELECT h.*, l.min_final_cents, ${score("h")} AS score
        FROM hits h
        JOIN product_listing l ON l.product_id = h.product_id AND l.store_code = ${q.storeCode}
        ${popularity("h")}
        WHERE (${noBrand} OR h.product_id IN (SELECT id FROM products WHERE brand = ANY(${sql.param(q.brands ?? [])}::text[])))
          AND (${noColor} OR l.color_ids && ${sql.param(q.colorIds ?? [])}::int[])
          AND (${noSize} OR l.size_ids && ${sql.param(q.sizeIds ?? [])}::int[])
          AND (${q.priceCents === null || q.priceCents === undefined} OR (l.min_final_cents >= ${pmin} AND l.min_final_cents < ${pmax}))
      )
      SELECT h.product_id, h.name, count(*) OVER ()::int AS total
      FROM scored h
      ORDER BY ${order}
      LIMIT ${q.limit} OFFSET ${q.offset}`;
    const result = tolerant ? await typoTolerant<MatchRow>(statement) : await rows<MatchRow>(statement);
    let total = result[0]?.total ?? 0;
    // A page past the last has no row to carry the total.
    if (result.length === 0 && q.offset > 0) total = (await matchWith({ ...q, limit: 1, offset: 0 }, mode)).total;
    return { ids: result.map((r) => r.product_id), names: result.map((r) => r.name), total };
  }

  return {
    /**
     * Products matching every word, best first. Strictly first: each word as a stemmed prefix
     * (one GIN lookup). When that finds fewer than FEW_HITS, tolerantly: candidates are any word's
     * stemmed prefix or a name with a word like a typed one (trigram index), and each word must
     * match by stem, prefix, or likeness to a word of the name (typos, Finnish consonant
     * gradation, a compound's part: "takki" in "sadetakki"); a stop word asks nothing.
     * Score: text rank (name A > brand/category B > description C) plus the name's similarity
     * and a bonus when the name starts with the text, times 1 + ln(1 + popularity).
     */
    async match(q: MatchQuery, mode?: MatchMode): Promise<MatchResult> {
      if (mode) return matchWith(q, mode);
      for (const next of modesOf(q)) {
        const found = await matchWith(q, next);
        if (found.total >= FEW_HITS || next === "tolerant") return found;
      }
      return matchWith(q, "tolerant");
    },

    /**
     * The facet counts of the products matching the text (the category listing's facets, each
     * counted with every filter but its own), the way the page will match: strictly, unless the
     * text alone matches fewer than FEW_HITS strictly. So filters narrow one set of matches, and
     * the counts agree with the page's total. `mode` is for match.
     */
    async facets(q: MatchQuery): Promise<FacetCounts & { mode: MatchMode }> {
      const filters = { colorIds: q.colorIds ?? [], sizeIds: q.sizeIds ?? [], brands: q.brands ?? [], priceCents: q.priceCents ?? null };
      const statement = (mode: MatchMode, meaningful: string[] = []) => sql`
        WITH scope AS MATERIALIZED (
          SELECT p.brand, l.min_final_cents, l.color_ids, l.size_ids
          FROM search_documents d
          JOIN products p ON p.id = d.product_id
          JOIN product_listing l ON l.product_id = d.product_id AND l.store_code = ${q.storeCode}
          WHERE d.store_code = ${q.storeCode} AND ${matchCondition(q, mode, meaningful)}
        )
        SELECT (SELECT count(*)::int FROM scope) AS matches, ${facetCounts(filters)}`;
      type Row = FacetCounts & { matches: number };
      for (const mode of modesOf(q)) {
        if (mode === "tolerant") break;
        const found = (await rows<Row>(statement(mode)))[0];
        if (found && found.matches >= FEW_HITS) return { ...found, mode };
      }
      const tolerant = (await typoTolerant<Row>(statement("tolerant", await meaningfulWords(q))))[0];
      return { colors: [], sizes: [], brands: [], prices: [], ...tolerant, mode: "tolerant" };
    },

    /** Whether a term (any of its alternatives) is in any document of the store; a term of stop words only counts as found. */
    async termFinds(q: Pick<MatchQuery, "storeCode" | "config">, term: Term): Promise<boolean> {
      const config = sql.raw(`'${q.config}'::regconfig`);
      const query = term.alternatives.map((a) => `${a}:*`).join(" | ");
      const [found] = await rows<{ found: boolean }>(sql`
        SELECT numnode(to_tsquery(${config}, ${query})) = 0
          OR EXISTS (SELECT 1 FROM search_documents d WHERE d.store_code = ${q.storeCode} AND d.document @@ to_tsquery(${config}, ${query}))
          AS found`);
      return found?.found ?? false;
    },

    /**
     * The words of the store's product names and the product types their compounds end with,
     * each with how many documents have it: what "did you mean" may suggest (correction.ts).
     */
    async vocabulary(storeCode: string): Promise<VocabularyWord[]> {
      return rows<VocabularyWord>(sql`
        SELECT w AS word, count(*)::int AS documents
        FROM search_documents d, regexp_split_to_table(lower(d.name || ' ' || coalesce(d.heads, '')), '[^[:alnum:]åäö]+') w
        WHERE d.store_code = ${storeCode} AND length(w) >= ${TYPO_MIN_LENGTH}
        GROUP BY w`);
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
    addSignal: (kind: SignalKind, productId: number, keys: ShopperKeys) => addSignalOn(db, kind, productId, keys),

    /**
     * Records a search under the shopper's key and, in the same statement, drops that key's
     * searches beyond the newest MAX_SEARCHES_PER_KEY (the new one's statement does not see
     * itself: the others keep one place less), so no key grows without bound between sweeps.
     */
    async addSearch(storeCode: string, text: string, keys: ShopperKeys): Promise<void> {
      await db.execute(sql`
        WITH added AS (
          INSERT INTO engagement_searches (store_code, q, customer_key, session_key)
          VALUES (${storeCode}, ${text}, ${keys.customerKey}, ${keys.sessionKey}) RETURNING id)
        DELETE FROM engagement_searches WHERE id IN (
          SELECT id FROM engagement_searches WHERE ${keyFilter(keys)}
          ORDER BY at DESC, id DESC OFFSET ${MAX_SEARCHES_PER_KEY - 1})`);
    },

    /**
     * The retention sweep: signals and searches older than RETENTION_DAYS go, and so do the
     * popularity rows last raised before then (all their signals are gone and their score is
     * negligible), so a product has a popularity row exactly when it has a signal kept. A signal
     * arriving meanwhile raises its row's time first, and the delete then passes it by.
     */
    async prune(): Promise<{ signals: number; searches: number; popularity: number }> {
      const cutoff = sql`now() - make_interval(days => ${RETENTION_DAYS})`;
      const batches = async (table: "engagement_signals" | "engagement_searches") => {
        let total = 0;
        for (;;) {
          const result = await db.execute(sql`
            DELETE FROM ${sql.raw(table)} WHERE id IN (
              SELECT id FROM ${sql.raw(table)} WHERE at < ${cutoff} ORDER BY at LIMIT ${PRUNE_BATCH})`);
          const deleted = result.rowCount ?? 0;
          total += deleted;
          if (deleted < PRUNE_BATCH) return total;
        }
      };
      const signals = await batches("engagement_signals");
      const searches = await batches("engagement_searches");
      const popularity = (await db.execute(sql`DELETE FROM product_popularity WHERE at < ${cutoff}`)).rowCount ?? 0;
      return { signals, searches, popularity };
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

    /**
     * What the shopper's signals say they like (decision 0069): a weight per product they
     * touched (each signal's weight, decayed with popularity's half-life), and the same summed
     * per brand and per category of those products.
     */
    async shopperAffinity(keys: ShopperKeys): Promise<{ kind: "product" | "brand" | "category"; key: string; weight: number }[]> {
      const weight = sql.raw(
        `CASE s.kind ${Object.entries(SIGNAL_WEIGHTS)
          .map(([kind, w]) => `WHEN '${kind}' THEN ${w}`)
          .join(" ")} ELSE 0 END`,
      );
      return rows(sql`
        WITH mine AS (
          SELECT s.product_id, sum(${weight} * power(0.5, extract(epoch FROM now() - s.at) / ${HALF_LIFE_SECONDS}))::float8 AS weight
          FROM engagement_signals s WHERE ${keyFilter(keys)} GROUP BY s.product_id)
        SELECT 'product' AS kind, product_id::text AS key, weight FROM mine
        UNION ALL
        SELECT 'brand', p.brand, sum(m.weight)::float8 FROM mine m JOIN products p ON p.id = m.product_id
          WHERE p.brand IS NOT NULL GROUP BY p.brand
        UNION ALL
        SELECT 'category', pc.category_id::text, sum(m.weight)::float8 FROM mine m
          JOIN product_categories pc ON pc.product_id = m.product_id GROUP BY pc.category_id`);
    },

    /** The most popular products now, with their popularity decayed to this moment. */
    async popularScores(limit: number): Promise<{ product_id: number; score: number }[]> {
      return rows(sql`
        SELECT product_id, (score * power(0.5, extract(epoch FROM now() - at) / ${HALF_LIFE_SECONDS}))::float8 AS score
        FROM product_popularity ORDER BY score * power(0.5, extract(epoch FROM now() - at) / ${HALF_LIFE_SECONDS}) DESC LIMIT ${limit}`);
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
