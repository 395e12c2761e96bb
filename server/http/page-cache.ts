// In-process cache of guest HTML (ARCHITECTURE "Performance rules"). A page is the same for
// every guest of a store — personal parts are filled in by the browser — so a rendered page
// can serve everyone until the data behind it changes. A route opts in by answering with
// a Cache-Control that has s-maxage; entries are kept compressed (brotli and gzip) and
// dropped when a data version moves (all) or a product changes (its pages: invalidate).
// Concurrent misses for one page share one render.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface Entry {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface PageCache {
  serve(key: string, request: Request, render: () => Promise<Response>): Promise<Response>;
  clear(): void;
  /** Drops the pages whose key matches; a render of one of them under way is answered but not kept. */
  invalidate(match: (key: string) => boolean): number;
  readonly size: number;
}

export function isCacheable(response: Response): boolean {
  const cc = response.headers.get("cache-control") ?? "";
  return response.status === 200 && /s-maxage=\d+/.test(cc) && !/private|no-store/.test(cc) && !response.headers.has("set-cookie");
}

export async function compressEntry(response: Response): Promise<Entry> {
  const identity = Buffer.from(await response.arrayBuffer());
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip(identity, { level: 6 }),
  ]);
  const headers = [...response.headers].filter(([name]) => !["content-length", "content-encoding", "etag"].includes(name));
  const etag = `"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`;
  return { status: response.status, headers, identity, br, gzip: gz, etag };
}

function encodingFor(request: Request): "br" | "gzip" | null {
  const accept = request.headers.get("accept-encoding") ?? "";
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return null;
}

function respond(entry: Entry, request: Request, hit: boolean): Response {
  const headers = new Headers(entry.headers);
  headers.set("etag", entry.etag);
  headers.set("vary", "Accept-Encoding");
  headers.set("x-cache", hit ? "HIT" : "MISS");
  if (request.headers.get("if-none-match") === entry.etag) return new Response(null, { status: 304, headers });
  const encoding = encodingFor(request);
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
  if (encoding) headers.set("content-encoding", encoding);
  headers.set("content-length", String(body.length));
  // A view of the kept bytes, not a copy: a copy per hit was a fifth of the hit path's time.
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return new Response(request.method === "HEAD" ? null : bytes, { status: entry.status, headers });
}

export function createPageCache({ maxEntries, ttlSeconds }: { maxEntries: number; ttlSeconds: number }): PageCache {
  const cache =
    maxEntries > 0 ? new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlSeconds > 0 ? ttlSeconds * 1000 : undefined }) : null;
  const pending = new Map<string, Promise<Entry | Response>>();
  // Renders of pages invalidated while they ran: kept out of the cache like those of a clear.
  const stale = new WeakSet<Promise<Entry | Response>>();
  // Bumped by clear(): a render that began before a clear may hold old data, so it is
  // answered but never stored, and nobody arriving after the clear waits for it.
  let generation = 0;

  return {
    get size() {
      return cache?.size ?? 0;
    },
    clear() {
      generation++;
      cache?.clear();
      pending.clear();
    },
    invalidate(match) {
      let dropped = 0;
      if (!cache) return dropped;
      for (const key of [...cache.keys()]) {
        if (match(key) && cache.delete(key)) dropped++;
      }
      for (const [key, flight] of pending) {
        if (!match(key)) continue;
        stale.add(flight);
        pending.delete(key);
      }
      return dropped;
    },
    async serve(key, request, render) {
      if (!cache) return render();
      const cached = cache.get(key);
      if (cached) return respond(cached, request, true);
      let flight = pending.get(key);
      const leader = !flight;
      if (!flight) {
        const started = generation;
        // Read only after the render's first await, once own is assigned.
        let own: Promise<Entry | Response> | undefined;
        own = (async () => {
          const response = await render();
          if (!isCacheable(response)) return response;
          const entry = await compressEntry(response);
          if (generation === started && !(own && stale.has(own))) cache.set(key, entry);
          return entry;
        })().finally(() => {
          if (pending.get(key) === own) pending.delete(key);
        });
        flight = own;
        pending.set(key, flight);
      }
      const result = await flight;
      if (result instanceof Response) {
        // Not cacheable: the leader's response is its own; followers render their own.
        return leader ? result : render();
      }
      return respond(result, request, false);
    },
  };
}
