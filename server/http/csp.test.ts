import { describe, expect, it } from "vitest";
import { newNonce } from "./csp.ts";

describe("page nonces", () => {
  it("are 128 random bits in base64, never the same twice, also across the draws they are taken from", () => {
    const nonces = Array.from({ length: 1_000 }, newNonce);
    expect(new Set(nonces).size).toBe(1_000);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});
