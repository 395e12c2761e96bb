// Import and export of content folders (decision 0026) as an operator runs them: a dry run
// checks and writes nothing; broken content (an unknown content type, a wrong field type, a link
// to nothing, a missing file) is refused whole with every problem named; an import bumps the
// "content" version, so the next read — the API and the page service — shows the new content;
// an export imports back unchanged.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import type { Store } from "../catalog/reference.ts";
import { ContentImportError } from "./transfer.ts";
import { assetLink, entryLink } from "./wire.ts";

let shop: TestShop;
const folders: string[] = [];
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
function folder(content: Json, files: Record<string, Buffer> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-import-"));
  folders.push(dir);
  fs.writeFileSync(path.join(dir, "content.json"), JSON.stringify({ contentTypes: [], entries: [], assets: [], locales: [], ...content }));
  fs.mkdirSync(path.join(dir, "assets"));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, "assets", name), body);
  return dir;
}
const published = (id: string, type: string, fields: Json) => ({
  sys: { id, contentType: { sys: { id: type } }, publishedVersion: 1 },
  fields,
});
const rich = (text: string) => ({
  nodeType: "document",
  data: {},
  content: [{ nodeType: "paragraph", data: {}, content: [{ nodeType: "text", value: text, marks: [], data: {} }] }],
});
const count = async (table: string) => Number((await shop.database.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
const version = async () =>
  Number((await shop.database.pool.query("SELECT version FROM data_versions WHERE name = 'content'")).rows[0]?.version ?? 0);
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#2e6b3f" } })
    .png()
    .toBuffer();

describe("content import", () => {
  it("checks and counts in a dry run, and writes nothing", async () => {
    const before = [await count("content_entries"), await count("content_assets"), await version()];
    const dir = folder(
      {
        entries: [published("dry-wysiwyg", "wysiwyg", { entryTitle: { "en-GB": "Dry" }, content: { "en-GB": rich("Dry run") } })],
        assets: [
          {
            sys: { id: "dry-picture" },
            fields: { title: { "en-GB": "Dry" }, file: { "en-GB": { fileName: "dry.png", contentType: "image/png" } } },
          },
        ],
      },
      { "dry.png": await png() },
    );
    const counts = await shop.services.content.importContent(dir, { dryRun: true });
    expect(counts).toMatchObject({ entries: 1, published: 1, drafts: 0, assets: 1 });
    expect([await count("content_entries"), await count("content_assets"), await version()]).toEqual(before);
  });

  it("refuses broken content whole, naming every problem", async () => {
    const before = [await count("content_entries"), await version()];
    const dir = folder({
      entries: [
        // fine on its own: written only if everything is
        published("ok-wysiwyg", "wysiwyg", { entryTitle: { "en-GB": "Fine" }, content: { "en-GB": rich("Fine") } }),
        published("bad-type", "carousel", { title: { "en-GB": "x" } }),
        published("bad-field", "wysiwyg", { entryTitle: { "en-GB": "x" }, colour: { "en-GB": "red" } }),
        published("bad-value", "productSlider", {
          entryTitle: { "en-GB": "x" },
          limit: { "en-GB": "eight" },
          displayMode: { "en-GB": "Carousel" },
        }),
        published("bad-link", "normalButton", { entryTitle: { "en-GB": "x" }, link: { "en-GB": entryLink("no-such-link") } }),
        published("bad-locale", "wysiwyg", { entryTitle: { "en-GB": "x", "sv-SE": "x" } }),
        published("bad-rich", "wysiwyg", { entryTitle: { "en-GB": "x" }, content: { "en-GB": { nodeType: "paragraph", content: [] } } }),
        published("no-title", "wysiwyg", { content: { "en-GB": rich("x") } }),
        published("bad-asset", "video", { entryTitle: { "en-GB": "x" }, poster: { "en-GB": assetLink("no-such-asset") } }),
      ],
      assets: [{ sys: { id: "missing-file" }, fields: { file: { "en-GB": { fileName: "nowhere.jpg", contentType: "image/jpeg" } } } }],
    });
    const error = await shop.services.content.importContent(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentImportError);
    const problems = (error as ContentImportError).issues.map((i) => `${i.at}: ${i.problem}`);
    const expected = [
      /bad-type.*unknown content type "carousel"/,
      /bad-field.*colour.*has no field "colour"/,
      /bad-value.*limit.*expected a whole number/,
      /bad-value.*displayMode.*"Carousel" is not one of Grid, Slider/,
      /bad-link.*links to an entry "no-such-link" that does not exist/,
      /bad-locale.*unknown locale "sv-SE"/,
      /bad-rich.*rich text must be a "document"/,
      /no-title.*entryTitle.*required/,
      /bad-asset.*links to an asset "no-such-asset"/,
      /missing-file.*file "nowhere.jpg" not found/,
    ];
    for (const pattern of expected)
      expect(
        problems.some((p) => pattern.test(p)),
        `${pattern}\n${problems.join("\n")}`,
      ).toBe(true);
    expect(problems.some((p) => p.includes("ok-wysiwyg"))).toBe(false);
    expect([await count("content_entries"), await version()]).toEqual(before);
    const { rows } = await shop.database.pool.query("SELECT 1 FROM content_entries WHERE id = 'ok-wysiwyg'");
    expect(rows).toHaveLength(0);
  });

  it("refuses a file that is not a picture, and JSON that is not content", async () => {
    const notImage = folder(
      { assets: [{ sys: { id: "text-file" }, fields: { file: { "en-GB": { fileName: "notes.jpg", contentType: "image/jpeg" } } } }] },
      { "notes.jpg": Buffer.from("hello") },
    );
    await expect(shop.services.content.importContent(notImage)).rejects.toThrow(/notes\.jpg" is not a JPEG, PNG, WebP, GIF or AVIF image/);
    const notContent = folder({ entries: [{ fields: {} }] });
    await expect(shop.services.content.importContent(notContent)).rejects.toThrow(ContentImportError);
    const dir = folder({});
    fs.writeFileSync(path.join(dir, "content.json"), "{ not json");
    await expect(shop.services.content.importContent(dir)).rejects.toThrow(/not JSON/);
  });

  it("bumps the content version, and the next read shows the new content, in the API and the pages", async () => {
    const en = (await shop.services.catalog.store("en")) as Store;
    const before = await version();
    const page = await shop.services.content.page(en, "about");
    expect(page?.title).toBe("About Kauppa");
    const api = async () =>
      (await (await shop.request("/api/contentful/landingPage/about?include=0")).json()) as {
        items: { fields: { title: string }; sys: { revision: number } }[];
      };
    expect((await api()).items[0]?.fields.title).toBe("About Kauppa");

    const picture = await png();
    const dir = folder(
      {
        entries: [
          {
            sys: { id: "page-about", contentType: { sys: { id: "landingPage" } }, publishedVersion: 2 },
            fields: {
              entryTitle: { "en-GB": "page-about" },
              slug: { "en-GB": "about" },
              title: { "en-GB": "Our story", "fi-FI": "Tarinamme" },
              blocks: { "en-GB": [entryLink("about-new-text")] },
            },
          },
          published("about-new-text", "halfImageHalfText", {
            entryTitle: { "en-GB": "about-new-text" },
            title: { "en-GB": "Since 1987" },
            image: { "en-GB": assetLink("about-picture") },
          }),
        ],
        assets: [
          {
            sys: { id: "about-picture" },
            fields: {
              title: { "en-GB": "Green" },
              description: { "en-GB": "A green square" },
              file: { "en-GB": { fileName: "green.png", contentType: "image/png" } },
            },
          },
        ],
      },
      { "green.png": picture },
    );
    const counts = await shop.services.content.importContent(dir);
    expect(counts).toMatchObject({ entries: 2, assets: 1 });
    expect(await version()).toBe(before + 1);

    const after = await shop.services.content.page(en, "about");
    expect(after?.title).toBe("Our story");
    expect(after?.revision).toBe(2);
    const [block] = after?.blocks ?? [];
    expect(block).toMatchObject({
      type: "halfImageHalfText",
      title: "Since 1987",
      image: { width: 40, height: 30, contentType: "image/png", description: "A green square" },
    });
    const answer = await api();
    expect(answer.items[0]).toMatchObject({ fields: { title: "Our story" }, sys: { revision: 2 } });
    // The picture is served from this shop's DATA_DIR by its content key.
    const url = (block as { image: { url: string } }).image.url;
    expect(url).toMatch(/^\/img\/c\/[0-9a-f]{16}\/green\.png$/);

    // The same folder again changes nothing: same revision.
    await shop.services.content.importContent(dir);
    expect((await shop.services.content.page(en, "about"))?.revision).toBe(2);
  });

  it("exports what it imports: a round trip changes no entry", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-export-"));
    folders.push(dir);
    const exported = await shop.services.content.exportContent(dir);
    expect(exported.entries).toBeGreaterThan(70);
    expect(exported.drafts).toBe(1);
    const data = JSON.parse(fs.readFileSync(path.join(dir, "content.json"), "utf8"));
    expect(Object.keys(data).sort()).toEqual(["assets", "contentTypes", "entries", "locales"]);
    expect(data.entries.find((e: { sys: { id: string } }) => e.sys.id === "page-draft-demo").sys.publishedVersion).toBeUndefined();
    expect(fs.existsSync(path.join(dir, "assets", "lake", "lake.jpg"))).toBe(true);

    const rows = async () =>
      (await shop.database.pool.query("SELECT id, revision, published_fields, draft_fields FROM content_entries ORDER BY id")).rows;
    const before = await rows();
    await shop.services.content.importContent(dir);
    expect(await rows()).toEqual(before);
  });
});
