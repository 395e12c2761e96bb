// The content store's queries. Delivery reads published fields only; preview reads the draft
// where there is one, else the published fields (what an editor would publish next).
import { asc, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { contentAssets, contentEntries, contentLocales, contentTypes, type ContentAssetRow } from "../db/schema.ts";
import type { StoredEntry } from "./wire.ts";

/** A `fields.<name>=value` filter: equality in the requested locale (or its fallbacks); arrays match when they hold the value. */
export interface FieldFilter {
  field: string;
  value: string;
}

export interface OrderBy {
  /** "sys.id", "sys.createdAt", "sys.updatedAt" or a field id. */
  key: string;
  descending: boolean;
}

export interface EntryQuery {
  preview: boolean;
  contentType?: string;
  ids?: string[];
  fields?: FieldFilter[];
  order?: OrderBy[];
  /** Locale codes to look field values up in, most wanted first (filters and field ordering). */
  chain: readonly string[];
  limit: number;
  skip: number;
}

const fieldsOf = (preview: boolean): SQL =>
  preview ? sql`coalesce(${contentEntries.draftFields}, ${contentEntries.publishedFields})` : sql`${contentEntries.publishedFields}`;

/** A field's value in the first locale of the chain that has it (jsonb). */
function localized(preview: boolean, field: string, chain: readonly string[]): SQL {
  const parts = chain.map((code) => sql`${fieldsOf(preview)} -> ${field} -> ${code}`);
  return sql`coalesce(${sql.join(parts, sql`, `)})`;
}

const SYS_ORDER: Record<string, SQL> = {
  "sys.id": sql`${contentEntries.id}`,
  "sys.createdAt": sql`${contentEntries.createdAt}`,
  "sys.updatedAt": sql`${contentEntries.updatedAt}`,
  "sys.revision": sql`${contentEntries.revision}`,
};

function toStored(row: {
  id: string;
  content_type_id: string;
  revision: number;
  fields: StoredEntry["fields"];
  created_at: string | Date;
  updated_at: string | Date;
}): StoredEntry {
  return {
    id: row.id,
    contentTypeId: row.content_type_id,
    revision: Number(row.revision),
    fields: row.fields,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export function createContentRepository(db: Db) {
  const repository = {
    locales: () => db.select().from(contentLocales).orderBy(asc(contentLocales.position), asc(contentLocales.code)),
    contentTypes: () => db.select().from(contentTypes).orderBy(asc(contentTypes.id)),
    async contentType(id: string) {
      const [row] = await db.select().from(contentTypes).where(sql`${contentTypes.id} = ${id}`);
      return row ?? null;
    },

    /** Entries matching the query, one page of them, and how many match in all. */
    async entries(q: EntryQuery): Promise<{ total: number; items: StoredEntry[] }> {
      const fields = fieldsOf(q.preview);
      const where: SQL[] = [sql`${fields} IS NOT NULL`];
      if (q.contentType !== undefined) where.push(sql`${contentEntries.contentTypeId} = ${q.contentType}`);
      if (q.ids !== undefined) where.push(sql`${contentEntries.id} = ANY(${sql.param(q.ids)}::text[])`);
      for (const f of q.fields ?? []) {
        const value = localized(q.preview, f.field, q.chain);
        where.push(sql`(CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} @> jsonb_build_array(${f.value}::text)
          ELSE ${value} #>> '{}' = ${f.value} END)`);
      }
      const order = (q.order ?? []).map((o) => {
        const expression = SYS_ORDER[o.key] ?? localized(q.preview, o.key.replace(/^fields\./, ""), q.chain);
        return o.descending ? sql`${expression} DESC NULLS LAST` : sql`${expression} ASC NULLS LAST`;
      });
      order.push(sql`${contentEntries.id} ASC`);
      const result = await db.execute<{
        id: string;
        content_type_id: string;
        revision: number;
        fields: StoredEntry["fields"];
        created_at: string;
        updated_at: string;
        total: number;
      }>(sql`
        SELECT ${contentEntries.id} AS id, ${contentEntries.contentTypeId} AS content_type_id, ${contentEntries.revision} AS revision,
          ${fields} AS fields, ${contentEntries.createdAt} AS created_at, ${contentEntries.updatedAt} AS updated_at,
          count(*) OVER ()::int AS total
        FROM ${contentEntries}
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${sql.join(order, sql`, `)}
        LIMIT ${q.limit} OFFSET ${q.skip}`);
      let total = Number(result.rows[0]?.total ?? 0);
      // A page past the end has no rows to count with: count alone.
      if (result.rows.length === 0 && q.skip > 0) {
        const counted = await db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM ${contentEntries} WHERE ${sql.join(where, sql` AND `)}`,
        );
        total = Number(counted.rows[0]?.n ?? 0);
      }
      return { total, items: result.rows.map(toStored) };
    },

    /** Entries by id (links), published or, in preview, their latest version. */
    async entriesById(ids: string[], preview: boolean): Promise<StoredEntry[]> {
      if (ids.length === 0) return [];
      const { items } = await repository.entries({ preview, ids, chain: [], limit: ids.length, skip: 0 });
      return items;
    },

    async assets(page: { ids?: string[]; limit: number; skip: number }): Promise<{ total: number; items: ContentAssetRow[] }> {
      const where = page.ids ? inArray(contentAssets.id, page.ids) : undefined;
      const [items, counted] = await Promise.all([
        db.select().from(contentAssets).where(where).orderBy(asc(contentAssets.id)).limit(page.limit).offset(page.skip),
        db.select({ n: sql<number>`count(*)::int` }).from(contentAssets).where(where),
      ]);
      return { total: Number(counted[0]?.n ?? 0), items };
    },

    async assetsById(ids: string[]): Promise<ContentAssetRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(contentAssets).where(inArray(contentAssets.id, ids));
    },

    async isEmpty(): Promise<boolean> {
      const result = await db.execute<{ used: boolean }>(
        sql`SELECT EXISTS (SELECT 1 FROM content_entries) OR EXISTS (SELECT 1 FROM content_types) AS used`,
      );
      return !result.rows[0]?.used;
    },
  };
  return repository;
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
