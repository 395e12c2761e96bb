// Bulk inserts for the large tables: rows are buffered per table and sent as one
// INSERT … SELECT FROM unnest(array per column) per batch. That is a multi-row insert
// whose statement size does not grow with the row count (one parameter per column).
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

export type ColumnType = "int" | "text" | "jsonb" | "timestamptz" | "bool" | "product_type" | "store_availability";

const ROWS_PER_INSERT = 5000;

export interface BulkTable<Row> {
  add(row: Row): void;
  /** Inserts the buffered rows and empties the buffer. */
  flush(db: Pick<Db, "execute">): Promise<void>;
}

export function bulkTable<Columns extends Record<string, ColumnType>>(
  table: string,
  columns: Columns,
): BulkTable<{ [K in keyof Columns]: unknown }> {
  const names = Object.keys(columns);
  let buffer: Record<string, unknown>[] = [];
  const columnList = sql.raw(names.map((n) => `"${n}"`).join(", "));
  return {
    add(row) {
      buffer.push(row);
    },
    async flush(db) {
      for (let start = 0; start < buffer.length; start += ROWS_PER_INSERT) {
        const batch = buffer.slice(start, start + ROWS_PER_INSERT);
        const arrays = names.map((name) => {
          const values = batch.map((row) => {
            const value = row[name];
            return columns[name] === "jsonb" && value !== null ? JSON.stringify(value) : value;
          });
          return sql`${sql.param(values)}::${sql.raw(columns[name] ?? "text")}[]`;
        });
        await db.execute(sql`INSERT INTO ${sql.raw(`"${table}"`)} (${columnList}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`);
      }
      buffer = [];
    },
  };
}
