// What one request's body may cost (docs/decisions/0034): at most `maxBytes`, counted while
// it streams in (a declared Content-Length over the limit is refused before a byte is read),
// and never a silence of more than `idleMs` between its bytes. The body is read here, once,
// into memory (it is small by then) and handed on as a plain buffer, so no handler downstream
// can meet a body that is still arriving, too large or stalled.
import type { Context, MiddlewareHandler } from "hono";

export interface BodyLimit {
  maxBytes: number;
  idleMs: number;
  /** The answer to a body over the limit; `next` hands the request on instead (with a new `c.req.raw`). */
  tooLarge(c: Context, next: () => Promise<void>): Promise<Response | undefined> | Response;
  /** The answer to a body that stopped arriving; the connection is closed after it. */
  timedOut(c: Context): Promise<Response> | Response;
}

type Read = { bytes: Uint8Array<ArrayBuffer> } | "too-large" | "timed-out" | "aborted";

async function readBounded(body: ReadableStream<Uint8Array>, maxBytes: number, idleMs: number): Promise<Read> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const idle = () =>
    new Promise<"timed-out">((resolve) => {
      timer = setTimeout(() => resolve("timed-out"), idleMs);
    });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), idle()]);
      clearTimeout(timer);
      if (next === "timed-out") return next;
      if (next.done) break;
      size += next.value.byteLength;
      // Past the limit the rest is never read: it may never end.
      if (size > maxBytes) return "too-large";
      chunks.push(next.value);
    }
  } catch {
    // The client went away mid-body: no one is left to answer.
    return "aborted";
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes };
}

/** A response that ends its connection: the rest of the body is not worth reading. */
function closing(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Connection", "close");
  return new Response(response.body, { status: response.status, headers });
}

export function bodyLimit(limit: BodyLimit): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    if (request.body === null || request.method === "GET" || request.method === "HEAD") return next();
    const declared = request.headers.get("content-length");
    let read: Read;
    if (declared !== null && Number(declared) > limit.maxBytes) read = "too-large";
    else read = await readBounded(request.body, limit.maxBytes, limit.idleMs);
    if (read === "too-large") {
      const answer = await limit.tooLarge(c, next);
      return answer ? closing(answer) : undefined;
    }
    if (read === "timed-out") return closing(await limit.timedOut(c));
    if (read === "aborted") return c.body(null, 400, { Connection: "close" });
    const headers = new Headers(request.headers);
    headers.delete("transfer-encoding");
    headers.set("content-length", String(read.bytes.byteLength));
    c.req.raw = new Request(request.url, { method: request.method, headers, body: read.bytes, signal: request.signal });
    return next();
  };
}
