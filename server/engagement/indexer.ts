// The search index's documents (docs/decisions/0022): one per product and store, built in the
// database from the catalogue's own tables in one statement per batch, so a full build of
// 100,000 products is one set-based pass and a change of a few products is one small one.
// Only texts are indexed; prices and stock are read live when a query is answered.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

type Executor = Pick<Db, "execute">;

/** The text search configuration of a store's language: Finnish or English stemming. */
export const searchConfig = (locale: string) => (locale === "fi" ? "finnish" : "english");

const CONFIG = sql`(CASE s.locale WHEN 'fi' THEN 'finnish' ELSE 'english' END)::regconfig`;

/**
 * Writes the documents of these products (every product when null) in every store, and removes
 * the documents of those that are disabled or gone. Returns how many documents were written or
 * removed (unchanged texts write nothing).
 */
export async function indexProducts(q: Executor, productIds: number[] | null): Promise<number> {
  const all = productIds === null;
  const ids = sql.param(productIds ?? []);
  const written = await q.execute(sql`
    INSERT INTO search_documents (product_id, store_code, name, brand, categories, description, colors, document, position, updated_at)
    SELECT p.id, s.code, t.name, p.brand, coalesce(cat.names, ''), t.description, coalesce(col.names, ''),
      setweight(to_tsvector(${CONFIG}, t.name), 'A')
        || setweight(to_tsvector(${CONFIG}, p.brand || ' ' || coalesce(cat.names, '')), 'B')
        || setweight(to_tsvector(${CONFIG}, t.description || ' ' || coalesce(col.names, '')), 'C'),
      p.position, now()
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
    WHERE p.enabled AND (${all} OR p.id = ANY(${ids}::int[]))
    ON CONFLICT (store_code, product_id) DO UPDATE SET
      name = excluded.name, brand = excluded.brand, categories = excluded.categories, description = excluded.description,
      colors = excluded.colors, document = excluded.document, position = excluded.position, updated_at = excluded.updated_at
    -- A price or stock change rewrites nothing: only documents whose texts differ count as written.
    WHERE (search_documents.name, search_documents.brand, search_documents.categories, search_documents.description,
           search_documents.colors, search_documents.position)
      IS DISTINCT FROM (excluded.name, excluded.brand, excluded.categories, excluded.description, excluded.colors, excluded.position)`);
  const removed = await q.execute(sql`
    DELETE FROM search_documents d
    WHERE (${all} OR d.product_id = ANY(${ids}::int[]))
      AND NOT EXISTS (
        SELECT 1 FROM products p JOIN stores s ON s.code = d.store_code
        JOIN product_translations t ON t.product_id = p.id AND t.locale = s.locale
        WHERE p.id = d.product_id AND p.enabled)`);
  return (written.rowCount ?? 0) + (removed.rowCount ?? 0);
}

/** Builds the documents of products that have none yet (a database seeded before the index existed). */
export async function indexMissing(q: Executor): Promise<number> {
  const missing = await q.execute<{ id: number }>(sql`
    SELECT p.id FROM products p WHERE p.enabled AND NOT EXISTS (SELECT 1 FROM search_documents d WHERE d.product_id = p.id)`);
  const ids = missing.rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  return indexProducts(q, ids);
}
