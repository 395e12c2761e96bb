// The pages of the real production build (React Router's server build), rendered in-process as
// the shop serves them, for the tests of what a page's HTML and data hold. `npm run build` first.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createPageCache, type PageCache } from "../../server/http/page-cache.ts";
import { loadPages } from "../../server/http/pages.ts";

const BUILD_FILE = path.resolve(import.meta.dirname, "../../build/server/index.js");

/** The page handler: `pages(request, services, store, client?)`, through the guest HTML cache. */
export type BuiltPages = Awaited<ReturnType<typeof loadPages>>;

export interface BuiltPagesOptions {
  /** The guest HTML cache: by default one of its own, 100 pages for a minute; pass one to look into, clear or size it. */
  cache?: PageCache;
  /** Told of a part of the frame that could not be loaded (the page is drawn without it). */
  logDegraded?: (part: string, error: unknown) => void;
}

export function loadBuiltPages({
  cache = createPageCache({ maxEntries: 100, ttlSeconds: 60 }),
  logDegraded,
}: BuiltPagesOptions = {}): Promise<BuiltPages> {
  if (!fs.existsSync(BUILD_FILE)) throw new Error("No production build: run `npm run build` first.");
  return loadPages(BUILD_FILE, cache, { degraded: logDegraded });
}

/** How many pages the build's server entry drew whole and how many streaming (decision 0059). */
export async function builtRenderCounts(): Promise<{ whole: number; streamed: number }> {
  const build = (await import(pathToFileURL(BUILD_FILE).href)) as {
    entry: { module: { renderCounts: { whole: number; streamed: number } } };
  };
  return { ...build.entry.module.renderCounts };
}
