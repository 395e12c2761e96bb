// `npm run size`: the JavaScript each shopper page loads, after `npm run build`, in KiB as
// served (gzip level 9, brotli 11). Fails (exit 1) when the product page is over its budget
// (issue 16: under 100 KiB gzip).
//
//   npm run size [-- --files] [--modules N] [--origin http://localhost:3000] [--json FILE]
//
// --files      each page's files, largest first
// --modules N  the N largest source modules of the product page's chunks (size before minifying,
//              from build/client-modules.json, which the build writes)
// --origin     also render the pages on a started shop and take the modules they load (their
//              preloads and bootstrap) as the truth; a page that does not answer 200 there
//              (checkout with an empty cart) is weighed from the build's manifest, and any
//              difference is printed
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { findTargets, get, PAGE_HEADERS } from "./bench/targets.ts";
import {
  kib,
  matchedRouteIds,
  PRODUCT_JS_BUDGET_GZIP,
  readClientManifest,
  scriptsForRoutes,
  scriptsInHtml,
  textsChunk,
  weighAll,
} from "./size/page-js.ts";

const { values: args } = parseArgs({
  options: {
    files: { type: "boolean", default: false },
    modules: { type: "string" },
    origin: { type: "string" },
    json: { type: "string" },
  },
});

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "build/client");
const manifest = readClientManifest(clientDir);
/** The English store's texts (the Finnish ones weigh about the same): a page loads its store's. */
const texts = textsChunk(clientDir, "en");

// Any product and category path matches the same routes; --origin finds real ones.
const pages: { name: string; path: string }[] = [
  { name: "front", path: "/" },
  { name: "category", path: "/c/category" },
  { name: "product", path: "/p/product" },
  { name: "cart", path: "/cart" },
  { name: "checkout", path: "/checkout" },
];

if (args.origin) {
  const targets = await findTargets(args.origin, { products: 1, categories: 1 });
  for (const page of pages) {
    if (page.name === "product" && targets.productPages[0]) page.path = targets.productPages[0];
    if (page.name === "category" && targets.categoryPages[0]) page.path = targets.categoryPages[0];
  }
}

const rows: {
  page: string;
  path: string;
  source: string;
  routes: string[];
  scripts: string[];
  bytes: number;
  gzip: number;
  brotli: number;
}[] = [];
// Every page is fetched before any is weighed: brotli at quality 11 takes long enough that the
// shop would close an idle kept-alive connection meanwhile.
const found: { page: (typeof pages)[number]; routes: string[]; hrefs: string[]; source: string }[] = [];
for (const page of pages) {
  const routes = matchedRouteIds(manifest, page.path);
  const expected = scriptsForRoutes(manifest, routes, { texts });
  let hrefs = expected;
  let source = "build";
  if (args.origin) {
    const answer = await get(args.origin, page.path, PAGE_HEADERS);
    if (answer.status === 200) {
      hrefs = scriptsInHtml(answer.body.toString("utf8"));
      source = "page";
      const missing = expected.filter((href) => !hrefs.includes(href));
      const extra = hrefs.filter((href) => !expected.includes(href));
      if (missing.length || extra.length)
        console.warn(`${page.path}: the page and the build's manifest differ: only in the manifest ${missing}; only in the page ${extra}`);
    } else {
      console.warn(`${page.path}: ${answer.status} on the shop, weighed from the build's manifest`);
    }
  }
  found.push({ page, routes, hrefs, source });
}

const weights = new Map<string, ReturnType<typeof weighAll>>();
for (const { page, routes, hrefs, source } of found) {
  const weight = weighAll(clientDir, hrefs);
  weights.set(page.name, weight);
  rows.push({
    page: page.name,
    path: page.path,
    source,
    routes,
    scripts: hrefs,
    bytes: weight.bytes,
    gzip: weight.gzip,
    brotli: weight.brotli,
  });
}

console.log("page       files   raw KiB  gzip KiB  brotli KiB  routes");
for (const row of rows)
  console.log(
    `${row.page.padEnd(10)} ${String(row.scripts.length).padStart(5)} ${kib(row.bytes).padStart(9)} ${kib(row.gzip).padStart(9)} ${kib(row.brotli).padStart(11)}  ${row.routes.join(" > ")}${row.source === "page" ? "" : " (from the build)"}`,
  );

if (args.files) {
  for (const row of rows) {
    console.log(`\n${row.page} (${row.path})`);
    const files = [...(weights.get(row.page)?.files ?? [])].sort((a, b) => b.gzip - a.gzip);
    for (const file of files) console.log(`${kib(file.gzip).padStart(7)} gzip ${kib(file.bytes).padStart(7)} raw  ${file.href}`);
  }
}

if (args.modules) {
  const listing = path.join(root, "build/client-modules.json");
  if (!fs.existsSync(listing)) throw new Error("No build/client-modules.json: run `npm run build` first.");
  const chunks = JSON.parse(fs.readFileSync(listing, "utf8")) as Record<string, Record<string, number>>;
  const product = weights.get("product")?.files ?? [];
  const modules = product.flatMap((file) =>
    Object.entries(chunks[file.href] ?? {}).map(([id, length]) => ({ id, length, chunk: file.href })),
  );
  modules.sort((a, b) => b.length - a.length);
  console.log(`\nthe product page's largest source modules (KiB before minifying, of ${modules.length})`);
  for (const module of modules.slice(0, Number(args.modules) || 30))
    console.log(`${kib(module.length).padStart(7)}  ${module.id}  (${module.chunk})`);
}

if (args.json) fs.writeFileSync(args.json, `${JSON.stringify(rows, null, 2)}\n`);

const product = rows.find((row) => row.page === "product");
if (product && product.gzip >= PRODUCT_JS_BUDGET_GZIP) {
  console.error(`\nThe product page's JavaScript is ${kib(product.gzip)} KiB gzip: over its budget of ${kib(PRODUCT_JS_BUDGET_GZIP)} KiB.`);
  process.exit(1);
}
