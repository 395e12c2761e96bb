// The client's address, for limits per address (failed logins). X-Forwarded-For is anyone's
// to write, so it counts only behind proxies the operator configured (TRUSTED_PROXY_HOPS):
// each trusted proxy appends the address it saw, so the client is the entry that many places
// from the right of [...X-Forwarded-For, socket peer]. Without them, the socket peer.
// X-Forwarded-Proto (whether the client came over TLS: Secure cookies, HSTS) likewise counts
// only behind them.
import type { Context } from "hono";

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

export function clientAddress(c: Context, trustedHops: number): string {
  // @hono/node-server's bindings, directly or under `server` (as its getConnInfo reads them).
  const env = c.env as (NodeBindings & { server?: NodeBindings }) | undefined;
  const peer = (env?.server ?? env)?.incoming?.socket?.remoteAddress ?? "unknown";
  if (trustedHops <= 0) return peer;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  // Fewer entries than trusted proxies: the farthest one there is (still not the client's own claim).
  return chain[Math.max(0, chain.length - 1 - trustedHops)] ?? peer;
}

/**
 * The scheme the client used, as the outermost trusted proxy saw it: each proxy appends the
 * scheme it was reached over, so that is the entry `trustedHops` from the right of
 * X-Forwarded-Proto. Null without trusted proxies or a usable entry.
 */
export function forwardedProto(header: string | null, trustedHops: number): "http" | "https" | null {
  if (trustedHops <= 0 || !header) return null;
  const chain = header
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const entry = chain[Math.max(0, chain.length - trustedHops)];
  return entry === "https" || entry === "http" ? entry : null;
}

/**
 * Leaves on the request only what the trusted proxies say of the scheme (decision 0036): the
 * client's own X-Forwarded-Proto is dropped before anything (cookies, HSTS) reads it.
 */
export function trustForwardedProto(request: Request, trustedHops: number): void {
  const header = request.headers.get("x-forwarded-proto");
  if (header === null) return;
  const proto = forwardedProto(header, trustedHops);
  if (proto === null) request.headers.delete("x-forwarded-proto");
  else if (proto !== header) request.headers.set("x-forwarded-proto", proto);
}
