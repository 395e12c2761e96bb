import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddress, forwardedProto } from "./client-address.ts";

/** The address a request is counted under, from a socket peer and an X-Forwarded-For header. */
async function addressOf(hops: number, peer: string | undefined, forwarded?: string) {
  const app = new Hono().get("/", (c) => c.text(clientAddress(c, hops)));
  const env = peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined;
  const res = await app.request("/", { headers: forwarded ? { "x-forwarded-for": forwarded } : {} }, env);
  return res.text();
}

describe("the client address", () => {
  it("is the socket's peer, whatever X-Forwarded-For says, without trusted proxies", async () => {
    expect(await addressOf(0, "192.0.2.10")).toBe("192.0.2.10");
    expect(await addressOf(0, "192.0.2.10", "203.0.113.5")).toBe("192.0.2.10");
  });

  it("is the entry the trusted proxies name, not what the client wrote before them", async () => {
    // client → proxy (appends the client's address) → shop
    expect(await addressOf(1, "10.0.0.2", "203.0.113.5")).toBe("203.0.113.5");
    expect(await addressOf(1, "10.0.0.2", "6.6.6.6, 203.0.113.5")).toBe("203.0.113.5");
    // client → CDN → load balancer → shop
    expect(await addressOf(2, "10.0.0.3", "6.6.6.6, 203.0.113.5, 10.0.0.2")).toBe("203.0.113.5");
  });

  it("falls back to the farthest hop there is when fewer proxies appended than configured", async () => {
    expect(await addressOf(2, "10.0.0.2", "203.0.113.5")).toBe("203.0.113.5");
    expect(await addressOf(1, "10.0.0.2")).toBe("10.0.0.2");
    expect(await addressOf(0, undefined)).toBe("unknown");
  });
});

describe("the scheme the client used (X-Forwarded-Proto)", () => {
  it("is nobody's word without trusted proxies", () => {
    expect(forwardedProto("https", 0)).toBeNull();
  });

  it("is what the outermost trusted proxy appended, not what the client wrote before it", () => {
    expect(forwardedProto("https", 1)).toBe("https");
    expect(forwardedProto("https, http", 1)).toBe("http");
    // client → TLS proxy (appends https) → inner proxy (appends the http it was reached over) → shop
    expect(forwardedProto("http, https, http", 2)).toBe("https");
    expect(forwardedProto("HTTPS", 1)).toBe("https");
    expect(forwardedProto("gopher", 1)).toBeNull();
  });
});
