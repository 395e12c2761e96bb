// `npm run bench:render -- --base <other checkout>`: the fresh render's CPU of this checkout's
// build against another's, both loaded in one process over the same services and database, their
// requests taken in turns. The HTTP bench (`npm run bench`) measures whole servers under load, and
// on a shared two-core machine its runs move by ±15 %, more than most single changes to a render
// are worth; here both builds meet the same machine at the same moments, so a round's ratio moves
// by a few percent and the median of the rounds by less. The pages go through the whole
// application (`app.fetch`: middleware, the page handler, React Router, the render), not through
// a socket.
//
//   npm run build && npm run bench:render -- --base ../base [--paths /p/a,/c/b] [--rounds 12] [--per 120]
//
// `--base` is a checkout with its own production build (`npm run build` there) and its own
// node_modules; only the builds differ between the two sides (the server code around them is this
// checkout's). The database is this checkout's: the embedded one (stop a shop using the same
// DATA_DIR first) or DATABASE_URL. Without `--paths`, the products and categories of the bench.
import path from "node:path";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";

process.env.NODE_ENV ??= "production";
process.env.HTML_CACHE_ENTRIES = "0";
process.env.LOG_LEVEL ??= "warn";

const { values: args } = parseArgs({
  options: {
    base: { type: "string" },
    paths: { type: "string" },
    rounds: { type: "string", default: "12" },
    per: { type: "string", default: "120" },
  },
});
if (!args.base) {
  console.error("usage: npm run bench:render -- --base <checkout with a build> [--paths /p/a,/c/b] [--rounds N] [--per N]");
  process.exit(2);
}
const rounds = Number(args.rounds);
const per = Number(args.per);
const root = path.resolve(import.meta.dirname, "../..");
const builds = { base: path.resolve(args.base, "build/server/index.js"), this: path.join(root, "build/server/index.js") };

const { loadConfig } = await import("../../server/config.ts");
const { openDatabase } = await import("../../server/db/client.ts");
const { createServices } = await import("../../server/services.ts");
const { createPageCache } = await import("../../server/http/page-cache.ts");
const { loadPages } = await import("../../server/http/pages.ts");
const { createApp } = await import("../../server/app.ts");
const { findTargets } = await import("./targets.ts");
const { median } = await import("./stats.ts");

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE });
const services = await createServices(database.db, config, { log: (error) => console.error(error) });
const appOf = async (build: string) =>
  createApp({
    services,
    pages: await loadPages(build, createPageCache({ maxEntries: 0, ttlSeconds: 1 })),
    logError: (error) => console.error(error),
  });
const apps = [await appOf(builds.base), await appOf(builds.this)] as const;

// The bench's pages, found through the API as a client finds them (this side answers).
const origin = `http://localhost:${config.PORT}`;
const headers = { host: new URL(origin).host, accept: "text/html" };
let paths = args.paths?.split(",").filter(Boolean) ?? [];
if (paths.length === 0) {
  const server = serve({ fetch: apps[1].fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const targets = await findTargets(`http://127.0.0.1:${port}`);
  await new Promise((resolve) => server.close(resolve));
  paths = [...targets.productPages, ...targets.categoryPages];
}

/** One page through one side; its bytes. */
async function page(app: (typeof apps)[number], pathname: string): Promise<number> {
  const response = await app.fetch(new Request(`${origin}${pathname}`, { headers }));
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
  return bytes;
}

// Warm both: data caches, the builds' static parts, the JIT.
for (let i = 0; i < 3; i++) for (const pathname of paths) for (const app of apps) await page(app, pathname);

console.log(`${paths.length} pages (${paths.join(" ")}), ${rounds} rounds of ${per} of each side, the sides in turns`);
const ms: [number[], number[]] = [[], []];
for (let round = 0; round < rounds; round++) {
  const spent: [number, number] = [0, 0];
  // Which side goes first alternates by round: neither always meets a freshly collected heap.
  const order: (0 | 1)[] = round % 2 ? [1, 0] : [0, 1];
  for (let i = 0; i < per; i++) {
    const pathname = paths[i % paths.length] as string;
    for (const side of order) {
      const started = performance.now();
      await page(apps[side], pathname);
      spent[side] += performance.now() - started;
    }
  }
  ms[0].push(spent[0] / per);
  ms[1].push(spent[1] / per);
}
const ratios = ms[1].map((value, i) => value / (ms[0][i] as number));
const bytes = async (app: (typeof apps)[number]) => {
  let total = 0;
  for (const pathname of paths) total += await page(app, pathname);
  return Math.round(total / paths.length);
};
console.log(`base: ${median(ms[0]).toFixed(3)} ms a page (median of the rounds), ${await bytes(apps[0])} B a page`);
console.log(`this: ${median(ms[1]).toFixed(3)} ms a page (median of the rounds), ${await bytes(apps[1])} B a page`);
console.log(
  `this ÷ base: ${median(ratios).toFixed(3)} (rounds ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}): ${
    median(ratios) < 1 ? `${((1 - median(ratios)) * 100).toFixed(1)} % less time` : `${((median(ratios) - 1) * 100).toFixed(1)} % more time`
  }`,
);
await services.close();
await database.close();
process.exit(0);
