import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, paymentWarnings } from "./config.ts";

describe("loadConfig", () => {
  it("has defaults for everything", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.STORE_DOMAINS).toEqual({ en: "localhost", fi: "fi.localhost" });
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.HSTS_MAX_AGE_SECONDS).toBe(31_536_000);
  });

  it("reads store domains", () => {
    expect(loadConfig({ STORE_DOMAINS: "en=shop.example.com, fi=kauppa.example.fi" }).STORE_DOMAINS).toEqual({
      en: "shop.example.com",
      fi: "kauppa.example.fi",
    });
  });

  it("reads rate limits as a count per window, or off, with the decision's thresholds by default", () => {
    const config = loadConfig({ RATE_LIMIT_CODES_PER_CART: "5 / 90s", RATE_LIMIT_UNKNOWN_CARTS_PER_ADDRESS: "off" });
    expect(config.RATE_LIMIT_CODES_PER_CART).toEqual({ max: 5, windowSeconds: 90 });
    expect(config.RATE_LIMIT_UNKNOWN_CARTS_PER_ADDRESS).toBeNull();
    expect(config.RATE_LIMIT_CODES_PER_ADDRESS).toEqual({ max: 30, windowSeconds: 600 });
    expect(config.RATE_LIMIT_CARTS_PER_ADDRESS).toEqual({ max: 60, windowSeconds: 3600 });
  });

  it("reads webhook endpoints with one secret each, in the same order (decision 0082)", () => {
    const secrets = "a".repeat(24);
    const config = loadConfig({
      WEBHOOK_URLS: "https://erp.example/in, http://127.0.0.1:9000/hooks",
      WEBHOOK_SECRETS: `${secrets},${secrets}b`,
    });
    expect(config.WEBHOOK_URLS).toEqual(["https://erp.example/in", "http://127.0.0.1:9000/hooks"]);
    expect(config.WEBHOOK_SECRETS).toEqual([secrets, `${secrets}b`]);
    expect(() => loadConfig({ WEBHOOK_URLS: "https://erp.example/in" })).toThrow("WEBHOOK_SECRETS");
    expect(() => loadConfig({ WEBHOOK_URLS: "ftp://erp.example/in", WEBHOOK_SECRETS: secrets })).toThrow("WEBHOOK_URLS");
    expect(() => loadConfig({ WEBHOOK_URLS: "https://erp.example/in", WEBHOOK_SECRETS: "short" })).toThrow("WEBHOOK_SECRETS");
  });

  it.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x@y/z"],
    ["STORE_DOMAINS", "english"],
    ["LOG_LEVEL", "loud"],
    ["METRICS_TOKEN", "too-short-to-resist-guessing"],
    ["HSTS_MAX_AGE_SECONDS", "-1"],
    ["RATE_LIMIT_CARTS_PER_ADDRESS", "60"],
    ["RATE_LIMIT_CARTS_PER_ADDRESS", "0/1h"],
    ["RATE_LIMIT_CODES_PER_CART", "10/2d"],
    ["RATE_LIMIT_CODES_PER_CART", "10/25h"],
  ])("refuses a bad %s and names it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  describe("card payment providers (decision 0037)", () => {
    it("puts the sandbox on for the demo only", () => {
      expect(loadConfig({}).PAYMENT_PROVIDERS).toEqual(["sandbox"]);
      expect(paymentWarnings(loadConfig({}))).toEqual([expect.stringMatching(/sandbox.*no money moves/)]);
      const real = loadConfig({ SEED_DEMO_DATA: "false" });
      expect(real.PAYMENT_PROVIDERS).toEqual([]);
      expect(paymentWarnings(real)).toEqual([]);
      expect(loadConfig({ PAYMENT_PROVIDERS: "none" }).PAYMENT_PROVIDERS).toEqual([]);
    });

    it("refuses the sandbox in production mode outside the demo unless PAYMENTS_SANDBOX=allow", () => {
      const real = { NODE_ENV: "production", SEED_DEMO_DATA: "false", PAYMENT_PROVIDERS: "sandbox" };
      expect(() => loadConfig(real)).toThrow(ConfigError);
      expect(() => loadConfig(real)).toThrow(/PAYMENT_PROVIDERS.*PAYMENTS_SANDBOX=allow/s);
      expect(() => loadConfig({ SEED_DEMO_DATA: "false", PAYMENT_PROVIDERS: "sandbox" })).toThrow(ConfigError); // production is the default
      const allowed = loadConfig({ ...real, PAYMENTS_SANDBOX: "allow" });
      expect(allowed.PAYMENT_PROVIDERS).toEqual(["sandbox"]);
      expect(paymentWarnings(allowed)).toHaveLength(1);
      expect(loadConfig({ ...real, NODE_ENV: "development" }).PAYMENT_PROVIDERS).toEqual(["sandbox"]);
    });

    it.each([
      ["PAYMENT_PROVIDERS", "paypal"],
      ["PAYMENT_PROVIDERS", "sandbox,none"],
      ["PAYMENTS_SANDBOX", "yes"],
      ["PAYMENTS_SANDBOX_SECRET", "short"],
    ])("refuses a bad %s", (name, value) => {
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    });
  });
});
