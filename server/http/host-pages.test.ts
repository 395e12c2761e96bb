// No request poisons what other guests get (decision 0036): a page asked for with a Host no
// store is published at carries the configured links and never enters the HTML cache. The real
// production build behind the whole app, in-process over a test database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { createApp } from "../app.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";

let shop: TestShop;
let cache: PageCache;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  // The shop listens on 3000 with no public URLs set: its stores are localhost:3000 and fi.localhost:3000.
  shop = await createTestShop({ config: { PORT: 3000 } });
  cache = createPageCache({ maxEntries: 100, ttlSeconds: 60 });
  app = createApp({ services: shop.services, pages: await loadBuiltPages({ cache }) });
});
afterAll(() => shop?.close());
beforeEach(() => cache.clear());

/** A page as a client asks for it at `host` (what the Host header says; the URL follows it, as in Node's server). */
const get = (host: string, address: string) => app.request(`http://${host}${address}`, { headers: { host } });

/** Every absolute link of the page's head: canonical, hreflang and og:url. */
function headLinks(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const links = [...head.matchAll(/<link[^>]*rel="(canonical|alternate)"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1] ?? "");
  const og = /<meta[^>]*property="og:url"[^>]*content="([^"]+)"/.exec(head)?.[1];
  return { links, og };
}

describe("a page asked for at a host no store is published at", () => {
  it("is rendered with the configured links and not kept: the next guest gets a page of its own with the right links", async () => {
    const forged = await get("localhost:6666", "/c/women");
    expect(forged.status).toBe(200);
    expect(forged.headers.get("x-cache")).toBeNull();
    const forgedHtml = await forged.text();
    expect(forgedHtml).not.toContain("6666");
    expect(headLinks(forgedHtml).links).toContain("http://localhost:3000/c/women");

    const guest = await get("localhost:3000", "/c/women");
    expect(guest.headers.get("x-cache")).toBe("MISS");
    const { links, og } = headLinks(await guest.text());
    expect(links).toContain("http://localhost:3000/c/women");
    expect(links.some((href) => href.startsWith("http://fi.localhost:3000/c/"))).toBe(true);
    for (const href of links) expect(href).toMatch(/^http:\/\/(fi\.)?localhost:3000\//);
    expect(og).toBe("http://localhost:3000/c/women");
    expect((await get("localhost:3000", "/c/women")).headers.get("x-cache")).toBe("HIT");
  });

  it("is never served from the cache either, and an unknown domain gets the default store", async () => {
    await get("localhost:3000", "/");
    expect((await get("localhost:3000", "/")).headers.get("x-cache")).toBe("HIT");
    const elsewhere = await get("evil.example", "/");
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get("x-cache")).toBeNull();
    const html = await elsewhere.text();
    expect(html).toMatch(/<html[^>]*lang="en"/);
    expect(html).not.toContain("evil.example");
    expect(headLinks(html).links).toContain("http://localhost:3000/");
  });

  it("of the Finnish domain on another port, is the Finnish store's page with its configured links", async () => {
    const response = await get("fi.localhost:6666", "/");
    expect(response.headers.get("x-cache")).toBeNull();
    const html = await response.text();
    expect(html).toMatch(/<html[^>]*lang="fi"/);
    expect(headLinks(html).links).toContain("http://fi.localhost:3000/");
  });
});
