// The demo content (content/demo, written by content/build-demo.ts): imported when a shop
// starts with demo data and no content yet, and into the test shops' template database.
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { importContent, type ImportCounts } from "./transfer.ts";

export const DEMO_CONTENT_DIR = path.resolve(import.meta.dirname, "../../content/demo");

async function hasContent(db: Db): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM content_entries) OR EXISTS (SELECT 1 FROM content_types) AS used`,
  );
  return result.rows[0]?.used ?? false;
}

/** Imports the demo content unless the shop has content already; null when it had. */
export async function importDemoContentIfEmpty(db: Db, dataDir: string): Promise<ImportCounts | null> {
  if (await hasContent(db)) return null;
  return importContent(DEMO_CONTENT_DIR, { db, dataDir });
}
