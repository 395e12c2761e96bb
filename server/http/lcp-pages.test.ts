// What a page's HTML asks the browser to fetch first (issue 16, Lighthouse): the page's largest
// picture preloaded from the head at high priority and sized for the screen, nothing else
// competing with it (the product zoom's 1400 px picture, a closed pop-up's picture), and no
// stylesheet but the shop's own holding up the first paint. The real production build,
// rendered in-process over a test database, in both stores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryListing, MenuItem } from "../../lib/catalog-types.ts";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { TEST_DOMAINS } from "../../tests/helpers/test-app.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { bootstrapPreloads } from "./scripts-after-load.ts";

type Store = "en" | "fi";

let shop: TestShop;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop();
  pages = await loadBuiltPages();
});
afterAll(() => shop?.close());

async function html(store: Store, address: string) {
  const response = await pages(new Request(`http://${TEST_DOMAINS[store]}${address}`), shop.services, store);
  expect(response.status, address).toBe(200);
  const body = await response.text();
  const end = body.indexOf("</head>");
  return { head: body.slice(0, end), body: body.slice(end) };
}

const api = async <T>(store: Store, address: string) => (await (await shop.request(address, { store, headers: { store } })).json()) as T;

/** Every <link> of a piece of HTML as its attributes (names lower-cased, entities of & undone). */
function links(html: string): Record<string, string>[] {
  return [...html.matchAll(/<link\b([^>]*)\/?>/g)].map((m) =>
    Object.fromEntries(
      [...(m[1] ?? "").matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [(a[1] ?? "").toLowerCase(), (a[2] ?? "").replaceAll("&amp;", "&")]),
    ),
  );
}
const imagePreloads = (head: string) => links(head).filter((l) => l.rel === "preload" && l.as === "image");
/** The widths a srcset offers. */
const widths = (srcset: string) => [...srcset.matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));

async function firstCategoryAndProduct(store: Store) {
  const config = await api<{ storeConfig: { root_category_uid: string } }>(store, "/api/core/storeconfig");
  const { menu } = await api<{ menu: MenuItem[] }>(store, `/api/core/topmenu/${encodeURIComponent(config.storeConfig.root_category_uid)}`);
  const category = menu[0]?.url_path ?? "";
  const listing = await api<CategoryListing>(store, `/api/catalog/category?path=${encodeURIComponent(category)}`);
  const product = listing.items.find((p) => p.__typename === "ConfigurableProduct");
  if (!product) throw new Error(`no configurable product in ${category}`);
  return { category, listing, slug: product.url_key };
}

describe.each(["en", "fi"] as const)("the %s store's pages", (store) => {
  it("the product page preloads its first picture, sized for the screen, and nothing larger", async () => {
    const { slug } = await firstCategoryAndProduct(store);
    const { head, body } = await html(store, `/p/${slug}`);
    // The gallery's first picture (of the colour shown): high priority, never lazy, its box known before it loads.
    const gallery = body.slice(body.indexOf(`aria-label="${store === "fi" ? "Tuotekuvat" : "Product images"}"`));
    const img = /<img\b[^>]*>/.exec(gallery)?.[0] ?? "";
    expect(img).toContain('fetchPriority="high"');
    expect(img).not.toContain('loading="lazy"');
    expect(img).toMatch(/width="\d+" height="\d+"/);
    const srcset = (/srcSet="([^"]*)"/.exec(img)?.[1] ?? "").replaceAll("&amp;", "&");
    const preloads = imagePreloads(head);
    const picture = preloads.find((l) => l.imagesrcset === srcset);
    expect(picture?.fetchpriority).toBe("high");
    expect(picture?.imagesizes).toBe("(min-width: 768px) 60vw, 100vw");
    // A phone picks from 400 px up; nothing near the zoom's 1400 px is offered.
    expect(Math.min(...widths(srcset))).toBeLessThanOrEqual(400);
    expect(Math.max(...widths(srcset))).toBeLessThanOrEqual(1000);
    // The zoom's picture is drawn only when the zoom opens: neither preloaded nor in the page.
    expect(preloads).toHaveLength(1);
    expect(`${head}${body}`).not.toMatch(/<(img|link)\b[^>]*[?&]w=(1200|1400|2000)&/);
  });

  it("the category page fetches a phone's first row first, the rest of a desktop's not lazily, and its product names have a heading above them", async () => {
    const { category, listing } = await firstCategoryAndProduct(store);
    const { head, body } = await html(store, `/c/${category}`);
    const cardPicture = (url: string) => new RegExp(`<img [^>]*src="${url.replace(/[.?]/g, "\\$&")}\\?[^>]*>`).exec(body)?.[0] ?? "";
    const [first, second, third, fourth, fifth] = listing.items.map((p) => p.image.url ?? "");
    const preloaded = imagePreloads(head).filter((l) => l.fetchpriority === "high");
    // A phone's two columns: preloaded and fetched at high priority, and nothing else.
    expect(preloaded).toHaveLength(2);
    for (const url of [first, second]) {
      expect(
        preloaded.some((l) => l.imagesrcset?.includes(`${url}?`)),
        url,
      ).toBe(true);
      expect(cardPicture(url ?? ""), url).toContain('fetchPriority="high"');
    }
    // A desktop's first row goes on to four: those two at the browser's own priority (React
    // preloads them at that priority), not lazy.
    for (const url of [third, fourth]) {
      expect(cardPicture(url ?? ""), url).not.toMatch(/fetchPriority|loading=/);
    }
    expect(cardPicture(fifth ?? "")).toContain('loading="lazy"');
    // The heading order a screen reader walks: h1 (the category), h2 (its products), h3 (each product).
    const main = body.slice(body.indexOf("<h1"));
    const headings = [...main.matchAll(/<h([1-3])\b/g)].map((m) => Number(m[1]));
    expect(headings.slice(0, 3)).toEqual([1, 2, 3]);
  });

  it("the front page preloads its hero picture for phones and for desktops, and not the pop-up's", async () => {
    const { head, body } = await html(store, "/");
    const hero = imagePreloads(head).filter((l) => l.fetchpriority === "high" && l.media);
    expect(hero.map((l) => l.media).sort()).toEqual(["(max-width: 991.98px)", "(min-width: 992px)"]);
    const phone = hero.find((l) => l.media === "(max-width: 991.98px)");
    expect(phone?.imagesizes).toBe("100vw");
    // A 360 px phone at 2× takes the 768 px picture; the srcset offers it.
    expect(widths(phone?.imagesrcset ?? "")).toContain(768);
    // The registration pop-up is closed when the page loads: its picture comes when it opens.
    expect(`${head}${body}`).not.toMatch(/<(img|source|link)\b[^>]*popup-mobile/);
  });

  it("asks for no script before the page has loaded: its bootstrap preloads and imports the modules at load", async () => {
    const { slug } = await firstCategoryAndProduct(store);
    for (const address of ["/", `/p/${slug}`]) {
      const { head, body } = await html(store, address);
      // Nothing in the head fetches a script (a module preload would share the line with the picture).
      expect(
        links(head).filter((l) => l.rel === "modulepreload" || (l.rel === "preload" && l.as === "script")),
        address,
      ).toEqual([]);
      expect(head, address).not.toMatch(/<script\b[^>]*\bsrc=/);
      // React Router's bootstrap, rewritten (server/http/scripts-after-load.ts): no static import
      // (which the browser would fetch at once), a start at load, and the modules to preload then.
      const bootstraps = [...body.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
      expect(bootstraps, address).toHaveLength(1);
      const bootstrap = bootstraps[0] ?? "";
      expect(bootstrap, address).not.toMatch(/^\s*import\s+(\*|\{|")/m);
      expect(bootstrap, address).toContain('addEventListener("load",painted,{once:true});');
      // The manifest and the frame's data come with the scripts: the bootstrap puts them back.
      expect(
        links(head).filter((l) => l.rel === "manifest" || l.as === "fetch"),
        address,
      ).toEqual([]);
      expect(bootstrap, address).toMatch(/insertAdjacentHTML\("beforeend",".*rel=\\"manifest\\" href=\\"\/manifest.webmanifest\\".*"\);/);
      expect(bootstrap, address).toMatch(/insertAdjacentHTML\("beforeend",".*rel=\\"preload\\" href=\\"\/frame\?v=.*as=\\"fetch\\".*"\);/);
      const preloads = bootstrapPreloads(bootstrap);
      expect(
        preloads.some((href) => /\/assets\/entry\.client-[\w-]+\.js$/.test(href)),
        address,
      ).toBe(true);
      expect(
        preloads.some((href) => href.includes(`/assets/texts-${store}-`)),
        address,
      ).toBe(true);
    }
  });

  it("no stylesheet but the shop's own holds up the first paint", async () => {
    for (const address of ["/", `/c/${(await firstCategoryAndProduct(store)).category}`]) {
      const { head } = await html(store, address);
      const sheets = links(head).filter((l) => l.rel === "stylesheet");
      expect(sheets.map((l) => (l.href ?? "").replace(/-[\w-]+\.css$/, ".css"))).toEqual(["/assets/app.css"]);
    }
  });
});
