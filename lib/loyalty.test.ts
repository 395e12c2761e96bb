import { describe, expect, it } from "vitest";
import { normalizeLoyaltyCard } from "../server/cart/service.ts";
import { benefitsOf, groupedMemberNumber, hasValidCheckDigit, isMemberNumber, luhnCheckDigit, memberNumber } from "./loyalty.ts";

describe("member numbers", () => {
  it("end in the Luhn check digit (the textbook examples)", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3);
    expect(hasValidCheckDigit("79927398713")).toBe(true);
    expect(luhnCheckDigit("0")).toBe(0);
  });

  it("are the prefix, the serial in seven digits and the check digit", () => {
    expect(memberNumber(1)).toBe("7300000010");
    expect(memberNumber(12)).toMatch(/^730000012\d$/);
    expect(memberNumber(12_345_678)).toMatch(/^7312345678\d$/);
    for (const serial of [1, 2, 99, 1000, 9_999_999]) expect(isMemberNumber(memberNumber(serial))).toBe(true);
  });

  it("are refused with any one digit mistyped or two neighbours swapped", () => {
    const number = memberNumber(4711);
    for (let i = 0; i < number.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === number[i]) continue;
        expect(isMemberNumber(`${number.slice(0, i)}${d}${number.slice(i + 1)}`)).toBe(false);
      }
    }
    for (let i = 2; i < number.length - 1; i++) {
      if (number[i] === number[i + 1]) continue;
      const swapped = `${number.slice(0, i)}${number[i + 1]}${number[i]}${number.slice(i + 2)}`;
      // Luhn misses only 0↔9 neighbours.
      if (`${number[i]}${number[i + 1]}` === "09" || `${number[i]}${number[i + 1]}` === "90") continue;
      expect(isMemberNumber(swapped)).toBe(false);
    }
  });

  it("fit the cart's loyalty card rule and read in groups", () => {
    expect(normalizeLoyaltyCard(memberNumber(5))).toBe(memberNumber(5));
    expect(groupedMemberNumber("7300000010")).toBe("730 000 0010");
    expect(isMemberNumber("730 000 0010")).toBe(true);
  });

  it("refuse what is not a serial", () => {
    expect(() => memberNumber(0)).toThrow();
    expect(() => memberNumber(1.5)).toThrow();
    expect(isMemberNumber("1234567890")).toBe(false);
  });
});

describe("benefits per store", () => {
  it("name the brand stores in the Finnish store only", () => {
    expect(benefitsOf("fi")).toContain("brandStores");
    expect(benefitsOf("en")).not.toContain("brandStores");
    expect(benefitsOf("xx")).toEqual(benefitsOf("en"));
  });
});
