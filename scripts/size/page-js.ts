// Which JavaScript a page loads and what it weighs: React Router's client manifest in the build
// says which modules <Scripts> announces for the routes a path matches (the entry and every
// matched route's module with its imports), and a rendered page's modulepreload links say it
// for certain. Sizes are of the bytes as served: gzip level 9 and brotli 11, as
// scripts/precompress.ts writes them.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";
import type { Config } from "@react-router/dev/config";
import routerConfig from "../../react-router.config.ts";
import { bootstrapPreloads } from "../../server/http/scripts-after-load.ts";

/** Routes discovered lazily (React Router's default) put the manifest inline, not in its module. */
const LAZY_DISCOVERY = (routerConfig as Config).routeDiscovery?.mode !== "initial";

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

export interface ClientManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  /** the manifest's own module, loaded only when routes are not discovered lazily */
  url: string;
}

/** The client manifest of a production build (build/client/assets/manifest-<hash>.js). */
export function readClientManifest(clientDir: string): ClientManifest {
  const assets = path.join(clientDir, "assets");
  if (!fs.existsSync(assets)) throw new Error(`No client build in ${clientDir}: run \`npm run build\` first.`);
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  const json = source.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;\s*$/, "");
  return { ...(JSON.parse(json) as Omit<ClientManifest, "url">), url: `/assets/${file}` };
}

function routeTree(manifest: ClientManifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: routeTree(manifest, route.id) },
    );
}

/** The route ids a path renders, outermost first (root, layout, page). */
export function matchedRouteIds(manifest: ClientManifest, pathname: string): string[] {
  const matches = matchRoutes(routeTree(manifest), pathname) ?? [];
  return matches.map((match) => match.route.id).filter((id): id is string => typeof id === "string");
}

/**
 * The module URLs <Scripts> announces for these routes, in its order: the entry, its imports,
 * then each route's module, split-off parts and imports (react-router's getModuleLinkHrefs).
 * With lazy route discovery the manifest travels inline, not as a module; the shop loads it as a
 * module (react-router.config.ts).
 */
export function scriptsForRoutes(
  manifest: ClientManifest,
  routeIds: string[],
  { lazyDiscovery = LAZY_DISCOVERY, texts }: { lazyDiscovery?: boolean; texts?: string } = {},
): string[] {
  // `texts`: the store language's texts chunk, which the entry loads and the page preloads (decision 0047).
  const hrefs = [...(lazyDiscovery ? [] : [manifest.url]), manifest.entry.module, ...manifest.entry.imports, ...(texts ? [texts] : [])];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route ${id} is not in the manifest`);
    hrefs.push(
      route.module,
      ...[route.clientActionModule, route.clientLoaderModule, route.clientMiddlewareModule, route.hydrateFallbackModule].filter(
        (href): href is string => Boolean(href),
      ),
      ...(route.imports ?? []),
    );
  }
  return [...new Set(hrefs)];
}

/**
 * The module scripts a rendered page loads: its modulepreload links, external module scripts, and
 * what its inline bootstrap preloads and imports (server/http/scripts-after-load.ts), not the
 * other routes its manifest names.
 */
export function scriptsInHtml(html: string): string[] {
  const hrefs: string[] = [];
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\brel="modulepreload"/i.test(tag)) continue;
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    if (href) hrefs.push(href);
  }
  for (const [, tag = "", body = ""] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const src = /\bsrc="([^"]+)"/i.exec(tag)?.[1];
    if (src?.endsWith(".js")) hrefs.push(src);
    if (!/\btype="module"/i.test(tag)) continue;
    hrefs.push(...bootstrapPreloads(body));
    for (const [, imported, from] of body.matchAll(/\bimport\("([^"]+)"\)|\bfrom "([^"]+)"/g)) hrefs.push((imported ?? from) as string);
  }
  return [...new Set(hrefs)];
}

export interface Weighed {
  href: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

const weighedCache = new Map<string, Weighed>();

/** A built asset's size raw, gzip (level 9) and brotli (quality 11). */
export function weigh(clientDir: string, href: string): Weighed {
  const file = path.join(clientDir, new URL(href, "http://x").pathname);
  const cached = weighedCache.get(file);
  if (cached) return cached;
  const body = fs.readFileSync(file);
  const weighed = {
    href,
    bytes: body.length,
    gzip: zlib.gzipSync(body, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
  weighedCache.set(file, weighed);
  return weighed;
}

export interface PageWeight {
  files: Weighed[];
  bytes: number;
  gzip: number;
  brotli: number;
}

export function weighAll(clientDir: string, hrefs: string[]): PageWeight {
  const files = hrefs.map((href) => weigh(clientDir, href));
  const sum = (key: "bytes" | "gzip" | "brotli") => files.reduce((total, file) => total + file[key], 0);
  return { files, bytes: sum("bytes"), gzip: sum("gzip"), brotli: sum("brotli") };
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The product page's JavaScript budget (issue 16): under 100 KiB gzip. */
export const PRODUCT_JS_BUDGET_GZIP = 100 * 1024;

/** A store language's texts chunk (`/assets/texts-<locale>-<hash>.js`, decision 0047), which every page of that store loads. */
export function textsChunk(clientDir: string, locale: string): string | undefined {
  const file = fs.readdirSync(path.join(clientDir, "assets")).find((name) => name.startsWith(`texts-${locale}-`) && name.endsWith(".js"));
  return file && `/assets/${file}`;
}
