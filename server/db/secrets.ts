// Secrets the shop makes itself when the operator gives none (the ALTCHA key, the sandbox's
// signing key): made by the first process and kept in shop_secrets, so that what one process
// signs verifies in every other.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/** The secret named `name`: the operator's when given, else the one kept in the database (made now if none). */
export async function keptSecret(db: Db, name: string, given?: string): Promise<string> {
  if (given) return given;
  await db.execute(
    sql`INSERT INTO shop_secrets (name, value) VALUES (${name}, ${randomBytes(32).toString("base64url")}) ON CONFLICT (name) DO NOTHING`,
  );
  const result = await db.execute<{ value: string }>(sql`SELECT value FROM shop_secrets WHERE name = ${name}`);
  const value = result.rows[0]?.value;
  if (!value) throw new Error(`the secret ${name} could not be read`);
  return value;
}
