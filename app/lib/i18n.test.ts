import { describe, expect, it, vi } from "vitest";
import { textsFor } from "./i18n.ts";

describe("the store's texts", () => {
  it("format plurals and numbers in each store's language", () => {
    expect(textsFor("en").t("category.products", { count: 1 })).toBe("1 product");
    expect(textsFor("en").t("category.products", { count: 1200 })).toBe("1,200 products");
    expect(textsFor("fi").t("category.products", { count: 1200 })).toMatch(/^1\s200 tuotetta$/);
  });

  it("render a text whose value is missing as its key, and say so in the log, rather than failing the page", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(textsFor("en").t("category.products")).toBe("category.products");
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
