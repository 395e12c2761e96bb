import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, styleAttributeHashes, styleHash } from "./csp.ts";

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

describe("style attributes", () => {
  it("are hashed as the browser reads them (entities decoded), each once", () => {
    const html =
      '<p style="color:red">a</p><p style="color:red">b</p><i style="font-family:&quot;A&amp;B&quot;"></i><b data-style="x"></b>';
    expect(styleAttributeHashes(html)).toEqual([styleHash("color:red"), styleHash('font-family:"A&B"')]);
    // The SHA-256 of "color:red", as a CSP hash source.
    expect(styleHash("color:red")).toBe("'sha256-8f935d27GvUutRyY9yWScUMiFUk4WTdZURISiYfPOeQ='");
  });

  it("are admitted by their hashes alone: never 'unsafe-inline', and 'unsafe-hashes' only with hashes", () => {
    const plain = contentSecurityPolicy({ tagManager: false, recaptcha: false });
    expect(plain).toContain("style-src 'self';");
    const hashed = contentSecurityPolicy({ tagManager: false, recaptcha: false, styleAttributes: [styleHash("color:red")] });
    expect(hashed).toContain(`style-src 'self' 'unsafe-hashes' ${styleHash("color:red")};`);
    expect(hashed).not.toContain("unsafe-inline");
  });
});
