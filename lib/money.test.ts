import { describe, expect, it } from "vitest";
import { formatPrice, parsePrice, toAmount, toCents } from "./money.ts";

const right = { symbol: "€", leftSide: false };
const left = { symbol: "€", leftSide: true };

describe("formatPrice (spec §5)", () => {
  it.each([
    [1290, right, "12,90\u00a0€"],
    [1290, left, "€12,90"],
    [0, right, "0\u00a0€"],
    [5, right, "0,05\u00a0€"],
    [129900, right, "1\u00a0299,00\u00a0€"],
    [-450, right, "-4,50\u00a0€"],
  ])("%i cents → %s", (cents, format, expected) => {
    expect(formatPrice(cents, format)).toBe(expected);
  });

  it("shows nothing for an empty price", () => {
    expect(formatPrice(null, right)).toBe("");
    expect(formatPrice(undefined, right)).toBe("");
  });
});

describe("parsePrice (spec §5)", () => {
  it.each([
    ["12,90", 1290],
    ["12.90", 1290],
    ["1 299,90", 129990],
    ["1\u00a0299,90 €", 129990],
    ["1.299", 129900], // three digits after the last separator: a thousands separator
    ["1,299", 129900],
    ["12,5", 1250],
    ["1.299,5", 129950],
    ["1,299.50", 129950],
    ["0", 0],
    ["7", 700],
  ])("%s → %i cents", (input, cents) => {
    expect(parsePrice(input)).toBe(cents);
  });

  it.each(["", "   ", "abc", "€"])("%j is not a price", (input) => {
    expect(parsePrice(input)).toBeNull();
  });
});

describe("cents and amounts", () => {
  it("round-trips two decimals without float drift", () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(12.905)).toBe(1291);
    expect(toAmount(1290)).toBe(12.9);
  });
});
