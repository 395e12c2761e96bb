import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has defaults for everything", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.STORE_DOMAINS).toEqual({ en: "localhost", fi: "fi.localhost" });
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

  it.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x@y/z"],
    ["STORE_DOMAINS", "english"],
    ["LOG_LEVEL", "loud"],
    ["RATE_LIMIT_CARTS_PER_ADDRESS", "60"],
    ["RATE_LIMIT_CARTS_PER_ADDRESS", "0/1h"],
    ["RATE_LIMIT_CODES_PER_CART", "10/2d"],
    ["RATE_LIMIT_CODES_PER_CART", "10/25h"],
  ])("refuses a bad %s and names it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
