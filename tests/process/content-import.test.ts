// An operator imports content into running shops (issue 13, decision 0026): `npm run content --
// import` against their database. Within two seconds both processes drop their cached pages and
// answer the new content, and each serves the new picture, whose bytes only the database holds.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShopProcess, startShopProcess } from "../helpers/shop-process.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

describe("a content import into two running shops", () => {
  let database: TestDatabase;
  const dirs: string[] = [];
  const shops: ShopProcess[] = [];
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      shops.push(await startShopProcess({ DATA_DIR: tempDir("kauppa-content-proc-"), DATABASE_URL: database.url, LOG_LEVEL: "warn" }));
    }
  }, 240_000);
  afterAll(async () => {
    for (const shop of shops) await shop.stop();
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reaches every process's pages within two seconds, pictures included", async () => {
    const page = async (shop: ShopProcess) => (await fetch(`${shop.url}/`)).headers.get("x-cache");
    for (const shop of shops) await expect.poll(() => page(shop), { timeout: 10_000, interval: 100 }).toBe("HIT");

    const dir = tempDir("kauppa-content-folder-");
    fs.mkdirSync(path.join(dir, "assets"));
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#b3262e" } })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(path.join(dir, "assets", "red.jpg"), picture);
    fs.writeFileSync(
      path.join(dir, "content.json"),
      JSON.stringify({
        locales: [],
        contentTypes: [],
        assets: [
          {
            sys: { id: "red-square" },
            fields: { title: { "en-GB": "Red" }, file: { "en-GB": { fileName: "red.jpg", contentType: "image/jpeg" } } },
          },
        ],
        entries: [
          {
            sys: { id: "page-about", contentType: { sys: { id: "landingPage" } }, publishedVersion: 2 },
            fields: { entryTitle: { "en-GB": "page-about" }, slug: { "en-GB": "about" }, title: { "en-GB": "Imported while running" } },
          },
          {
            sys: { id: "red-banner", contentType: { sys: { id: "fullWidthBanner" } }, publishedVersion: 1 },
            fields: {
              entryTitle: { "en-GB": "red-banner" },
              image: { "en-GB": { sys: { type: "Link", linkType: "Asset", id: "red-square" } } },
            },
          },
        ],
      }),
    );
    const cli = await run(process.execPath, [path.join(root, "server/content/cli.ts"), "import", dir], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: tempDir("kauppa-content-cli-") },
    });
    expect(cli.stdout).toMatch(/imported 2 entries \(2 published, 0 drafts\), 1 assets/);
    const imported = Date.now();

    // The design answers within the data-version poll (1 s) and a render; CI's busy two cores get a wide margin.
    for (const shop of shops) {
      await expect.poll(() => page(shop), { timeout: 6_000, interval: 50 }).toBe("MISS");
      const answer = (await (await fetch(`${shop.url}/api/contentful/landingPage/about?include=0`)).json()) as {
        items: { fields: { title: string } }[];
      };
      expect(answer.items[0]?.fields.title).toBe("Imported while running");
    }
    expect(Date.now() - imported).toBeLessThan(6_000);

    const asset = (await (await fetch(`${shops[0]?.url}/api/contentful/asset/red-square`)).json()) as { fields: { file: { url: string } } };
    for (const shop of shops) {
      const response = await fetch(`${shop.url}${asset.fields.file.url}?w=32&fm=png`);
      expect(response.status).toBe(200);
      expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 32, height: 24 });
    }
  }, 60_000);
});
