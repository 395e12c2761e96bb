// The frame's data sent once (decision 0053): a page is rendered with its store's frame (menu,
// footer, stores, placements, settings) but carries only its address; the frame answers there,
// kept for good under that address and by the guest cache until the data moves. The real
// production build, rendered in-process over a test database, through the guest HTML cache.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BuiltPages, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { frameAddress, pageFrame } from "../../tests/helpers/frame.ts";
import { createTestShop, TEST_DOMAINS, type TestShop } from "../../tests/helpers/test-app.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";

type StoreCode = "en" | "fi";

let shop: TestShop;
let cache: PageCache;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop();
  cache = createPageCache({ maxEntries: 100, ttlSeconds: 60 });
  // As server/main.ts wires it: a data version that moves empties the guest cache.
  shop.services.versions.onChange(() => cache.clear());
  pages = await loadBuiltPages({ cache });
});
afterAll(() => shop?.close());
beforeEach(() => cache.clear());

const get = (address: string, store: StoreCode = "en") =>
  pages(new Request(`http://${TEST_DOMAINS[store]}${address}`), shop.services, store);

/** A product of the store's first top-level category: its page's address. */
async function productPage(store: StoreCode) {
  const found = await shop.services.catalog.store(store);
  if (!found) throw new Error(`no store ${store}`);
  const [first] = await shop.services.catalog.topMenu(found, found.config.root_category_uid);
  const item = first && (await shop.services.catalog.listing(found, { path: first.url_path })).items[0];
  if (!item) throw new Error("no products");
  return `/p/${encodeURIComponent(item.url_key)}`;
}

const TEXT = {
  en: { women: "Women", store: "Kauppa Brand Store Helsinki", footer: "Contact us" },
  fi: { women: "Naiset", store: "Kauppa Brand Store Helsinki", footer: "Ota yhteyttä" },
};

/** The find-us list's link to the flagship's page (its name is also a contact point's). */
const STORE_LINK = 'href="/content/brand-store-helsinki"';

describe.each(["en", "fi"] as const)("the %s store's pages", (store) => {
  it("are rendered with the frame but carry only its address, where it answers, kept for good", async () => {
    const addresses = new Set<string>();
    for (const path of ["/", store === "en" ? "/c/women" : "/c/naiset", await productPage(store)]) {
      const response = await get(path, store);
      expect(response.status).toBe(200);
      const html = await response.text();
      // Rendered: the menu, the footer's links and the brand's stores are on the page.
      expect(html).toContain(`>${TEXT[store].women}</a>`);
      expect(html).toContain(TEXT[store].footer);
      expect(html).toContain(TEXT[store].store);
      // Not carried: none of the frame's fields is in the page's data.
      for (const field of ["guardConfig", "countryNames", "physicalStores", "placements", "storeLocator"]) {
        expect(html, `${path} ${field}`).not.toContain(field);
      }
      addresses.add(frameAddress(html));
    }
    // One frame for every page of the store, so the browser asks for it once.
    expect(addresses.size).toBe(1);
    const [address = ""] = addresses;

    const answer = await get(address, store);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, s-maxage=31536000, immutable");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex");
    const frame = await pageFrame(await (await get("/", store)).text(), (a) => get(a, store));
    expect(frame.menu.map((item) => item.name)).toContain(TEXT[store].women);
    expect(frame.physicalStores.map((s) => s.name)).toContain(TEXT[store].store);
    expect(JSON.stringify(frame.footer)).toContain(TEXT[store].footer);
    expect(frame.menuPanels).toMatch(/^\/menu\?v=/);
    // The next asker gets it from the guest cache.
    expect((await get(address, store)).headers.get("x-cache")).toBe("HIT");
  });
});

describe("the frame when the store's settings change", () => {
  it("moves to a new address with the new settings; the old address answers them too, kept only briefly", async () => {
    const before = frameAddress(await (await get("/")).text());
    const setLinks = (links: unknown) =>
      shop.database.pool.query("UPDATE stores SET config = jsonb_set(config, '{footer_about_links}', $1::jsonb) WHERE code = 'en'", [
        JSON.stringify(links),
      ]);
    const store = await shop.services.catalog.store("en");
    const original = store?.config.footer_about_links ?? [];
    try {
      // As an operator's change lands: the row, then its data version.
      await setLinks([...original, { title: "Our forests", url: "/content/forests" }]);
      await shop.services.versions.bump("config");
      const html = await (await get("/")).text();
      expect(html).toContain("Our forests");
      const after = frameAddress(html);
      expect(after).not.toBe(before);
      const fresh = await get(after);
      expect(fresh.headers.get("cache-control")).toMatch(/immutable/);
      expect(JSON.stringify(await fresh.json())).toContain("Our forests");
      // A page kept from before the change (a CDN's copy) still names the old address.
      const old = await get(before);
      expect(old.status).toBe(200);
      expect(old.headers.get("cache-control")).toMatch(/max-age=0\b/);
      expect(JSON.stringify(await old.json())).toContain("Our forests");
    } finally {
      await setLinks(original);
      await shop.services.versions.bump("config");
    }
    // And back: the footer's kept HTML is by what it shows, so the link goes with the setting.
    expect(await (await get("/")).text()).not.toContain("Our forests");
  });
});

describe("a frame missing a part", () => {
  it("is answered with the part empty and kept by nobody; the next ask gets it whole", async () => {
    const address = frameAddress(await (await get("/")).text());
    cache.clear();
    const realTopMenu = shop.services.catalog.topMenu;
    shop.services.catalog.topMenu = async () => {
      throw new Error("menu query failed");
    };
    try {
      const failed = await get(address);
      expect(failed.status).toBe(200);
      expect(failed.headers.get("cache-control")).toBe("no-store");
      expect(((await failed.json()) as { menu: unknown[] }).menu).toEqual([]);
      expect(cache.size).toBe(0);
    } finally {
      shop.services.catalog.topMenu = realTopMenu;
    }
    const healthy = await get(address);
    expect(healthy.headers.get("cache-control")).toMatch(/immutable/);
    expect(((await healthy.json()) as { menu: unknown[] }).menu.length).toBeGreaterThan(0);
  });
  it("leaves the footer without the brand's stores while they fail, and lists them again after (its static HTML is kept by what it shows)", async () => {
    /** A fresh render of the front page, then the footer's own render after it (decision 0057), twice. */
    async function twice(check: (html: string) => void) {
      for (let i = 0; i < 2; i++) {
        cache.clear();
        check(await (await get("/")).text());
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await twice((html) => expect(html).toContain(STORE_LINK));
    const realStores = shop.services.catalog.physicalStores;
    shop.services.catalog.physicalStores = async () => {
      throw new Error("stores query failed");
    };
    try {
      await twice((html) => {
        expect(html).toContain(TEXT.en.footer);
        expect(html).not.toContain(STORE_LINK);
      });
    } finally {
      shop.services.catalog.physicalStores = realStores;
    }
    await twice((html) => expect(html).toContain(STORE_LINK));
  });
});

describe("the footer's store contacts", () => {
  const visible = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  it("shows the CMS's addresses, opening hours, phones and emails, and the new hours once the content changes", async () => {
    const html = await (await get("/", "fi")).text();
    expect(visible(html)).toContain(
      "Asiakaspalvelu Kauppa Oy PL 100 00101 Helsinki ma–pe 9–17 +358 9 4250 1000 asiakaspalvelu@kauppa.example",
    );
    expect(html).toContain('href="tel:+358942501000"');
    expect(html).toContain('href="mailto:asiakaspalvelu@kauppa.example"');
    expect(visible(await (await get("/", "en")).text())).toContain("Customer service Kauppa Oy PL 100 00101 Helsinki Mon–Fri 9–17");

    // As an import in any process does: the entry changes and the content version moves.
    const hours = (text: string) =>
      shop.database.pool.query(
        `UPDATE content_entries SET published_fields = jsonb_set(published_fields, '{openingHours,fi-FI}', $1::jsonb)
          WHERE id = 'contact-service'`,
        [JSON.stringify(text)],
      );
    await hours("ma–pe 8–18\nla 10–14");
    try {
      await shop.database.pool.query("UPDATE data_versions SET version = version + 1 WHERE name = 'content'");
      await shop.services.versions.refresh();
      const after = visible(await (await get("/", "fi")).text());
      expect(after).toContain("ma–pe 8–18 la 10–14");
      expect(after).not.toContain("ma–pe 9–17");
    } finally {
      await hours("ma–pe 9–17");
      await shop.database.pool.query("UPDATE data_versions SET version = version + 1 WHERE name = 'content'");
      await shop.services.versions.refresh();
    }
  });
});
