import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageRoutes } from "./routes.ts";
import { createLimiter } from "../limiter.ts";
import { createImageService, type ImageService } from "./service.ts";

let cacheDir: string;
let service: ImageService;
let app: Hono;

/** Mounted as the shop does it (server/app.ts: `app.mount("/img", images.fetch)`). */
function mount(s: ImageService) {
  const parent = new Hono();
  parent.mount("/img", imageRoutes(s).fetch);
  return parent;
}

beforeAll(() => {
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-img-"));
  service = createImageService({ cacheDir });
  app = mount(service);
});
afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

const cachedFiles = () =>
  (fs.readdirSync(cacheDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(cacheDir, f)).isFile());

async function image(url: string, init?: RequestInit) {
  const response = await app.request(url, init);
  expect(
    response.status,
    await response
      .clone()
      .text()
      .catch(() => ""),
  ).toBe(200);
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, meta: await sharp(body).metadata() };
}

async function error(url: string, status: number) {
  const response = await app.request(url);
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as { message: string; code: string; params?: Record<string, unknown>; field?: string }[];
  expect(body).toEqual([expect.objectContaining({ message: expect.any(String), code: expect.any(String) })]);
  return body[0] as { message: string; code: string; params?: Record<string, unknown>; field?: string };
}

describe("GET /img/p/<key>", () => {
  it("answers a 100×140 thumbnail (fit=bounds) as WebP, cached for a year with an ETag", async () => {
    const { response, body, meta } = await image("/img/p/jacket/1f3a5f/1/4?w=100&h=140&fit=bounds&q=80&fm=webp");
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get("content-length")).toBe(String(body.length));
    expect(meta).toMatchObject({ format: "webp", width: 100, height: 140 });
  });

  it("defaults to WebP, quality 80, within bounds; keeps the 5:7 picture inside any box", async () => {
    expect((await image("/img/p/tee/b3262e/1/1?w=200&h=140")).meta).toMatchObject({ format: "webp", width: 100, height: 140 });
    expect((await image("/img/p/tee/b3262e/1/1?w=300")).meta).toMatchObject({ width: 300, height: 420 });
    expect((await image("/img/p/tee/b3262e/1/1?h=140")).meta).toMatchObject({ width: 100, height: 140 });
    expect((await image("/img/p/tee/b3262e/1/1")).meta).toMatchObject({ width: 1000, height: 1400 });
  });

  it("supports cover, contain, outside and fill", async () => {
    expect((await image("/img/p/mug/2e6b3f/1/2?w=200&h=140&fit=cover")).meta).toMatchObject({ width: 200, height: 140 });
    expect((await image("/img/p/mug/2e6b3f/1/2?w=200&h=140&fit=contain")).meta).toMatchObject({ width: 200, height: 140 });
    expect((await image("/img/p/mug/2e6b3f/1/2?w=200&h=140&fit=outside")).meta).toMatchObject({ width: 200, height: 280 });
    expect((await image("/img/p/mug/2e6b3f/1/2?w=200&h=140&fit=fill")).meta).toMatchObject({ width: 200, height: 140 });
  });

  it("encodes AVIF, JPEG and PNG", async () => {
    const avif = await image("/img/p/boot/6b4a32/2/1?w=300&h=420&fm=avif");
    expect(avif.response.headers.get("content-type")).toBe("image/avif");
    expect(avif.meta).toMatchObject({ format: "heif", compression: "av1", width: 300, height: 420 });
    for (const fm of ["jpg", "jpeg"]) {
      const jpg = await image(`/img/p/candle/d8c8a8/1/0?w=400&h=560&fm=${fm}&q=60`);
      expect(jpg.response.headers.get("content-type")).toBe("image/jpeg");
      expect(jpg.meta).toMatchObject({ format: "jpeg", width: 400, height: 560 });
    }
    const png = await image("/img/p/giftcard/b3262e/1/2?w=120&fm=png");
    expect(png.response.headers.get("content-type")).toBe("image/png");
    expect(png.meta).toMatchObject({ format: "png", width: 120, height: 168 });
  });

  it("rejects bad parameters with 400, naming the parameter", async () => {
    for (const [query, field] of [
      ["w=0", "w"],
      ["w=abc", "w"],
      ["w=2001", "w"],
      ["w=1.5", "w"],
      ["w=-5", "w"],
      ["w=", "w"],
      ["h=2801", "h"],
      ["h=0", "h"],
      ["q=0", "q"],
      ["q=101", "q"],
      ["fit=stretch", "fit"],
      ["fm=gif", "fm"],
      ["fm=WEBP", "fm"],
    ] as const) {
      const e = await error(`/img/p/jacket/1f3a5f/1/4?${query}`, 400);
      expect(e, query).toMatchObject({ code: "invalid_input", field });
      expect(e.params, query).toMatchObject({ rule: expect.stringMatching(/^(wholeNumber|choice)$/) });
      expect(e.message, query).toMatch(/^(Enter a whole number from 1 to \d+|Choose one of: .+)$/);
    }
    // the largest sizes are allowed
    expect((await image("/img/p/scarf/8a8d91/1/0?w=2000&h=2800&fm=jpg&q=40")).meta).toMatchObject({ width: 2000, height: 2800 });
  });

  it("answers 404 for a key that does not parse", async () => {
    for (const url of [
      "/img/p/coat/1f3a5f/1/4",
      "/img/p/jacket/1F3A5F/1/4",
      "/img/p/jacket/1f3a5f/4/4",
      "/img/p/jacket/1f3a5f/1/4/extra",
      "/img/p/",
      "/img/p/..%2F..%2Fetc%2Fpasswd",
      "/img/p/jacket%2F1f3a5f%2F1%2F4",
      "/img/nothing",
    ]) {
      expect(await error(url, 404), url).toMatchObject({ code: "not_found" });
    }
  });

  it("renders once, then serves from the disk cache, also after a restart", async () => {
    const url = "/img/p/backpack/6b6b3a/1/0?w=200&h=280&fit=bounds";
    const before = service.stats();
    const first = await image(url);
    expect(first.response.headers.get("x-cache")).toBe("MISS");
    const files = cachedFiles();
    const second = await image(url);
    expect(second.response.headers.get("x-cache")).toBe("HIT");
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.response.headers.get("etag")).toBe(first.response.headers.get("etag"));
    expect(cachedFiles()).toEqual(files);
    expect(files.some((f) => f.endsWith(".tmp"))).toBe(false);
    expect(service.stats()).toEqual({ ...before, renders: before.renders + 1, diskHits: before.diskHits + 1 });

    // a new process with the same cache directory draws nothing
    const restarted = createImageService({ cacheDir });
    const again = await mount(restarted).request(url);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(Buffer.from(await again.arrayBuffer()).equals(first.body)).toBe(true);
    expect(restarted.stats()).toEqual({ renders: 0, diskHits: 1, shared: 0, evicted: 0 });
  });

  it("shares one render among identical concurrent requests", async () => {
    const before = service.stats();
    const url = "/img/p/sweater/b3262e/3/0?w=600&h=840&fm=webp";
    const responses = await Promise.all(Array.from({ length: 6 }, () => app.request(url)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(bodies.every((b) => b.equals(bodies[0] as Buffer))).toBe(true);
    expect(service.stats()).toEqual({ ...before, renders: before.renders + 1, shared: before.shared + 5 });
  });

  it("answers 304 to If-None-Match with the ETag", async () => {
    const url = "/img/p/dress/e8a6b8/1/1?w=300&h=420&fit=bounds";
    const { response } = await image(url);
    const etag = response.headers.get("etag") as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const revalidated = await app.request(url, { headers: { "If-None-Match": header } });
      expect(revalidated.status, header).toBe(304);
      expect(revalidated.headers.get("etag")).toBe(etag);
      expect(revalidated.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
    }
    const changed = await app.request(url, { headers: { "If-None-Match": '"something-else"' } });
    expect(changed.status).toBe(200);
    // a different size is a different image
    const other = await image("/img/p/dress/e8a6b8/1/1?w=160&h=224&fit=bounds");
    expect(other.response.headers.get("etag")).not.toBe(etag);
  });

  it("treats equivalent requests as one cache entry", async () => {
    const etag = (q: string) => service.etag("cap/2e6b3f/1/0", new URLSearchParams(q));
    expect(etag("w=100&h=140&fit=bounds")).toBe(etag("w=100&h=140&fit=inside&q=80&fm=webp"));
    expect(etag("w=100&fit=cover")).toBe(etag("w=100"));
    expect(etag("w=100&fm=jpeg")).toBe(etag("w=100&fm=jpg"));
    expect(etag("w=100&fm=png&q=40")).toBe(etag("w=100&fm=png&q=90"));
    expect(etag("w=100&q=90")).not.toBe(etag("w=100"));
    // a size that is not drawn has no ETag of its own: it is redirected
    expect(etag("w=101")).toBeNull();
    expect(etag("w=0")).toBeNull();
  });
});

describe("render limits", () => {
  it("runs at most two renders at once, each on one libvips thread", async () => {
    expect(sharp.concurrency()).toBe(1);
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const task = async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
    };
    await Promise.all(Array.from({ length: 8 }, () => limit.run(task)));
    expect(peak).toBe(2);
    // a failing task releases its slot
    await expect(limit.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await Promise.all(Array.from({ length: 3 }, () => limit.run(task)));
    expect(active).toBe(0);
  });
});
