// What one client can cost the shop (docs/decisions/0034), for `npm run bench -- --only j,k`:
// (j) the shop process's memory while a client tries to upload 500 MB, against its idle memory;
// (k) a normal thumbnail's latency while 100 odd image sizes are asked for, against its latency
//     on the idle shop, measured just before on the same shop.
import net from "node:net";
import { memoryOf, type Shop } from "./processes.ts";
import { median } from "./stats.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface UploadResult {
  label: string;
  idleRssKb: number;
  peakRssKb: number;
  status: number | null;
  /** Bytes the client got to send before the shop answered and closed. */
  sentBytes: number;
  ms: number;
}

/**
 * POSTs up to `total` bytes over a raw socket as fast as it takes them (a raw socket, so the
 * answer is read even when the shop closes while the client still writes), sampling the shop's
 * RSS every 20 ms.
 */
async function upload(shop: Shop, total: number, declared: boolean): Promise<UploadResult> {
  await sleep(1000);
  const idle = memoryOf(shop.pid)?.rss ?? Number.NaN;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(shop.pid)?.rss ?? 0);
  }, 20);
  const started = performance.now();
  const socket = net.connect(Number(new URL(shop.url).port), "127.0.0.1");
  const length = declared ? `Content-Length: ${total}` : "Transfer-Encoding: chunked";
  socket.write(`POST /api/luhta_cart/addProductsToCart HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${length}\r\n\r\n`);
  const piece = 256 * 1024;
  const chunk = declared
    ? Buffer.alloc(piece, 0x61)
    : Buffer.concat([Buffer.from(`${piece.toString(16)}\r\n`), Buffer.alloc(piece, 0x61), Buffer.from("\r\n")]);
  let sent = 0;
  let text = "";
  let closed = false;
  socket.setEncoding("utf8");
  socket.on("data", (data: string) => {
    text += data;
  });
  socket.on("error", () => {});
  const done = new Promise<void>((resolve) =>
    socket.once("close", () => {
      closed = true;
      resolve();
    }),
  );
  while (!closed && sent < total && text === "") {
    const flushed = socket.write(chunk);
    sent += piece;
    if (!flushed) await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), done]);
  }
  await Promise.race([done, sleep(10_000)]);
  socket.destroy();
  const ms = performance.now() - started;
  await sleep(500);
  clearInterval(sampler);
  peak = Math.max(peak, memoryOf(shop.pid)?.rss ?? 0);
  const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
  return {
    label: declared ? "Content-Length: 500 MB" : "chunked, no declared length",
    idleRssKb: idle,
    peakRssKb: peak,
    status: status ? Number(status) : null,
    sentBytes: Math.min(sent, total),
    ms,
  };
}

export async function measureUploads(shop: Shop): Promise<UploadResult[]> {
  const total = 500 * 1024 * 1024;
  const results = [await upload(shop, total, true), await upload(shop, total, false)];
  for (const r of results) {
    console.log(
      `  (j) 500 MB upload, ${r.label}: answered ${r.status ?? "nothing"} after ${Math.round(r.ms)} ms and ${(r.sentBytes / 1024 / 1024).toFixed(1)} MB sent; ` +
        `RSS idle ${(r.idleRssKb / 1024).toFixed(0)} MB, peak during ${(r.peakRssKb / 1024).toFixed(0)} MB (×${(r.peakRssKb / r.idleRssKb).toFixed(3)})`,
    );
  }
  return results;
}

export interface ThumbnailResult {
  idle: number[];
  loaded: number[];
  /** Statuses of the 100 odd requests. */
  odd: Record<string, number>;
}

/**
 * Thumbnails of keys never drawn before (a cold render each, as a new product's first visitor
 * gets), one after another: `n` on the idle shop, then `n` while 100 requests for odd sizes of
 * other keys (odd widths, PNG; the client follows the redirects) are under way.
 */
export async function measureThumbnails(shop: Shop, keys: string[], n = 10): Promise<ThumbnailResult> {
  if (keys.length < 2 * n + 100) throw new Error(`(k) needs ${2 * n + 100} image keys, the catalogue has ${keys.length}`);
  const thumbnail = async (key: string) => {
    const started = performance.now();
    const response = await fetch(`${shop.url}/img/p/${key}?w=100&h=140&fit=bounds&q=80&fm=webp`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`a thumbnail answered ${response.status}`);
    return performance.now() - started;
  };
  const idle: number[] = [];
  for (const key of keys.slice(0, n)) idle.push(await thumbnail(key));
  const odd: Record<string, number> = {};
  const oddKeys = keys.slice(2 * n, 2 * n + 100);
  const flood = Promise.all(
    oddKeys.map(async (key, i) => {
      const response = await fetch(`${shop.url}/img/p/${key}?w=${1001 + i}&h=${1401 + i}&fm=png`).catch(() => null);
      await response?.arrayBuffer().catch(() => {});
      const status = String(response?.status ?? "error");
      odd[status] = (odd[status] ?? 0) + 1;
    }),
  );
  await sleep(200);
  const loaded: number[] = [];
  for (const key of keys.slice(n, 2 * n)) loaded.push(await thumbnail(key));
  await flood;
  console.log(
    `  (k) thumbnail, cold render: idle median ${median(idle).toFixed(0)} ms (max ${Math.max(...idle).toFixed(0)}); ` +
      `during 100 odd sizes median ${median(loaded).toFixed(0)} ms (max ${Math.max(...loaded).toFixed(0)}), ` +
      `×${(median(loaded) / median(idle)).toFixed(2)} of idle; the odd requests: ${Object.entries(odd)
        .map(([s, c]) => `${s}×${c}`)
        .join(" ")}`,
  );
  return { idle, loaded, odd };
}
