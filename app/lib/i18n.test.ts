import { describe, expect, it, vi } from "vitest";
import { messageFormat } from "../../lib/message-format.ts";
import { textsFor } from "./i18n.ts";

// The real formatter, counted.
vi.mock("../../lib/message-format.ts", async (original) => {
  const real = await original<typeof import("../../lib/message-format.ts")>();
  return { ...real, messageFormat: vi.fn(real.messageFormat) };
});

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
    // Not kept as the text: the next render says so again.
    expect(textsFor("en").t("category.products")).toBe("category.products");
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it("format a text without values once, and one with values every time", () => {
    const { t } = textsFor("fi");
    const first = t("nav.skip");
    vi.mocked(messageFormat).mockClear();
    expect([t("nav.skip"), t("nav.skip")]).toEqual([first, first]);
    expect(messageFormat).not.toHaveBeenCalled();
    expect([t("category.products", { count: 2 }), t("category.products", { count: 3 })]).toEqual(["2 tuotetta", "3 tuotetta"]);
    expect(messageFormat).toHaveBeenCalledTimes(2);
  });
});
