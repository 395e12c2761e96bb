// What the bench requests: real product slugs and category paths of the running shop, found
// through its API as a client would, and a page fetched as a browser without compression would.
import http from "node:http";
import type { CategoryListing, MenuItem } from "../../lib/catalog-types.ts";

export const PAGE_HEADERS: Record<string, string> = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 kauppa-bench",
};
export const API_HEADERS: Record<string, string> = {
  accept: "application/json",
  "user-agent": PAGE_HEADERS["user-agent"] ?? "kauppa-bench",
};

export interface Targets {
  /** /p/<slug> of configurable products */
  productPages: string[];
  /** /api/catalog/productdetails/<slug> of the same products */
  productApi: string[];
  /** /c/<url_path> of the top-level categories */
  categoryPages: string[];
  /** what went wrong on the way (the products then come from `fallbackSlugs`) */
  warnings: string[];
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok)
    throw new Error(`GET ${url.replace(/^https?:\/\/[^/]+/, "")}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/**
 * Up to `products` configurable products (from the listings of the top-level categories, in
 * menu order) and up to `categories` top-level categories. Should the listing API fail,
 * `fallbackSlugs` names the products instead (and a warning says so).
 */
export async function findTargets(
  origin: string,
  {
    products = 8,
    categories = 4,
    fallbackSlugs,
  }: { products?: number; categories?: number; fallbackSlugs?: (n: number) => Promise<string[]> } = {},
): Promise<Targets> {
  const config = await json<{ storeConfig: { root_category_uid: string } }>(`${origin}/api/core/storeconfig`);
  const { menu } = await json<{ menu: MenuItem[] }>(
    `${origin}/api/core/topmenu/${encodeURIComponent(config.storeConfig.root_category_uid)}`,
  );
  if (menu.length === 0) throw new Error("the top menu is empty: no categories to measure");
  const warnings: string[] = [];
  let slugs: string[] = [];
  try {
    for (const item of menu) {
      if (slugs.length >= products) break;
      const listing = await json<CategoryListing>(`${origin}/api/catalog/category?path=${encodeURIComponent(item.url_path)}&pageSize=48`);
      for (const product of listing.items) {
        if (product.__typename === "ConfigurableProduct" && !slugs.includes(product.url_key)) slugs.push(product.url_key);
        if (slugs.length >= products) break;
      }
    }
  } catch (error) {
    if (!fallbackSlugs) throw error;
    warnings.push(
      `the category listing API failed (${error instanceof Error ? error.message : String(error)}); products taken from the database instead`,
    );
    slugs = await fallbackSlugs(products);
  }
  if (slugs.length === 0) throw new Error("no configurable product found in the top-level categories");
  return {
    productPages: slugs.map((slug) => `/p/${slug}`),
    productApi: slugs.map((slug) => `/api/catalog/productdetails/${slug}`),
    categoryPages: menu.slice(0, categories).map((item) => `/c/${item.url_path}`),
    warnings,
  };
}

export interface Fetched {
  status: number;
  /** raw header pairs, as sent */
  headers: [string, string][];
  body: Buffer;
  /** milliseconds from the request to the end of the body */
  ms: number;
}

/** GET with node:http (fetch would ask for compression and decode it). */
export function get(origin: string, path: string, headers: Record<string, string>): Promise<Fetched> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = response.rawHeaders;
        const pairs: [string, string][] = [];
        for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i] ?? "", raw[i + 1] ?? ""]);
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks), ms: performance.now() - started });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Every path answers 200 (else the figures would measure an error page), one after the other. */
export async function checkAll(origin: string, paths: string[], headers: Record<string, string>): Promise<Map<string, Fetched>> {
  const pages = new Map<string, Fetched>();
  for (const path of paths) {
    const page = await get(origin, path, headers);
    if (page.status !== 200) {
      const text = page.body.toString("utf8");
      const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1];
      throw new Error(`GET ${path}: ${page.status} ${title ?? text.slice(0, 200)}`);
    }
    pages.set(path, page);
  }
  return pages;
}
