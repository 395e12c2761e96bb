// One PostgreSQL server for the whole test run — the embedded one, or the server
// TEST_DATABASE_URL names — holding a template database that is migrated and filled with
// the demo data once. Each test file clones it (CREATE DATABASE … TEMPLATE), which takes
// a fraction of a second, so tests never share or depend on each other's data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createPool, migrateDatabase, wrap } from "../../server/db/client.ts";
import { startEmbeddedPostgres } from "../../server/db/embedded.ts";
import { seedDemoData } from "../../server/db/seed/generate.ts";
import { importDemoContentIfEmpty } from "../../server/content/demo.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the test server's maintenance database ("postgres"). */
    testServerUrl: string;
    templateDatabase: string;
  }
}

export const TEMPLATE = "kauppa_template";

export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let dir: string | undefined;
  if (!serverUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-test-"));
    fs.chmodSync(dir, 0o755);
    // A throw-away cluster: durability settings off, it only has to be fast.
    const server = await startEmbeddedPostgres({
      dir: path.join(dir, "pg"),
      settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: "300" },
    });
    serverUrl = server.url;
    stop = server.stop;
  }

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const templateUrl = withDatabase(serverUrl, TEMPLATE);
  const pool = createPool(templateUrl, 4);
  await migrateDatabase(pool);
  await seedDemoData(wrap(pool), {});
  // The demo pages (their pictures' bytes are in the database; the local copies are not needed).
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-content-"));
  await importDemoContentIfEmpty(wrap(pool), filesDir);
  fs.rmSync(filesDir, { recursive: true, force: true });
  await pool.end();
  await admin.end();

  project.provide("testServerUrl", serverUrl);
  project.provide("templateDatabase", TEMPLATE);

  return async () => {
    await stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
