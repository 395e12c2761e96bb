import { describe, expect, it } from "vitest";
import { messageFormat, numberFormat } from "./message-format.ts";

describe("messageFormat", () => {
  it("makes each text's formatter once per locale", () => {
    const text = "{count, plural, one {# tuote} other {# tuotetta}}";
    expect(messageFormat(text, "fi-FI")).toBe(messageFormat(text, "fi-FI"));
    expect(messageFormat(text, "fi-FI")).not.toBe(messageFormat(text, "en-GB"));
  });

  it("formats plurals, numbers and dates in the text's own locale while sharing the Intl formatters", () => {
    const count = "{count, plural, one {# item} other {# items}}";
    expect(messageFormat(count, "en-GB").format({ count: 1 })).toBe("1 item");
    expect(messageFormat(count, "en-GB").format({ count: 1234 })).toBe("1,234 items");
    expect(messageFormat(count, "fi-FI").format({ count: 1234 })).toBe("1\u00a0234 items");
    const rate = "VAT {rate, number, ::percent}";
    expect(messageFormat(rate, "fi-FI").format({ rate: 0.255 })).toBe("VAT 26\u00a0%");
    const day = "{day, date, long}";
    const date = new Date(Date.UTC(2026, 10, 27, 12));
    expect(messageFormat(day, "fi-FI").format({ day: date })).toBe("27. marraskuuta 2026");
    expect(messageFormat(day, "en-GB").format({ day: date })).toBe("27 November 2026");
  });

  it("writes the shop's counts as Intl does, without making an Intl.NumberFormat, and asks Intl for any other number", () => {
    const made: unknown[][] = [];
    const Original = Intl.NumberFormat;
    const values = [
      0,
      1,
      2,
      9,
      10,
      99,
      100,
      999,
      1000,
      1001,
      9999,
      12_345,
      100_000,
      999_999,
      1_000_000,
      1_234_567_890,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const locale of ["fi-FI", "en-GB"]) {
      const reference = new Original(locale);
      // A constructor that records what it was asked for.
      function spy(...args: unknown[]) {
        made.push(args);
        return new Original(...(args as ConstructorParameters<typeof Intl.NumberFormat>));
      }
      Intl.NumberFormat = spy as unknown as typeof Intl.NumberFormat;
      try {
        const format = numberFormat(locale);
        for (const value of values) expect(format.format(value), `${locale} ${value}`).toBe(reference.format(value));
        expect(made).toEqual([]);
        // Not a count: Intl's own answer (its minus sign, decimals, -0).
        for (const value of [-1, -1234, 1.5, 1234.56, -0, Number.MAX_SAFE_INTEGER + 2]) {
          expect(format.format(value), `${locale} ${value}`).toBe(reference.format(value));
        }
        expect(made).toEqual([[locale]]);
        // Options, or a locale the shop does not have: Intl at once.
        expect(numberFormat(locale, { style: "percent" }).format(0.25)).toBe(new Original(locale, { style: "percent" }).format(0.25));
        expect(numberFormat("de-DE").format(1234)).toBe("1.234");
      } finally {
        Intl.NumberFormat = Original;
        made.length = 0;
      }
    }
  });
});
