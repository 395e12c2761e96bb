// The content service's pages and placements as the 25 block components get them (decision 0026):
// every block type of the demo content mapped to lib/cms-types.ts, links and rich text resolved,
// defaults filled in, unknown types and cycles handled, products live from the catalogue, and the
// cache dropped when the content version moves.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Block, LandingPageBlock, RichText, RichTextNode, UnknownBlock } from "../../lib/cms-types.ts";
import { BLOCK_TYPES } from "../../lib/cms-types.ts";
import { SHOWN_EVERYWHERE } from "../../lib/cms-visibility.ts";
import type { Store } from "../catalog/reference.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { entryLink } from "./wire.ts";

let shop: TestShop;
let en: Store;
let fi: Store;
beforeAll(async () => {
  shop = await createTestShop();
  en = (await shop.services.catalog.store("en")) as Store;
  fi = (await shop.services.catalog.store("fi")) as Store;
});
afterAll(() => shop?.close());

type AnyBlock = Block | UnknownBlock;
const byType = <T extends AnyBlock["type"]>(page: LandingPageBlock | null, type: T) =>
  page?.blocks.find((b) => b.type === type) as Extract<AnyBlock, { type: T }>;
const texts = (doc: RichText | RichTextNode): string =>
  doc.nodeType === "text" ? doc.value : "content" in doc ? doc.content.map(texts).join("") : "";
const nodes = (doc: RichTextNode): RichTextNode[] => [doc, ...("content" in doc ? doc.content.flatMap(nodes) : [])];

async function importFixture(content: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-blocks-"));
  fs.writeFileSync(path.join(dir, "content.json"), JSON.stringify({ contentTypes: [], entries: [], assets: [], locales: [], ...content }));
  try {
    await shop.services.content.importContent(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const published = (id: string, type: string, fields: Record<string, unknown>) => ({
  sys: { id, contentType: { sys: { id: type } }, publishedVersion: 1 },
  fields: { entryTitle: { "en-GB": id }, ...fields },
});
const doc = (...content: unknown[]) => ({ nodeType: "document", data: {}, content });
const para = (...content: unknown[]) => ({ nodeType: "paragraph", data: {}, content });
const text = (value: string) => ({ nodeType: "text", value, marks: [], data: {} });

describe("the demo content as blocks", () => {
  it("holds every block type: the front page those a page can hold, the placements the others", async () => {
    const page = await shop.services.content.page(en, "index");
    expect(page).toMatchObject({ type: "landingPage", id: "page-index", slug: "index", revision: 1 });
    const onPage = new Set(page?.blocks.map((b) => b.type));
    const placements = await shop.services.content.placements(en);
    const maintenance = await shop.services.content.maintenancePage(en);
    const elsewhere = new Set<string>(["landingPage"]);
    if (placements.campaignBanners) elsewhere.add("campaignBanners");
    if (placements.megamenuLinks.length > 0) elsewhere.add("megamenuLinks");
    if (placements.megamenuBanners.length > 0) elsewhere.add("megamenuBanner");
    if (placements.categoryBanners.length > 0) elsewhere.add("categoryBanner");
    if (placements.registrationPopup) elsewhere.add("registrationPopup");
    if (placements.storeContacts) elsewhere.add("storeContacts");
    if (maintenance) elsewhere.add("maintenancePage");
    for (const type of BLOCK_TYPES) expect(onPage.has(type) || elsewhere.has(type), type).toBe(true);
    expect(onPage.size).toBe(BLOCK_TYPES.length - elsewhere.size);
    expect(page?.blocks.filter((b) => b.type === "form").map((b) => (b as { formType: string }).formType)).toEqual([
      "Newsletter",
      "Contact",
    ]);
  });

  it("maps banners and pictures, with defaults where the entry says nothing", async () => {
    const page = await shop.services.content.page(en, "index");
    const hero = byType(page, "fullWidthBanner");
    expect(hero).toMatchObject({
      id: "home-hero",
      entryTitle: "home-hero",
      title: "Made for northern weather",
      textColor: "#ffffff",
      textPosition: "left",
      transition: "fade",
      showOn: "Always",
      link: { id: "link-women", title: "Shop women", link: "/c/women", openInNewWindow: false },
      visibility: SHOWN_EVERYWHERE,
    });
    expect(hero.image).toEqual({
      url: expect.stringMatching(/^\/img\/c\/[0-9a-f]{16}\/hero-fells\.jpg$/),
      title: "Autumn in the fells",
      description: "Blue fells under an evening sky",
      width: 1600,
      height: 700,
      contentType: "image/jpeg",
    });
    expect(hero.mobileImage?.height).toBe(1000);
    expect(texts(hero.text)).toBe("Warm layers, honest materials and a fit that moves with you.");
    expect(byType(page, "halfImageHalfText")).toMatchObject({ imagePosition: "right", transition: null });
    expect(byType(page, "threeImageBlocks")).toMatchObject({
      transition: "fade-down",
      items: [{ id: "card-snow" }, { id: "card-aurora" }, { id: "card-women" }],
    });
    expect(byType(page, "multiImageBlocks")).toMatchObject({ displayMode: "Slider" });
    expect(byType(page, "linksWithImages")).toMatchObject({ displayMode: "Grid" });
    expect(byType(page, "linksWithImages").items[2]).toMatchObject({
      title: "Our stores",
      link: { link: "/content/stores" },
      image: { title: "Brand Store Helsinki" },
    });
    expect(byType(page, "twoBanners").items).toHaveLength(2);
    expect(byType(page, "guideList").guides.map((g) => g.link?.openInNewWindow)).toEqual([true, true, false]);
    expect(byType(page, "normalButton")).toMatchObject({ style: "primary", alignment: "center", link: { link: "/c/women" } });
    expect(byType(page, "buttonList").buttons.map((b) => b.link)).toEqual(["/c/women", "/c/men", "/content/stores"]);
    expect(byType(page, "table")).toMatchObject({
      headerRow: true,
      rows: [
        ["Size", "Chest (cm)", "Waist (cm)"],
        ["XS", "80", "64"],
        ["S", "86", "70"],
        ["M", "92", "76"],
        ["L", "98", "82"],
      ],
    });
    expect(byType(page, "video")).toMatchObject({
      url: "https://vimeo.com/76979871",
      autoplay: false,
      poster: { title: "Northern lights" },
    });
    expect(byType(page, "threeColumnsContentGrid").columns.map(texts)).toEqual([
      "Lasting qualityMade to be worn for years, and repaired when needed.",
      "Designed in FinlandOur studio is in Helsinki, by the sea.",
      "Fair productionWe know every factory that makes our clothes.",
    ]);
    expect(byType(page, "faqBlock").items.map((i) => i.question)).toEqual([
      "How do I return a product?",
      "How long does delivery take?",
      "Which size should I choose?",
    ]);
    expect(byType(page, "elevateRecommendations")).toMatchObject({ list: "popular", limit: 8, displayMode: "Slider" });
  });

  it("resolves rich text: page links to their paths, embedded pictures and entries, marks", async () => {
    const page = await shop.services.content.page(en, "index");
    const half = nodes(byType(page, "halfImageHalfText").text);
    expect(half).toContainEqual({
      nodeType: "hyperlink",
      uri: "/content/about",
      newWindow: false,
      content: [{ nodeType: "text", value: "Read our story", marks: [] }],
    });
    expect(half).toContainEqual({ nodeType: "text", value: "responsibly farmed wool", marks: [{ type: "bold" }] });
    const wysiwyg = nodes(byType(page, "wysiwyg").content);
    expect(wysiwyg).toContainEqual(expect.objectContaining({ nodeType: "hyperlink", uri: "/content/stores" }));
    expect(wysiwyg.find((n) => n.nodeType === "embedded-asset-block")).toMatchObject({ image: { title: "First snow", width: 1000 } });
    expect(wysiwyg.find((n) => n.nodeType === "embedded-entry-block")).toMatchObject({
      block: { type: "normalButton", id: "home-button" },
    });
    const heading = wysiwyg.find((n) => n.nodeType === "heading-2");
    expect(heading && texts(heading)).toBe("Free delivery over €79");
  });

  it("fills product banners and sliders with enabled, in-stock products of the store, live", async () => {
    const page = await shop.services.content.page(en, "index");
    const banner = byType(page, "productBanner");
    expect(banner.skus).toEqual(["KP-100030", "KP-100031", "KP-100032", "KP-100033", "KP-100034", "KP-100035"]);
    expect(banner.products.length).toBeGreaterThan(0);
    for (const product of banner.products) expect(product.stock_status).toBe("IN_STOCK");
    expect(banner.products.map((p) => p.sku)).toEqual(banner.skus.filter((sku) => banner.products.some((p) => p.sku === sku)));
    const slider = byType(page, "productSlider");
    expect(slider.products.length).toBeGreaterThan(0);
    expect(slider.products.length).toBeLessThanOrEqual(8);
    expect(slider).toMatchObject({ limit: 8, displayMode: "Slider", title: "Winter jackets" });

    // Sold out: gone from the banner at the next read, though the page itself stays cached.
    const first = banner.products[0]?.sku as string;
    await shop.database.pool.query("UPDATE variants SET stock = 0 WHERE product_id = (SELECT id FROM products WHERE sku = $1)", [first]);
    await shop.services.productChanges.poll();
    const again = byType(await shop.services.content.page(en, "index"), "productBanner");
    expect(again.products.map((p) => p.sku)).not.toContain(first);
  });

  it("speaks Finnish in the Finnish store, and finds its pages by their Finnish slugs", async () => {
    const page = await shop.services.content.page(fi, "index");
    expect(page?.title).toBe("Kauppa – vaatteita pohjoisen säähän");
    expect(byType(page, "fullWidthBanner")).toMatchObject({
      title: "Tehty pohjoisen säähän",
      link: { link: "/c/naiset", title: "Naisten tuotteet" },
    });
    expect(byType(page, "table").rows[0]).toEqual(["Koko", "Rinta (cm)", "Vyötärö (cm)"]);
    expect((await shop.services.content.page(fi, "tietosuojaseloste"))?.title).toBe("Tietosuojaseloste");
    expect(await shop.services.content.page(fi, "privacy")).toBeNull();
    expect((await shop.services.content.page(en, "privacy"))?.title).toBe("Privacy notice");
    expect((await shop.services.content.page(fi, "saavutettavuusseloste"))?.blocks.map((b) => b.type)).toEqual(["wysiwyg", "form"]);
    expect((await shop.services.content.page(en, "accessibility"))?.title).toBe("Accessibility statement");
    // The company page and the store locator keep their paths in both stores (the store config's links).
    for (const store of [en, fi]) {
      expect(await shop.services.content.page(store, "about"), store.code).not.toBeNull();
      expect(await shop.services.content.page(store, "stores"), store.code).not.toBeNull();
    }
  });

  it("has the footer's four store pages, with -fi in Finnish", async () => {
    for (const code of ["brand-store-helsinki", "brand-store-oulu", "kauppa-outlet-hki", "concept-store-airport"]) {
      const english = await shop.services.content.page(en, code);
      const finnish = await shop.services.content.page(fi, `${code}-fi`);
      if (!english || !finnish) throw new Error(`no page ${code}`);
      expect(english.blocks[0]?.type, code).toBe("halfImageHalfText");
      expect(texts((english.blocks[0] as unknown as { text: RichText }).text)).toMatch(/Address:/);
      expect(texts((finnish.blocks[0] as unknown as { text: RichText }).text)).toMatch(/Osoite:/);
      expect(await shop.services.content.page(fi, code)).toBeNull();
    }
  });

  it("has a page for every content link of the stores' configs: footer, company page, store locator", async () => {
    for (const store of [en, fi]) {
      const { config } = store;
      const links = [
        ...config.footer_customer_service_links,
        ...config.footer_about_links,
        ...config.footer_business_links,
        { title: "company", url: config.about_company_url },
        { title: "store locator", url: config.luhta_store_locator_url },
      ].filter((link) => link.url.startsWith("/content/"));
      expect(links.length).toBeGreaterThanOrEqual(11);
      for (const link of links) {
        const page = await shop.services.content.page(store, link.url.slice("/content/".length));
        expect(page, `${store.code} ${link.url}`).not.toBeNull();
        expect(page?.blocks.length, `${store.code} ${link.url}`).toBeGreaterThan(0);
      }
    }
  });

  it("gives the placements: campaign banners, menu links and banners, category banners, the pop-up", async () => {
    const placements = await shop.services.content.placements(fi);
    expect(placements.campaignBanners).toMatchObject({ type: "campaignBanners", transitionOn: true });
    expect(placements.campaignBanners?.banners.map((b) => [b.id, b.revision, b.backgroundColor])).toEqual([
      ["banner-shipping", 1, "#1f3a5f"],
      ["banner-club", 1, "#f3f1ec"],
    ]);
    expect(texts(placements.campaignBanners?.banners[0]?.content as RichText)).toBe("Ilmainen toimitus yli 79 €:n tilauksille");
    // Every link for every login state, each with its own (spec §6: the menus pick by the shopper's).
    expect(placements.megamenuLinks.map((l) => [l.title, l.link, l.childLinks.map((c) => c.title), l.loginStatus])).toEqual([
      ["Uutta naisille", "/c/naiset", ["Takit", "Neuleet"], "All"],
      ["Tarinat", "/content/about", [], "All"],
      ["Myymälät", "/content/stores", [], "All"],
      ["Omat tilaukset", "/account/orders", [], "Logged In"],
    ]);
    expect(placements.megamenuBanners).toMatchObject([
      { type: "megamenuBanner", horizontalImage: true, position: 1, link: { title: "Sadetakit" } },
    ]);
    expect(placements.categoryBanners).toMatchObject([{ type: "categoryBanner", position: 3, bannerType: "wide" }]);
    expect(placements.categoryBanners[0]?.visibility.categoryIDs).toHaveLength(2);
    expect(placements.registrationPopup).toMatchObject({
      title: "Liity Kauppa-kerhoon",
      popupDelay: 30,
      revision: 1,
      visibility: { showForLoginStatus: "Logged Out", pages: ["index"] },
      image: { width: 1070 },
      mobileImage: { width: 600 },
    });
    expect(await shop.services.content.maintenancePage(fi)).toMatchObject({ title: "Palaamme pian", image: { title: "Revontulet" } });
    expect(placements.storeContacts).toMatchObject({
      type: "storeContacts",
      title: "Ota yhteyttä",
      contacts: [
        {
          name: "Asiakaspalvelu",
          address: ["Kauppa Oy", "PL 100", "00101 Helsinki"],
          openingHours: ["ma–pe 9–17"],
          phone: "+358 9 4250 1000",
          email: "asiakaspalvelu@kauppa.example",
        },
      ],
    });
  });

  it("shows the draft page only in preview", async () => {
    expect(await shop.services.content.page(en, "draft-demo")).toBeNull();
    const draft = await shop.services.content.page(en, "draft-demo", { preview: true });
    expect(draft).toMatchObject({ title: "Spring preview", blocks: [{ type: "wysiwyg" }, { type: "fullWidthBanner" }] });
    // Preview reads are never kept: the shoppers' page is still none.
    expect(await shop.services.content.page(en, "draft-demo")).toBeNull();
  });
});

describe("blocks from content the shop does not expect", () => {
  it("gives an entry of an unknown type as an unknown block, stops at cycles, drops unsafe links, fills defaults", async () => {
    await importFixture({
      contentTypes: [{ sys: { id: "carousel" }, name: "Carousel", fields: [{ id: "entryTitle", name: "Entry title", type: "Symbol" }] }],
      entries: [
        published("odd-carousel", "carousel", {}),
        published("odd-text", "wysiwyg", {
          content: {
            "en-GB": doc(
              para(
                text("Before "),
                { nodeType: "hyperlink", data: { uri: "javascript:alert(1)" }, content: [text("click")] },
                text(" after"),
              ),
              para({ nodeType: "hyperlink", data: { uri: "https://example.com/", target: "_blank" }, content: [text("out")] }),
              { nodeType: "embedded-entry-block", data: { target: entryLink("odd-text") }, content: [] },
              { nodeType: "embedded-entry-block", data: { target: entryLink("odd-missing") }, content: [] },
            ),
          },
        }),
        published("odd-banner", "categoryBanner", {}),
        published("odd-megamenu", "megamenuBanner", {}),
        published("odd-page", "landingPage", {
          slug: { "en-GB": "odd" },
          title: { "en-GB": "Odd" },
          blocks: {
            "en-GB": [
              entryLink("odd-carousel"),
              entryLink("odd-text"),
              entryLink("odd-page"),
              entryLink("odd-banner"),
              entryLink("odd-megamenu"),
            ],
          },
        }),
        { sys: { id: "odd-missing", contentType: { sys: { id: "wysiwyg" } } }, fields: { entryTitle: { "en-GB": "draft" } } },
      ],
    });
    const page = await shop.services.content.page(en, "odd");
    expect(page?.blocks.map((b) => b.type)).toEqual(["unknown", "wysiwyg", "categoryBanner", "megamenuBanner"]);
    expect(page?.blocks[0]).toEqual({ type: "unknown", id: "odd-carousel", contentType: "carousel" });
    if (!page) throw new Error("no page");
    const content = (page.blocks[1] as unknown as { content: RichText }).content;
    const all = nodes(content);
    expect(texts(content.content[0] as RichTextNode)).toBe("Before click after");
    expect(all.some((n) => n.nodeType === "hyperlink" && n.uri.startsWith("javascript"))).toBe(false);
    expect(all).toContainEqual({
      nodeType: "hyperlink",
      uri: "https://example.com/",
      newWindow: true,
      content: [{ nodeType: "text", value: "out", marks: [] }],
    });
    // Itself (a cycle) and an unpublished entry: nothing.
    expect(all.filter((n) => n.nodeType === "embedded-entry-block")).toEqual([
      { nodeType: "embedded-entry-block", block: null },
      { nodeType: "embedded-entry-block", block: null },
    ]);
    expect(page?.blocks[2]).toMatchObject({ position: 3, bannerType: "narrow", link: null, image: null });
    expect(page?.blocks[3]).toMatchObject({ horizontalImage: true, position: 1, link: null });
  });

  it("drops its cache when the content version moves (an import in another process)", async () => {
    const before = await shop.services.content.page(en, "stores");
    expect(before?.title).toBe("Find a store");
    await shop.database.pool.query(
      `UPDATE content_entries SET published_fields = jsonb_set(published_fields, '{title,en-GB}', '"Our shops"') WHERE id = 'page-stores'`,
    );
    expect((await shop.services.content.page(en, "stores"))?.title).toBe("Find a store");
    await shop.database.pool.query("UPDATE data_versions SET version = version + 1 WHERE name = 'content'");
    await shop.services.versions.refresh();
    expect((await shop.services.content.page(en, "stores"))?.title).toBe("Our shops");
  });
});
