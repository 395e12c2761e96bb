// A direct client for the embedded database of a running shop's DATA_DIR, from the files
// the shop keeps there: for tests that change data behind the shop's back.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { clusterHome } from "../../server/db/embedded.ts";

export function embeddedClient(dataDir: string) {
  const { home } = clusterHome(dataDir);
  const [pid, , , port] = fs.readFileSync(path.join(home, "pg/postmaster.pid"), "utf8").split("\n");
  const password = fs.readFileSync(path.join(home, ".pg-password"), "utf8").trim();
  return {
    pid: Number(pid),
    client: new pg.Client({ host: "127.0.0.1", port: Number(port), user: "postgres", password, database: "postgres" }),
  };
}

/** Changes a store's config as an operator would, and tells every shop process. */
export async function updateStoreConfig(dataDir: string, store: string, patch: Record<string, unknown>) {
  const { client } = embeddedClient(dataDir);
  await client.connect();
  try {
    await client.query("UPDATE stores SET config = config || $2::jsonb WHERE code = $1", [store, JSON.stringify(patch)]);
    await client.query(
      "INSERT INTO data_versions (name, version) VALUES ('config', 1) ON CONFLICT (name) DO UPDATE SET version = data_versions.version + 1",
    );
  } finally {
    await client.end();
  }
}
