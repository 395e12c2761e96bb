// Product images: a key (see draw.ts) plus size/format parameters → an encoded image,
// rasterised by sharp at the requested size, cached on disk and served from there after.
// CMS pictures (/img/c/<file key>, decision 0026) go through the same pipeline from their
// files under DATA_DIR/content, sized with Contentful's parameters (w, h, fit, q, fm).
//
// - The cache file name is a hash of the normalised request and of the drawing code, so a
//   change to the drawings starts a fresh cache directory (old ones are removed).
// - Files are written atomically (temp file, then rename); identical concurrent requests
//   share one render; at most two renders run at once (and a third for the shop's own sizes
//   only), each on one libvips thread, so a 2-core machine keeps answering pages while images
//   are drawn.
// - What one client can make it do is bounded (docs/decisions/0034): only keys of the
//   catalogue, only the sizes of lib/image-url.ts (another size is redirected to the next
//   larger one), a bounded wait for a render with the shop's own sizes first (503 past it),
//   and a disk cache bounded in bytes (least recently used files removed).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { ErrorParams } from "../../lib/errors/catalogue.ts";
import { CANVAS, backgroundOf, drawProductSvg, formatImageKey, parseImageKey, type ParsedKey } from "./draw.ts";
import { IMAGE_QUALITIES, PRODUCT_IMAGE_HEIGHTS, PRODUCT_IMAGE_WIDTHS, roundUpTo } from "../../lib/image-url.ts";
import { createDiskCacheIndex } from "./disk-cache.ts";
import { createRenderQueue, type Lane, QueueFull } from "./render-queue.ts";

export const IMAGE_FORMATS = { webp: "image/webp", avif: "image/avif", jpg: "image/jpeg", png: "image/png" } as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
export const IMAGE_FITS = ["cover", "contain", "inside", "outside", "fill"] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];

export const LIMITS = { w: 2000, h: 2800, q: 100 } as const;
const DEFAULTS = { fit: "inside", q: 80, fm: "webp" } as const;
/** Renders running at once; sharp itself gets one thread per render. */
const MAX_RENDERS = 2;
/** A render beside those, for the shop's own sizes only: a thumbnail never waits for a large odd one. */
const EXPRESS_RENDERS = 1;
/** Defaults of IMAGE_QUEUE_MAX and IMAGE_CACHE_MAX_MB (server/config.ts). */
export const IMAGE_LIMIT_DEFAULTS = { queueMax: 32, cacheMaxBytes: 1024 * 1024 * 1024 } as const;
/** The shop's own sizes may wait in greater numbers: a cold category page asks for dozens at once. */
const EXPRESS_QUEUE_FACTOR = 8;

/** A validated, normalised request. */
export interface ImageRequest {
  key: ParsedKey;
  w: number | null;
  h: number | null;
  fit: ImageFit;
  q: number;
  fm: ImageFormat;
}

/** An image request refused: a code of the error catalogue (lib/errors) with its parameters. */
export interface ImageError {
  error: "invalid_input" | "not_found";
  params?: ErrorParams<"invalid_input">;
  status: 400 | 404;
  /** The parameter at fault (400 only). */
  field?: string;
}

/** A size not drawn as such: the same picture at the next larger drawn size is at `location` (a query). */
export interface ImageRedirect {
  redirect: string;
}

/** Too many renders waiting: try again in `retryAfter` seconds. */
export interface ImageBusy {
  busy: true;
  retryAfter: number;
}

export type ImageResult = RenderedImage | ImageError | ImageRedirect | ImageBusy;

export interface RenderedImage {
  body: Buffer;
  contentType: string;
  /** A strong ETag (quoted): the hash naming the cache file. */
  etag: string;
  /** True when read from the disk cache rather than drawn now. */
  cached: boolean;
}

/** Pino-compatible (`log.child({ module: "images" })` fits). */
export interface ImageLog {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export interface ImageServiceOptions {
  cacheDir: string;
  log?: ImageLog;
  /** Where a CMS picture's file is (null: no such key); unset, /img/c/ finds nothing. */
  contentFile?: (key: string) => Promise<string | null>;
  /** Whether a product image key is the catalogue's (server/images/keys.ts); unset, every key that parses is. */
  knownKey?: (key: string) => Promise<boolean>;
  /** Renders waiting for a request not of the shop's own sizes; past it, 503 (IMAGE_QUEUE_MAX). */
  queueMax?: number;
  /** The disk cache's bound in bytes (IMAGE_CACHE_MAX_MB). */
  cacheMaxBytes?: number;
}

export interface ImageStats {
  /** Images drawn and encoded by sharp. */
  renders: number;
  /** Requests answered from the disk cache. */
  diskHits: number;
  /** Requests that joined an identical request already in flight. */
  shared: number;
  /** Cached files removed to keep the disk cache within its bound. */
  evicted: number;
}

export interface ImageService {
  render(keyPath: string, params: URLSearchParams): Promise<ImageResult>;
  /** A CMS picture by its file key, with Contentful's image parameters. */
  renderContent(key: string, params: URLSearchParams): Promise<ImageResult>;
  contentEtag(key: string, params: URLSearchParams): string | null;
  /** The ETag `render` would answer with, without drawing or reading anything; null if invalid. */
  etag(keyPath: string, params: URLSearchParams): string | null;
  /** Parses and validates a request. */
  parse(keyPath: string, params: URLSearchParams): ImageRequest | ImageError;
  stats(): ImageStats;
  /** Renders drawing now and waiting their turn. */
  queue(): { active: number; waiting: number };
}

// ---------------------------------------------------------------- parameters

const isError = (v: unknown): v is ImageError => typeof v === "object" && v !== null && "error" in v;
const bad = (field: string, params: ErrorParams<"invalid_input">): ImageError => ({ error: "invalid_input", params, status: 400, field });

function intParam(params: URLSearchParams, name: string, max: number): number | null | ImageError {
  const raw = params.get(name);
  if (raw === null) return null;
  const value = /^[0-9]{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 1 && value <= max)) return bad(name, { rule: "wholeNumber", min: 1, max });
  return value;
}

export function parseImageRequest(keyPath: string, params: URLSearchParams): ImageRequest | ImageError {
  const key = parseImageKey(keyPath);
  if (!key) return { error: "not_found", status: 404 };
  const w = intParam(params, "w", LIMITS.w);
  if (isError(w)) return w;
  const h = intParam(params, "h", LIMITS.h);
  if (isError(h)) return h;
  const q = intParam(params, "q", LIMITS.q);
  if (isError(q)) return q;
  let fit: string = params.get("fit") ?? DEFAULTS.fit;
  if (fit === "bounds") fit = "inside"; // the storefront spec's name for "fit within the box"
  if (!(IMAGE_FITS as readonly string[]).includes(fit))
    return bad("fit", { rule: "choice", choices: ["bounds", ...IMAGE_FITS].join(", ") });
  let fm: string = params.get("fm") ?? DEFAULTS.fm;
  if (fm === "jpeg") fm = "jpg";
  if (!(fm in IMAGE_FORMATS)) return bad("fm", { rule: "choice", choices: [...Object.keys(IMAGE_FORMATS), "jpeg"].join(", ") });
  return {
    key,
    w,
    h,
    // With one side or none, every fit gives the same picture: one cache entry for all.
    fit: w !== null && h !== null ? (fit as ImageFit) : "inside",
    // PNG is lossless: quality does not apply.
    q: fm === "png" ? 100 : (q ?? DEFAULTS.q),
    fm: fm as ImageFormat,
  };
}

/**
 * The query naming the same picture at drawn sizes (lib/image-url.ts: each of w, h and q
 * rounded up to its set), or null when the request names them already.
 */
export function drawnSizeQuery(req: ImageRequest, params: URLSearchParams): string | null {
  const rounded = new URLSearchParams(params);
  let moved = false;
  const round = (name: "w" | "h" | "q", value: number | null, set: readonly number[]) => {
    if (value === null || params.get(name) === null) return;
    const drawn = roundUpTo(set, value);
    if (drawn !== value) moved = true;
    rounded.set(name, String(drawn));
  };
  round("w", req.w, PRODUCT_IMAGE_WIDTHS);
  round("h", req.h, PRODUCT_IMAGE_HEIGHTS);
  round("q", params.get("q") === null ? null : Number(params.get("q")), IMAGE_QUALITIES);
  return moved ? `?${rounded}` : null;
}

/** A request as the shop's pages make it (lib/image-url.ts imageUrl): its render goes first. */
function laneOf(req: ImageRequest): Lane {
  const shopShape =
    req.fit === "inside" &&
    req.q === 80 &&
    req.fm === "webp" &&
    (req.h === null || req.w === null || req.h === Math.round((req.w * 7) / 5));
  return shopShape ? "express" : "other";
}

// ---------------------------------------------------------------- CMS pictures (Contentful's parameters)

/** Contentful's fits: pad (letterbox), fill (cover, cropped), scale (stretched), crop (cut, unscaled), thumb (cover, by interest). */
export const CONTENT_FITS = ["pad", "fill", "scale", "crop", "thumb"] as const;
export type ContentFit = (typeof CONTENT_FITS)[number] | "bounds";
export const CONTENT_LIMITS = { w: 4000, h: 4000, q: 100 } as const;
const CONTENT_FORMATS = { jpg: "jpg", jpeg: "jpg", png: "png", webp: "webp", avif: "avif" } as const;
const CONTENT_KEY = /^[0-9a-f]{16}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export interface ContentImageRequest {
  key: string;
  w: number | null;
  h: number | null;
  fit: ContentFit;
  q: number;
  fm: ImageFormat;
  /** Pad colour, six hex digits. */
  bg: string;
}

export function parseContentRequest(key: string, params: URLSearchParams): ContentImageRequest | ImageError {
  if (!CONTENT_KEY.test(key)) return { error: "not_found", status: 404 };
  const w = intParam(params, "w", CONTENT_LIMITS.w);
  if (isError(w)) return w;
  const h = intParam(params, "h", CONTENT_LIMITS.h);
  if (isError(h)) return h;
  const q = intParam(params, "q", CONTENT_LIMITS.q);
  if (isError(q)) return q;
  const fitRaw = params.get("fit");
  if (fitRaw !== null && !(CONTENT_FITS as readonly string[]).includes(fitRaw))
    return bad("fit", { rule: "choice", choices: CONTENT_FITS.join(", ") });
  const fmRaw = params.get("fm");
  const ext = (/\.([a-z]+)$/i.exec(key)?.[1] ?? "").toLowerCase();
  // No fm: the file's own format, as Contentful answers.
  const fm =
    fmRaw === null
      ? (CONTENT_FORMATS[ext as keyof typeof CONTENT_FORMATS] ?? "jpg")
      : CONTENT_FORMATS[fmRaw as keyof typeof CONTENT_FORMATS];
  if (!fm) return bad("fm", { rule: "choice", choices: Object.keys(CONTENT_FORMATS).join(", ") });
  const bgRaw = params.get("bg");
  const bg = bgRaw === null ? "ffffff" : /^rgb:([0-9a-fA-F]{6})$/.exec(bgRaw)?.[1]?.toLowerCase();
  if (!bg) return bad("bg", { rule: "format" });
  // A fit needs both sides; with one side or none every fit is the same picture.
  const fit: ContentFit = w !== null && h !== null && fitRaw !== null ? (fitRaw as ContentFit) : "bounds";
  return { key, w, h, fit, q: fm === "png" ? 100 : (q ?? DEFAULTS.q), fm, bg: fit === "pad" ? bg : "ffffff" };
}

async function rasteriseContent(req: ContentImageRequest, file: string): Promise<Buffer> {
  const source = sharp(await fsp.readFile(file)).rotate(); // EXIF orientation first
  const { w, h, fit } = req;
  let image = source;
  if (fit === "crop" && w !== null && h !== null) {
    // Contentful's crop cuts the middle of the picture at its own scale.
    const meta = await sharp(await source.toBuffer()).metadata();
    const width = Math.min(w, meta.width ?? w);
    const height = Math.min(h, meta.height ?? h);
    image = sharp(await source.toBuffer()).extract({
      left: Math.max(0, Math.floor(((meta.width ?? width) - width) / 2)),
      top: Math.max(0, Math.floor(((meta.height ?? height) - height) / 2)),
      width,
      height,
    });
  } else if (w !== null || h !== null) {
    const width = w ?? undefined;
    const height = h ?? undefined;
    if (fit === "pad") image = image.resize({ width, height, fit: "contain", background: `#${req.bg}` });
    else if (fit === "fill") image = image.resize({ width, height, fit: "cover" });
    else if (fit === "thumb") image = image.resize({ width, height, fit: "cover", position: sharp.strategy.attention });
    else if (fit === "scale") image = image.resize({ width, height, fit: "fill" });
    else image = image.resize({ width, height, fit: "inside", withoutEnlargement: true });
  }
  switch (req.fm) {
    case "webp":
      return image.webp({ quality: req.q, effort: 4 }).toBuffer();
    case "avif":
      return image.avif({ quality: req.q, effort: 2 }).toBuffer();
    case "jpg":
      return image
        .flatten({ background: `#${req.bg}` })
        .jpeg({ quality: req.q })
        .toBuffer();
    case "png":
      return image.png({ compressionLevel: 8 }).toBuffer();
  }
}

// ---------------------------------------------------------------- rendering

/** Renders the SVG straight at the size needed (via density), then fits it exactly. */
async function rasterise(req: ImageRequest): Promise<Buffer> {
  const { key, w, h, fit, q } = req;
  const sx = w === null ? null : w / CANVAS.width;
  const sy = h === null ? null : h / CANVAS.height;
  let scale = 1;
  if (sx !== null && sy !== null) scale = fit === "inside" || fit === "contain" ? Math.min(sx, sy) : Math.max(sx, sy);
  else scale = sx ?? sy ?? 1;
  let image = sharp(Buffer.from(drawProductSvg(key)), { density: Math.max(1, 72 * scale) });
  if (w !== null || h !== null) image = image.resize({ width: w ?? undefined, height: h ?? undefined, fit, background: backgroundOf(key) });
  // The drawings are opaque: no alpha channel to encode. Efforts are chosen for CPU: a
  // 1000×1400 picture takes ~90 ms as WebP (effort 4), ~200 ms as AVIF (effort 2; effort 3
  // is twice that for ~10% fewer bytes) and ~30 ms as JPEG (mozjpeg is several times slower).
  image = image.removeAlpha();
  switch (req.fm) {
    case "webp":
      return image.webp({ quality: q, effort: 4 }).toBuffer();
    case "avif":
      return image.avif({ quality: q, effort: 2 }).toBuffer();
    case "jpg":
      return image.jpeg({ quality: q }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 8 }).toBuffer();
  }
}

/** Hash of the code that decides the pixels: edit the drawings and the cache starts afresh. */
function codeVersion(): string {
  const hash = createHash("sha256");
  for (const file of ["./draw.ts", "./service.ts"]) {
    try {
      hash.update(fs.readFileSync(new URL(file, import.meta.url)));
    } catch {
      hash.update(file); // bundled: no source to read
    }
  }
  return `v${hash.digest("hex").slice(0, 10)}`;
}

const silent: ImageLog = { warn() {}, debug() {} };

/** A render refused for want of room in its lane, as an answer. */
async function busyOr(rendering: Promise<RenderedImage>): Promise<RenderedImage | ImageBusy> {
  try {
    return await rendering;
  } catch (error) {
    if (error instanceof QueueFull) return { busy: true, retryAfter: error.retryAfter };
    throw error;
  }
}

export function createImageService({
  cacheDir,
  log = silent,
  contentFile,
  knownKey,
  queueMax = IMAGE_LIMIT_DEFAULTS.queueMax,
  cacheMaxBytes = IMAGE_LIMIT_DEFAULTS.cacheMaxBytes,
}: ImageServiceOptions): ImageService {
  sharp.concurrency(1);
  sharp.cache(false); // every render is a different SVG: libvips' operation cache never hits
  const version = codeVersion();
  const dir = path.join(cacheDir, version);
  const renders = createRenderQueue({
    slots: MAX_RENDERS,
    expressSlots: EXPRESS_RENDERS,
    maxWaiting: { express: queueMax * EXPRESS_QUEUE_FACTOR, other: queueMax },
  });
  const disk = createDiskCacheIndex({
    dir,
    maxBytes: cacheMaxBytes,
    warn: (error) => log.warn({ err: error }, "could not remove a cached image"),
  });
  const inFlight = new Map<string, Promise<RenderedImage>>();
  const counts = { renders: 0, diskHits: 0, shared: 0 };

  // Caches of earlier drawing code are never read again: remove them, once, in the background.
  let pruned: Promise<void> | null = null;
  const prune = () =>
    (pruned ??= fsp
      .readdir(cacheDir)
      .then(async (names) => {
        for (const name of names) {
          if (/^v[0-9a-f]{10}$/.test(name) && name !== version) await fsp.rm(path.join(cacheDir, name), { recursive: true, force: true });
        }
      })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") log.warn({ err: error }, "could not prune old image caches");
      }));

  const hashOf = (req: ImageRequest) =>
    createHash("sha256")
      .update(`${version}|${formatImageKey(req.key)}|${req.w ?? ""}|${req.h ?? ""}|${req.fit}|${req.q}|${req.fm}`)
      .digest("hex")
      .slice(0, 32);

  async function write(file: string, body: Buffer) {
    const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    try {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(temp, body);
      await fsp.rename(temp, file);
      await disk.added(file, body.byteLength);
    } catch (error) {
      log.warn({ err: error, file }, "could not cache an image");
      await fsp.rm(temp, { force: true }).catch(() => {});
    }
  }

  const contentHashOf = (req: ContentImageRequest) =>
    createHash("sha256")
      .update(`${version}|c|${req.key}|${req.w ?? ""}|${req.h ?? ""}|${req.fit}|${req.q}|${req.fm}|${req.bg}`)
      .digest("hex")
      .slice(0, 32);

  /** One render per hash at a time: a request that finds one under way joins it. */
  function shared(hash: string, make: () => Promise<RenderedImage>): Promise<RenderedImage> {
    const running = inFlight.get(hash);
    if (running) {
      counts.shared++;
      return running;
    }
    const promise = make().finally(() => inFlight.delete(hash));
    inFlight.set(hash, promise);
    return promise;
  }

  async function produce(
    req: { fm: ImageFormat },
    hash: string,
    lane: Lane,
    draw: () => Promise<Buffer>,
    describe: object,
  ): Promise<RenderedImage> {
    const file = path.join(dir, hash.slice(0, 2), `${hash}.${req.fm}`);
    let cached: Buffer | null = null;
    try {
      cached = await fsp.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") log.warn({ err: error, file }, "could not read a cached image");
    }
    const result = { contentType: IMAGE_FORMATS[req.fm], etag: `"${hash}"` };
    if (cached) {
      counts.diskHits++;
      disk.used(file, cached.byteLength);
      return { ...result, body: cached, cached: true };
    }
    void prune();
    const started = performance.now();
    const body = await renders.run(lane, draw);
    counts.renders++;
    log.debug({ ...describe, fm: req.fm, ms: Math.round(performance.now() - started) }, "image rendered");
    await write(file, body);
    return { ...result, body, cached: false };
  }

  return {
    parse: parseImageRequest,
    etag(keyPath, params) {
      const req = parseImageRequest(keyPath, params);
      return isError(req) || drawnSizeQuery(req, params) !== null ? null : `"${hashOf(req)}"`;
    },
    async render(keyPath, params) {
      const req = parseImageRequest(keyPath, params);
      if (isError(req)) return req;
      const key = formatImageKey(req.key);
      if (knownKey && !(await knownKey(key))) return { error: "not_found", status: 404 };
      const redirect = drawnSizeQuery(req, params);
      if (redirect !== null) return { redirect };
      const hash = hashOf(req);
      return busyOr(shared(hash, () => produce(req, hash, laneOf(req), () => rasterise(req), { key, w: req.w, h: req.h })));
    },
    contentEtag(key, params) {
      const req = parseContentRequest(key, params);
      return isError(req) ? null : `"${contentHashOf(req)}"`;
    },
    async renderContent(key, params) {
      const req = parseContentRequest(key, params);
      if (isError(req)) return req;
      const file = await contentFile?.(key);
      if (!file) return { error: "not_found", status: 404 };
      const hash = contentHashOf(req);
      // The pages ask for CMS pictures as WebP at quality 80 (lib/image-url.ts contentImageUrl).
      const lane: Lane = req.fm === "webp" && req.q === 80 ? "express" : "other";
      return busyOr(
        shared(hash, () => produce(req, hash, lane, () => rasteriseContent(req, file), { key, w: req.w, h: req.h, fit: req.fit })),
      );
    },
    stats: () => ({ ...counts, evicted: disk.evicted }),
    queue: () => ({ active: renders.active, waiting: renders.waiting }),
  };
}
