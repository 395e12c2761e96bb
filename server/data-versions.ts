// Tells every app process when shared data changed, so in-process caches (catalogue
// reads, guest HTML) never serve stale data for long: writers bump a row in
// data_versions; each process polls the table (one cheap query a second) and clears
// what depends on a version that moved. Stateless processes, no extra server.
import { sql } from "drizzle-orm";
import type { Db } from "./db/client.ts";

export type DataName = "catalog" | "content" | "config";
type Listener = (name: DataName) => void;

export interface DataVersions {
  get(name: DataName): number;
  /** Records a change (inside the writer's transaction when given one) and notifies at once locally. */
  bump(name: DataName, tx?: Db): Promise<void>;
  onChange(listener: Listener): () => void;
  /** Reads the table now; returns the names that changed. */
  refresh(): Promise<DataName[]>;
  stop(): void;
}

export async function createDataVersions(db: Db, pollMs = 1000): Promise<DataVersions> {
  const versions = new Map<DataName, number>();
  const listeners = new Set<Listener>();
  const notify = (name: DataName) => {
    for (const listener of listeners) listener(name);
  };

  let loaded = false;
  async function refresh(): Promise<DataName[]> {
    const result = await db.execute<{ name: DataName; version: number }>(sql`SELECT name, version FROM data_versions`);
    const changed: DataName[] = [];
    for (const row of result.rows) {
      const known = versions.get(row.name);
      versions.set(row.name, Number(row.version));
      // After the first read, a row that appears is a change too.
      if (loaded && known !== Number(row.version)) changed.push(row.name);
    }
    loaded = true;
    for (const name of changed) notify(name);
    return changed;
  }

  await refresh();
  const timer = pollMs > 0 ? setInterval(() => refresh().catch(() => {}), pollMs) : undefined;
  timer?.unref();

  return {
    get: (name) => versions.get(name) ?? 0,
    async bump(name, tx = db) {
      const result = await tx.execute<{ version: number }>(
        sql`INSERT INTO data_versions (name, version) VALUES (${name}, 1)
            ON CONFLICT (name) DO UPDATE SET version = data_versions.version + 1 RETURNING version`,
      );
      versions.set(name, Number(result.rows[0]?.version ?? 0));
      notify(name);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    stop: () => clearInterval(timer),
  };
}
