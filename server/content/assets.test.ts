// CMS pictures at /img/c/<file key> (decision 0026): the files an import stored (in the
// database, copied under this process's DATA_DIR/content on first use), sized and encoded by the
// product images' pipeline with Contentful's parameters (w, h, fit pad/fill/scale/crop/thumb, q,
// fm, bg), immutable, and bad parameters 400.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageRoutes } from "../images/routes.ts";
import { createImageService } from "../images/service.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { fileKeyOf } from "./files.ts";

let shop: TestShop;
let cacheDir: string;
let app: ReturnType<typeof imageRoutes>;
let hero: string;
beforeAll(async () => {
  // A shop whose database holds the demo content and whose DATA_DIR has no copy of its files yet.
  shop = await createTestShop();
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-cms-img-"));
  const service = createImageService({ cacheDir, contentFile: shop.services.content.assetFile });
  app = imageRoutes(service, { logError: () => {} });
  hero = fileKeyOf(fs.readFileSync(path.join(import.meta.dirname, "../../content/demo/assets/hero-fells.jpg")), "hero-fells.jpg");
});
afterAll(async () => {
  fs.rmSync(cacheDir, { recursive: true, force: true });
  await shop?.close();
});

async function picture(query: string) {
  const response = await app.request(`/c/${hero}${query}`);
  const body = Buffer.from(await response.arrayBuffer());
  const meta = response.status === 200 ? await sharp(body).metadata() : null;
  return { response, body, meta };
}

describe("CMS pictures", () => {
  it("answers the file as it is without parameters, immutable, copied from the database", async () => {
    const { response, meta } = await picture("");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(meta).toMatchObject({ format: "jpeg", width: 1600, height: 700 });
    const etag = response.headers.get("etag") as string;
    const again = await app.request(`/c/${hero}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("sizes with w and h and Contentful's fits", async () => {
    const cases: [string, string, number, number][] = [
      ["?w=400", "jpeg", 400, 175],
      ["?h=350&fm=webp", "webp", 800, 350],
      ["?w=300&h=300", "jpeg", 300, 131], // no fit: within the box
      ["?w=300&h=300&fit=pad&bg=rgb:ff0000&fm=png", "png", 300, 300],
      ["?w=300&h=300&fit=fill&fm=webp&q=50", "webp", 300, 300],
      ["?w=300&h=100&fit=scale", "jpeg", 300, 100],
      ["?w=200&h=100&fit=crop&fm=avif", "heif", 200, 100],
      ["?w=120&h=120&fit=thumb", "jpeg", 120, 120],
    ];
    for (const [query, format, width, height] of cases) {
      const { response, meta } = await picture(query);
      expect(response.status, query).toBe(200);
      expect(meta, query).toMatchObject({ format, width, height });
    }
    // pad fills the letterbox with the colour asked for
    const { body } = await picture("?w=300&h=300&fit=pad&bg=rgb:ff0000&fm=png");
    const { data } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
    // crop cuts the middle at the picture's own scale: a plain sky colour, not the whole landscape
    const crop = await picture("?w=1600&h=100&fit=crop");
    expect(crop.meta).toMatchObject({ width: 1600, height: 100 });
  });

  it("refuses bad parameters with 400, and unknown or unsafe keys with 404", async () => {
    for (const [query, field] of [
      ["?w=0", "w"],
      ["?w=4001", "w"],
      ["?q=101", "q"],
      ["?fit=bounds", "fit"],
      ["?fm=gif", "fm"],
      ["?bg=red", "bg"],
    ]) {
      const { response, body } = await picture(query as string);
      expect(response.status, query).toBe(400);
      expect(JSON.parse(body.toString())[0]).toMatchObject({ code: "invalid_input", field });
    }
    for (const url of ["/c/0000000000000000/none.jpg", "/c/../../etc/passwd", `/c/${hero.replace("/", "%2F")}`, "/c/hero-fells.jpg"]) {
      expect((await app.request(url)).status, url).toBe(404);
    }
  });
});
