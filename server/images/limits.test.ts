// What one client can make the image service do (docs/decisions/0034): only the catalogue's
// keys, only drawn sizes (another is redirected), a bounded wait with the shop's own sizes
// first, and a disk cache bounded in bytes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { imageSrcSet, imageUrl } from "../../lib/image-url.ts";
import { imageRoutes } from "./routes.ts";
import { createImageService, type ImageServiceOptions } from "./service.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function shop(options: Omit<ImageServiceOptions, "cacheDir"> = {}) {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-img-limits-"));
  dirs.push(cacheDir);
  const service = createImageService({ cacheDir, ...options });
  const app = new Hono();
  app.mount("/img", imageRoutes(service).fetch);
  const files = () =>
    (fs.readdirSync(cacheDir, { recursive: true }) as string[]).map((f) => path.join(cacheDir, f)).filter((f) => fs.statSync(f).isFile());
  return { service, app, files };
}

describe("image keys", () => {
  it("draws only keys of the catalogue, and caches nothing for another", async () => {
    const { app, files } = shop({ knownKey: async (key) => key === "jacket/1f3a5f/1/4" });
    expect((await app.request("/img/p/jacket/1f3a5f/1/4?w=100&h=140")).status).toBe(200);
    const before = files().length;
    const other = await app.request("/img/p/jacket/1f3a5f/1/3?w=100&h=140");
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual([expect.objectContaining({ code: "not_found" })]);
    // an unknown key is refused before its size is looked at
    expect((await app.request("/img/p/tee/b3262e/1/1?w=123")).status).toBe(404);
    expect(files().length).toBe(before);
  });
});

describe("image sizes", () => {
  const { app, files, service } = shop();

  it("redirects a size that is not drawn to the next larger drawn one, for good", async () => {
    const response = await app.request("/img/p/tee/b3262e/1/1?w=250&h=351&fit=bounds&q=77&fm=webp");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("?w=300&h=420&fit=bounds&q=80&fm=webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // past the largest: the largest
    expect((await app.request("/img/p/tee/b3262e/1/1?w=1999")).headers.get("location")).toBe("?w=2000");
    expect(files()).toEqual([]);
    const drawn = await app.request(new URL(response.headers.get("location") as string, "http://localhost/img/p/tee/b3262e/1/1").href);
    expect(drawn.status).toBe(200);
    expect(await sharp(Buffer.from(await drawn.arrayBuffer())).metadata()).toMatchObject({ width: 300, height: 420 });
  });

  it("keeps every URL the shop's pages make drawn as it is, and rounds other sizes the same way", async () => {
    const key = "/img/p/cap/2e6b3f/1/0";
    const urls = [
      // lib/image-url.ts as the components call it (thumbnails, cards, gallery, cart, checkout, JSON-LD)
      ...[100, 120, 160, 200, 300, 400, 600, 800, 1000, 1200, 1400].map((w) => imageUrl(key, { w, h: (w * 7) / 5 })),
      ...imageSrcSet(key, [200, 300, 400, 600, 800, 1000])
        .split(", ")
        .map((entry) => entry.split(" ")[0] as string),
      imageUrl(key, { w: 250, h: 350 }),
    ];
    expect(imageUrl(key, { w: 250, h: 350 })).toBe(`${key}?w=300&h=420&fm=webp`);
    for (const url of urls) {
      const { pathname, searchParams } = new URL(url, "http://localhost");
      // an ETag of its own: drawn as asked, not redirected
      expect(service.etag(pathname.slice("/img/p/".length), searchParams), url).not.toBeNull();
    }
  });
});

/** Draws that wait until let go, so a test holds the render slots as long as it needs. */
describe("the render queue", () => {
  it("answers 503 with Retry-After past its bound, while the shop's own sizes still have room and go first", async () => {
    const { app, service } = shop({ queueMax: 2 });
    const odd = async (i: number) => app.request(`/img/p/scarf/8a8d91/1/${i % 4}?w=${[1200, 1400, 2000][i % 3]}&fm=png`);
    const order: string[] = [];
    const oddOnes = Array.from({ length: 12 }, (_, i) =>
      odd(i).then((r) => {
        order.push(`odd ${r.status}`);
        return r;
      }),
    );
    // after the odd ones: two drawing, two waiting, the rest refused at once
    await expect.poll(() => service.queue(), { timeout: 20_000, interval: 5 }).toEqual({ active: 2, waiting: 2 });
    const thumbnail = Promise.resolve(app.request("/img/p/scarf/8a8d91/2/0?w=100&h=140&fit=bounds&q=80&fm=webp")).then((r) => {
      order.push(`thumbnail ${r.status}`);
      return r;
    });
    const answers = await Promise.all(oddOnes);
    expect((await thumbnail).status).toBe(200);
    const refused = answers.filter((r) => r.status === 503);
    const drawn = answers.filter((r) => r.status === 200);
    expect(drawn.length).toBe(4);
    expect(refused.length).toBe(8);
    for (const response of refused) {
      expect(response.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual([{ code: "busy", message: "The shop is busy right now. Please try again in a moment." }]);
    }
    // the thumbnail overtook the odd ones waiting: done before the last of them
    const drawnOrder = order.filter((entry) => entry.endsWith("200"));
    expect(drawnOrder.indexOf("thumbnail 200")).toBeLessThan(drawnOrder.length - 1);
    expect(service.stats().renders).toBe(5);
  }, 60_000);
});

describe("the disk cache", () => {
  it("keeps its files within its bound in bytes, removing the least recently used", async () => {
    const { app, service, files } = shop({ cacheMaxBytes: 20_000 });
    const url = (i: number) => `/img/p/jacket/1f3a5f/1/${i % 5}?w=${[300, 400][Math.floor(i / 5)]}&h=${[420, 560][Math.floor(i / 5)]}`;
    const first = url(0);
    expect((await app.request(first)).status).toBe(200);
    for (let i = 1; i < 10; i++) {
      expect((await app.request(url(i))).status).toBe(200);
      // the first picture stays in use
      expect((await app.request(first)).headers.get("x-cache"), `after ${i}`).toBe("HIT");
    }
    const bytes = files().reduce((sum, f) => sum + fs.statSync(f).size, 0);
    expect(bytes).toBeLessThanOrEqual(20_000);
    expect(service.stats().evicted).toBeGreaterThan(0);
    // the least recently used was removed: drawn again
    expect((await app.request(url(1))).headers.get("x-cache")).toBe("MISS");
  }, 60_000);

  it("counts the files a previous process left against its bound", async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-img-limits-"));
    dirs.push(cacheDir);
    const mount = (maxBytes: number) => {
      const app = new Hono();
      const service = createImageService({ cacheDir, cacheMaxBytes: maxBytes });
      app.mount("/img", imageRoutes(service).fetch);
      return { app, service };
    };
    const before = mount(10_000_000);
    for (const i of [0, 1, 2, 3]) expect((await before.app.request(`/img/p/boot/6b4a32/1/${i}?w=400&h=560`)).status).toBe(200);
    const after = mount(1);
    expect((await after.app.request("/img/p/boot/6b4a32/2/0?w=400&h=560")).status).toBe(200);
    expect(after.service.stats().evicted).toBeGreaterThanOrEqual(4);
  }, 60_000);
});
