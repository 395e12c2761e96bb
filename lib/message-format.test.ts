import { describe, expect, it } from "vitest";
import { messageFormat } from "./message-format.ts";

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
});
