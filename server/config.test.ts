import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

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

  it.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x@y/z"],
    ["STORE_DOMAINS", "english"],
    ["LOG_LEVEL", "loud"],
    ["METRICS_TOKEN", "too-short-to-resist-guessing"],
    ["HSTS_MAX_AGE_SECONDS", "-1"],
  ])("refuses a bad %s and names it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
