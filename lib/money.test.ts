import { describe, expect, it } from "vitest";
import { formatPrice, toAmount, toCents } from "./money.ts";

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

describe("cents and amounts", () => {
  it("round-trips two decimals without float drift", () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(12.905)).toBe(1291);
    expect(toAmount(1290)).toBe(12.9);
  });
});
