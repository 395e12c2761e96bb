import { describe, expect, it } from "vitest";
import { creditorReference, invoiceDueDate, isCreditorReference } from "./invoice.ts";

describe("invoice details", () => {
  it("the creditor reference of the standard's own example", () => {
    // ISO 11649's example: reference 539007547034 → RF18 5390 0754 7034.
    expect(creditorReference("539007547034")).toBe("RF18 5390 0754 7034");
  });

  it("orders of the two stores get different, valid references", () => {
    const en = creditorReference("EN0000001");
    const fi = creditorReference("FI0000001");
    expect(en).not.toBe(fi);
    expect(en).toMatch(/^RF\d{2} EN00 0000 1$/);
    expect(isCreditorReference(en)).toBe(true);
    expect(isCreditorReference(fi)).toBe(true);
    // A mistyped digit is caught by the check digits.
    expect(isCreditorReference(en.replace("0000 1", "0000 2"))).toBe(false);
  });

  it("refuses what cannot be a reference", () => {
    expect(() => creditorReference("")).toThrow(RangeError);
    expect(() => creditorReference("X".repeat(22))).toThrow(RangeError);
  });

  it("is due 14 days after the order", () => {
    expect(invoiceDueDate("2026-03-14T10:30:00.000Z").toISOString()).toBe("2026-03-28T10:30:00.000Z");
  });
});
