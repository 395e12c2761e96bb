// /api/contentful/* as a storefront or a Contentful client reads it (decision 0026): every
// endpoint over the demo content, include depth and cycles, locale fallback, drafts only through
// preview with the secret, bad parameters as 400s in the API's error shape, cache headers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { assetLink, entryLink } from "./wire.ts";

const SECRET = "preview-secret-for-tests-0123456789";
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ config: { CONTENT_PREVIEW_SECRET: SECRET } });
});
afterAll(() => shop?.close());

// biome-ignore lint/suspicious/noExplicitAny: Contentful's answers of many shapes, each checked by its assertions
type Json = Record<string, any>;
async function get(url: string, init: RequestInit & { store?: "en" | "fi" } = {}) {
  const response = await shop.request(url, init);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}
const ids = (list: Json[] | undefined) => (list ?? []).map((item) => item.sys.id).sort();

/** Imports a small content folder of its own (entries as in content.json, no assets). */
async function importFixture(entries: Json[], contentTypes: Json[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-content-fixture-"));
  fs.writeFileSync(path.join(dir, "content.json"), JSON.stringify({ contentTypes, entries, assets: [], locales: [] }));
  try {
    return await shop.services.content.importContent(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const published = (id: string, type: string, fields: Json) => ({
  sys: { id, contentType: { sys: { id: type } }, publishedVersion: 1 },
  fields,
});

describe("the delivery API", () => {
  it("answers the front page by content type and slug, with its blocks and pictures in includes", async () => {
    const { status, headers, body } = await get("/api/contentful/landingPage/index");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("public, max-age=30");
    expect(body.sys).toEqual({ type: "Array" });
    expect(body.total).toBe(1);
    const [page] = body.items;
    expect(page.sys).toMatchObject({
      id: "page-index",
      type: "Entry",
      revision: 1,
      locale: "en-GB",
      contentType: { sys: { type: "Link", linkType: "ContentType", id: "landingPage" } },
      space: { sys: { type: "Link", linkType: "Space", id: "kauppa" } },
    });
    expect(page.fields.slug).toBe("index");
    expect(page.fields.title).toMatch(/northern weather/);
    expect(page.fields.blocks[0]).toEqual(entryLink("home-hero"));
    // Depth 4 by default: the blocks (1), their links and cards (2), the cards' links (3).
    const included = ids(body.includes.Entry);
    expect(included).toEqual(expect.arrayContaining(["home-hero", "home-links", "card-women", "link-women", "faq-returns"]));
    expect(included).not.toContain("page-index");
    const hero = body.includes.Asset.find((a: Json) => a.sys.id === "hero-fells");
    expect(hero.sys.type).toBe("Asset");
    expect(hero.fields.title).toBe("Autumn in the fells");
    expect(hero.fields.file).toMatchObject({
      url: expect.stringMatching(/^\/img\/c\/[0-9a-f]{16}\/hero-fells\.jpg$/),
      fileName: "hero-fells.jpg",
      contentType: "image/jpeg",
      details: { image: { width: 1600, height: 700 } },
    });
    expect(body.errors).toBeUndefined();
  });

  it("answers in the store's locale by default, and in the one asked for (fi, fi-FI, en, en-GB, *)", async () => {
    const fi = await get("/api/contentful/landingPage/tietosuojaseloste", { store: "fi" });
    expect(fi.body.total).toBe(1);
    expect(fi.body.items[0].sys.locale).toBe("fi-FI");
    expect(fi.body.items[0].fields.title).toBe("Tietosuojaseloste");
    // The Finnish slug is not the English page's.
    expect((await get("/api/contentful/landingPage/tietosuojaseloste")).body.total).toBe(0);
    for (const locale of ["fi", "fi-FI"]) {
      const { body } = await get(`/api/contentful/entry/page-privacy?locale=${locale}`);
      expect(body.items[0].fields.title).toBe("Tietosuojaseloste");
    }
    for (const locale of ["en", "en-GB"]) {
      const { body } = await get(`/api/contentful/entry/page-privacy?locale=${locale}`, { store: "fi" });
      expect(body.items[0].fields.title).toBe("Privacy notice");
    }
    const all = await get("/api/contentful/entry/page-privacy?locale=*&include=0");
    expect(all.body.items[0].fields.title).toEqual({ "en-GB": "Privacy notice", "fi-FI": "Tietosuojaseloste" });
    expect(all.body.items[0].sys.locale).toBeUndefined();
  });

  it("falls back to English for a value the Finnish locale does not have", async () => {
    // The store locator's slug and the hero's colour exist in en-GB only.
    const { body } = await get("/api/contentful/landingPage/stores?include=0", { store: "fi" });
    expect(body.items[0].fields).toMatchObject({ slug: "stores", title: "Myymälät" });
    const hero = await get("/api/contentful/entry/home-hero?include=0&locale=fi");
    expect(hero.body.items[0].fields).toMatchObject({ title: "Tehty pohjoisen säähän", textColor: "#ffffff", textPosition: "left" });
  });

  it("resolves links as deep as include says, 0 to 10", async () => {
    const depth = async (include: number) => ids((await get(`/api/contentful/entry/page-index?include=${include}`)).body.includes?.Entry);
    expect(await depth(0)).toEqual([]);
    const one = await depth(1);
    expect(one).toContain("home-links");
    expect(one).not.toContain("card-women");
    // The front page → the guide list (1) → a guide (2) → its link (3).
    const two = await depth(2);
    expect(two).toContain("guide-layering");
    expect(two).not.toContain("link-care");
    expect(await depth(3)).toContain("link-care");
    expect(await depth(10)).toEqual(await depth(4));
  });

  it("stops at a cycle, and reports a link to a missing entry in errors", async () => {
    await importFixture([
      published("cycle-a", "menuLink", { title: { "en-GB": "A" }, childLinks: { "en-GB": [entryLink("cycle-b")] } }),
      published("cycle-b", "menuLink", { title: { "en-GB": "B" }, childLinks: { "en-GB": [entryLink("cycle-a"), entryLink("cycle-c")] } }),
      { sys: { id: "cycle-c", contentType: { sys: { id: "menuLink" } } }, fields: { title: { "en-GB": "C, a draft" } } },
    ]);
    const { status, body } = await get("/api/contentful/entry/cycle-a?include=10");
    expect(status).toBe(200);
    expect(ids(body.includes.Entry)).toEqual(["cycle-b"]);
    // The draft is not published: in delivery it does not exist.
    expect(body.errors).toEqual([
      { sys: { id: "notResolvable", type: "error" }, details: { type: "Link", linkType: "Entry", id: "cycle-c" } },
    ]);
  });

  it("lists entries: by content type, field equality, order, limit and skip", async () => {
    const pages = await get("/api/contentful/entries?content_type=landingPage&include=0&order=fields.slug&limit=3");
    expect(pages.status).toBe(200);
    expect(pages.body.total).toBe(19); // every published page (not the draft)
    expect(pages.body.limit).toBe(3);
    expect(pages.body.items.map((e: Json) => e.fields.slug)).toEqual(["about", "about-kauppa", "accessibility"]);
    const next = await get("/api/contentful/entries?content_type=landingPage&include=0&order=fields.slug&limit=3&skip=3");
    expect(next.body.skip).toBe(3);
    expect(next.body.items.map((e: Json) => e.fields.slug)).toEqual(["brand-store-helsinki", "brand-store-oulu", "careers"]);
    const descending = await get("/api/contentful/entries?content_type=landingPage&include=0&order=-fields.slug&limit=1");
    expect(descending.body.items[0].fields.slug).toBe("wholesale");
    const past = await get("/api/contentful/entries?content_type=landingPage&skip=100");
    expect(past.body).toMatchObject({ total: 19, items: [] });

    const forms = await get("/api/contentful/entries?content_type=form&fields.formType=Contact&include=0");
    expect(ids(forms.body.items)).toEqual(["contact-form"]);
    // An array field matches when it holds the value.
    const banner = await get("/api/contentful/entries?content_type=productBanner&fields.skus=KP-100031&include=0");
    expect(ids(banner.body.items)).toEqual(["home-product-banner"]);
    // Field values in the locale asked for.
    const fi = await get("/api/contentful/entries?content_type=landingPage&fields.slug=brand-store-oulu-fi&include=0", { store: "fi" });
    expect(ids(fi.body.items)).toEqual(["page-brand-store-oulu"]);
    const byId = await get("/api/contentful/entries?sys.id[in]=faq-size,faq-delivery,nothing&include=0");
    expect(ids(byId.body.items)).toEqual(["faq-delivery", "faq-size"]);
    const every = await get("/api/contentful/entries?limit=1000&include=0&order=-sys.updatedAt");
    expect(every.body.total).toBeGreaterThan(70);
  });

  it("answers assets, content types, locales and the space", async () => {
    const asset = await get("/api/contentful/asset/lake", { store: "fi" });
    expect(asset.status).toBe(200);
    expect(asset.body.sys).toMatchObject({ id: "lake", type: "Asset", locale: "fi-FI" });
    expect(asset.body.fields).toMatchObject({ title: "Järvi aamunkoitteessa", description: "Tyyni järvi ja vaaleanpunainen aamutaivas" });
    const assets = await get("/api/contentful/assets?limit=5");
    expect(assets.body).toMatchObject({ sys: { type: "Array" }, total: 12, limit: 5 });
    expect(assets.body.items).toHaveLength(5);

    const types = await get("/api/contentful/contentTypes");
    expect(types.body.total).toBe(32);
    const landing = await get("/api/contentful/contentType/landingPage");
    expect(landing.body).toMatchObject({ sys: { id: "landingPage", type: "ContentType" }, displayField: "title" });
    expect(landing.body.fields.find((f: Json) => f.id === "blocks")).toMatchObject({
      type: "Array",
      items: { type: "Link", linkType: "Entry" },
    });

    const locales = await get("/api/contentful/locales");
    expect(locales.body.items.map((l: Json) => [l.code, l.default, l.fallbackCode])).toEqual([
      ["en-GB", true, null],
      ["fi-FI", false, "en-GB"],
    ]);
    const space = await get("/api/contentful/space");
    expect(space.body).toMatchObject({ sys: { type: "Space", id: "kauppa" }, locales: [{ code: "en-GB" }, { code: "fi-FI" }] });
  });

  it("answers 404 for what does not exist", async () => {
    for (const url of ["/api/contentful/entry/nothing", "/api/contentful/asset/nothing", "/api/contentful/contentType/nothing"]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body[0]).toMatchObject({ code: "not_found" });
    }
    expect((await get("/api/contentful/landingPage/nothing")).body.total).toBe(0);
  });

  it("refuses bad parameters with 400 naming the parameter", async () => {
    const cases: [string, string, string][] = [
      ["/api/contentful/entries?include=11", "include", "wholeNumber"],
      ["/api/contentful/entries?include=-1", "include", "wholeNumber"],
      ["/api/contentful/entries?limit=1001", "limit", "wholeNumber"],
      ["/api/contentful/entries?skip=x", "skip", "wholeNumber"],
      ["/api/contentful/entries?locale=sv-SE", "locale", "choice"],
      ["/api/contentful/entries?order=title", "order", "format"],
      ["/api/contentful/entries?order=fields.slug", "content_type", "required"],
      ["/api/contentful/entries?fields.slug=index", "content_type", "required"],
      ["/api/contentful/entries?content_type=landingPage&fields.bad-name=x", "fields.bad-name", "format"],
      ["/api/contentful/entries?color=red", "color", "unknownKeys"],
      ["/api/contentful/entries?secret=x", "secret", "unknownKeys"],
      ["/api/contentful/landingPage/index?include=99", "include", "wholeNumber"],
      ["/api/contentful/entry/page-index?locale=xx", "locale", "choice"],
      ["/api/contentful/assets?limit=5000", "limit", "wholeNumber"],
    ];
    for (const [url, field, rule] of cases) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body[0], url).toMatchObject({ code: "invalid_input", field, params: { rule } });
      expect(typeof body[0].message).toBe("string");
    }
    // Worded in the store's language.
    const fi = await get("/api/contentful/entries?limit=5000", { store: "fi" });
    expect(fi.body[0].message).toBe("Anna kokonaisluku väliltä 0–1000");
  });
});

describe("drafts and preview", () => {
  it("never shows a draft without the preview secret", async () => {
    expect((await get("/api/contentful/landingPage/draft-demo")).body.total).toBe(0);
    expect((await get("/api/contentful/entry/page-draft-demo")).status).toBe(404);
    expect((await get("/api/contentful/entries?content_type=landingPage&fields.slug=draft-demo")).body.total).toBe(0);
    for (const init of [{}, { headers: { Authorization: "Bearer wrong-secret-0123456789" } }]) {
      const refused = await get("/api/contentful/preview?content_type=landingPage&fields.slug=draft-demo", init);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("cache-control")).toBe("private, no-store");
      expect(refused.body[0]).toMatchObject({ code: "preview_unauthorized" });
    }
    expect((await get("/api/contentful/preview?secret=wrong&content_type=landingPage")).status).toBe(401);
  });

  it("shows drafts with the secret, as a query parameter or a Bearer token, never cached", async () => {
    const url = "/api/contentful/preview?content_type=landingPage&fields.slug=draft-demo";
    for (const [suffix, headers] of [
      [`&secret=${SECRET}`, {}],
      ["", { Authorization: `Bearer ${SECRET}` }],
    ] as const) {
      const { status, headers: answer, body } = await get(url + suffix, { headers });
      expect(status).toBe(200);
      expect(answer.get("cache-control")).toBe("private, no-store");
      expect(ids(body.items)).toEqual(["page-draft-demo"]);
      expect(body.items[0].fields.title).toBe("Spring preview");
      expect(ids(body.includes.Entry)).toContain("draft-text");
      expect(body.includes.Asset.map((a: Json) => a.sys.id)).toContain("hero-fells");
    }
    // Preview also lists what is published.
    const all = await get(`/api/contentful/preview?content_type=landingPage&include=0&secret=${SECRET}`);
    expect(all.body.total).toBe(20);
  });

  it("refuses every preview when the shop has no secret", async () => {
    const other = await createTestShop();
    try {
      const response = await other.request("/api/contentful/preview?content_type=landingPage&secret=");
      expect(response.status).toBe(401);
      const bearer = await other.request("/api/contentful/preview", { headers: { Authorization: "Bearer " } });
      expect(bearer.status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe("entries and assets in links", () => {
  it("gives asset links as Contentful does", () => {
    expect(assetLink("x")).toEqual({ sys: { type: "Link", linkType: "Asset", id: "x" } });
  });
});
