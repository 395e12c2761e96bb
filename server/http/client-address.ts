// The client's address, for limits per address (failed logins). X-Forwarded-For is anyone's
// to write, so it counts only behind proxies the operator configured (TRUSTED_PROXY_HOPS):
// each trusted proxy appends the address it saw, so the client is the entry that many places
// from the right of [...X-Forwarded-For, socket peer]. Without them, the socket peer.
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
