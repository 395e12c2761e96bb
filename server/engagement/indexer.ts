// The search index's documents (docs/decisions/0022): one per product and store, built in the
// database from the catalogue's own tables in one statement per batch, so a full build of
// 100,000 products is one set-based pass and a change of a few products is one small one.
// Only texts are indexed; prices and stock are read live when a query is answered.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { COMPOUND_HEADS } from "./lexicon.ts";

type Executor = Pick<Db, "execute">;

/** The text search configuration of a store's language: Finnish or English stemming. */
export const searchConfig = (locale: string) => (locale === "fi" ? "finnish" : "english");

const CONFIG = sql`(CASE s.locale WHEN 'fi' THEN 'finnish' ELSE 'english' END)::regconfig`;

const HEADS = Object.entries(COMPOUND_HEADS).flatMap(([locale, heads]) => heads.map((head) => ({ locale, head })));
/** The index's vocabulary version: a document built with another is built again (indexStale). */
export const LEXICON_VERSION = createHash("sha256").update(JSON.stringify(COMPOUND_HEADS)).digest("hex").slice(0, 16);
/** A compound's first part is at least this long (as the query's analyzer splits, analyzer.ts). */
const MIN_MODIFIER = 3;

/**
 * Writes the documents of these products (every product when null) in every store, and removes
 * the documents of those that are disabled or gone. Returns how many documents were written or
 * removed (unchanged texts write nothing).
 */
export async function indexProducts(q: Executor, productIds: number[] | null): Promise<number> {
  const all = productIds === null;
  const ids = sql.param(productIds ?? []);
  const written = await q.execute(sql`
    INSERT INTO search_documents (product_id, store_code, name, brand, categories, description, colors, document, heads, lexicon, position, updated_at)
    SELECT p.id, s.code, t.name, p.brand, coalesce(cat.names, ''), t.description, coalesce(col.names, ''),
      setweight(to_tsvector(${CONFIG}, t.name || ' ' || coalesce(hd.names, '')), 'A')
        || setweight(to_tsvector(${CONFIG}, p.brand || ' ' || coalesce(cat.names, '')), 'B')
        || setweight(to_tsvector(${CONFIG}, t.description || ' ' || coalesce(col.names, '')), 'C'),
      coalesce(hd.names, ''), ${LEXICON_VERSION}, p.position, now()
    FROM products p
    CROSS JOIN stores s
    JOIN product_translations t ON t.product_id = p.id AND t.locale = s.locale
    LEFT JOIN LATERAL (
      SELECT string_agg(ct.name, ' ' ORDER BY ct.name) AS names
      FROM product_categories pc JOIN category_translations ct ON ct.category_id = pc.category_id AND ct.locale = s.locale
      WHERE pc.product_id = p.id) cat ON true
    LEFT JOIN LATERAL (
      SELECT string_agg(DISTINCT coalesce(av.labels ->> s.locale, av.labels ->> 'en', ''), ' ') AS names
      FROM variants v JOIN attribute_values av ON av.id = v.color_id
      WHERE v.product_id = p.id) col ON true
    LEFT JOIN LATERAL (
      -- The product types the name's compounds end with (talviparka: parka), as words of their own.
      SELECT string_agg(DISTINCT h.head, ' ' ORDER BY h.head) AS names
      FROM regexp_split_to_table(lower(t.name), '[^[:alnum:]åäö]+') w
      JOIN unnest(${sql.param(HEADS.map((h) => h.locale))}::text[], ${sql.param(HEADS.map((h) => h.head))}::text[]) AS h(locale, head)
        ON h.locale = s.locale AND length(w) - length(h.head) >= ${MIN_MODIFIER} AND right(w, length(h.head)) = h.head) hd ON true
    WHERE p.enabled AND (${all} OR p.id = ANY(${ids}::int[]))
    ON CONFLICT (store_code, product_id) DO UPDATE SET
      name = excluded.name, brand = excluded.brand, categories = excluded.categories, description = excluded.description,
      colors = excluded.colors, document = excluded.document, heads = excluded.heads, lexicon = excluded.lexicon,
      position = excluded.position, updated_at = excluded.updated_at
    -- A price or stock change rewrites nothing: only documents whose texts differ count as written.
    WHERE (search_documents.name, search_documents.brand, search_documents.categories, search_documents.description,
           search_documents.colors, search_documents.lexicon, search_documents.position)
      IS DISTINCT FROM (excluded.name, excluded.brand, excluded.categories, excluded.description, excluded.colors, excluded.lexicon,
                        excluded.position)`);
  const removed = await q.execute(sql`
    DELETE FROM search_documents d
    WHERE (${all} OR d.product_id = ANY(${ids}::int[]))
      AND NOT EXISTS (
        SELECT 1 FROM products p JOIN stores s ON s.code = d.store_code
        JOIN product_translations t ON t.product_id = p.id AND t.locale = s.locale
        WHERE p.id = d.product_id AND p.enabled)`);
  return (written.rowCount ?? 0) + (removed.rowCount ?? 0);
}

/**
 * Builds the documents of products that have none yet (a database seeded before the index
 * existed) or were built with another vocabulary (lexicon.ts changed).
 */
export async function indexStale(q: Executor): Promise<number> {
  const stale = await q.execute<{ id: number }>(sql`
    SELECT p.id FROM products p WHERE p.enabled AND NOT EXISTS (
      SELECT 1 FROM search_documents d WHERE d.product_id = p.id AND d.lexicon = ${LEXICON_VERSION})`);
  const ids = stale.rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  return indexProducts(q, ids);
}
