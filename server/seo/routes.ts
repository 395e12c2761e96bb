// robots.txt and sitemaps, per store (each store has its own domain). Sitemaps follow the
// protocol's limit of 50,000 URLs per file: /sitemap.xml is an index of category and
// product files, so a catalogue of any size fits.
import { Hono } from "hono";
import type { CatalogRepository } from "../catalog/repository.ts";
import type { Services } from "../services.ts";
import { errorBody, languageOf } from "../http/errors.ts";
import { requestedStoreCode } from "../http/store.ts";
import { DEFAULT_LOCALE } from "../../lib/locales.ts";

export const PRODUCTS_PER_SITEMAP = 40_000;

const xml = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function seoRoutes(services: Services, repo: CatalogRepository) {
  const app = new Hono();

  async function storeOf(request: Request) {
    const known = new Set((await services.catalog.stores()).map((s) => s.code));
    const code = requestedStoreCode(request, services.storeDomains, known);
    const store = await services.catalog.store(code);
    if (!store) throw new Error(`no store ${code}`);
    // Configured, never the request's Host: robots.txt and sitemaps are cached by others (decision 0036).
    const origin = services.origins.of(store.code) ?? services.origins.of(DEFAULT_LOCALE) ?? "";
    return { store, origin };
  }

  app.get("/robots.txt", async (c) => {
    const { origin } = await storeOf(c.req.raw);
    const body = [
      "User-agent: *",
      "Allow: /",
      "Disallow: /account",
      "Disallow: /cart",
      "Disallow: /checkout",
      "Disallow: /api/",
      "Disallow: /preview/",
      "Disallow: /*?*selectedConfigurations=",
      "Disallow: /language/",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n");
    return c.text(body, 200, { "Cache-Control": "public, max-age=3600" });
  });

  app.get("/sitemap.xml", async (c) => {
    const { origin } = await storeOf(c.req.raw);
    const files = Math.max(1, Math.ceil((await repo.productCount()) / PRODUCTS_PER_SITEMAP));
    const entries = ["categories", ...Array.from({ length: files }, (_, i) => `products-${i + 1}`)]
      .map((name) => `  <sitemap><loc>${escapeXml(`${origin}/sitemaps/${name}.xml`)}</loc></sitemap>`)
      .join("\n");
    return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`);
  });

  app.get("/sitemaps/:file{[a-z0-9-]+\\.xml}", async (c) => {
    const { store, origin } = await storeOf(c.req.raw);
    const name = c.req.param("file").replace(/\.xml$/, "");
    let urls: string[];
    if (name === "categories") {
      const paths: string[] = [];
      const walk = (items: Awaited<ReturnType<typeof services.catalog.topMenu>>) => {
        for (const item of items) {
          paths.push(`/c/${item.url_path}`);
          walk(item.children);
        }
      };
      walk(await services.catalog.topMenu(store, store.config.root_category_uid));
      urls = ["/", ...paths].map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`);
    } else {
      const page = /^products-(\d{1,4})$/.exec(name);
      if (!page) return c.json(errorBody(languageOf(store), "not_found"), 404);
      const offset = (Number(page[1]) - 1) * PRODUCTS_PER_SITEMAP;
      const rows = await repo.productUrlKeys(store.locale, offset, PRODUCTS_PER_SITEMAP);
      if (rows.length === 0 && offset > 0) return c.json(errorBody(languageOf(store), "not_found"), 404);
      urls = rows.map(
        (r) =>
          `  <url><loc>${escapeXml(`${origin}/p/${r.url_key}`)}</loc><lastmod>${new Date(r.updated_at).toISOString().slice(0, 10)}</lastmod></url>`,
      );
    }
    return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`);
  });

  return app;
}
