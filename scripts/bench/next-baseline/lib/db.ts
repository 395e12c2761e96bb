// The page's pool on the shop's database: one per server process, made when the first request
// needs it. BENCH_DATABASE_URL and BENCH_STORE come from `npm run bench` (scripts/bench.ts).
import pg from "pg";

export const store = process.env.BENCH_STORE ?? "en";
export const locale = store;

let made: pg.Pool | undefined;

export function pool(): pg.Pool {
  if (!made) {
    const connectionString = process.env.BENCH_DATABASE_URL;
    if (!connectionString) throw new Error("BENCH_DATABASE_URL is not set");
    made = new pg.Pool({ connectionString, max: 10 });
    made.on("error", () => {});
  }
  return made;
}

export const money = (cents: number | null) => (cents === null ? "" : `€${(cents / 100).toFixed(2)}`);
export const label = (labels: Record<string, string> | null, fallback: string | null) => labels?.[locale] ?? fallback ?? "";
