// A fresh database for one test file, cloned from the seeded template.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createPool, wrap, type Db } from "../../server/db/client.ts";

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  db: Db;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createTestDatabase(poolSize = 5): Promise<TestDatabase> {
  const serverUrl = inject("testServerUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDatabase")}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const pool = createPool(url, poolSize);
  return {
    url,
    pool,
    db: wrap(pool),
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
