import { describe, expect, it } from "vitest";
import {
  analyticsUnitPriceCents,
  type CouponRule,
  cartTotals,
  couponDiscountCents,
  distribute,
  divideRounded,
  type TotalsLine,
  vatFromGross,
} from "./cart-totals.ts";

const STANDARD = 2550;

describe("divideRounded", () => {
  it.each([
    [3, 2, 2],
    [-3, 2, -2],
    [5, 10, 1],
    [4, 10, 0],
    [14, 10, 1],
    [15, 10, 2],
    [-15, 10, -2],
    [0, 7, 0],
  ])("%i / %i → %i (half away from zero)", (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected);
  });
});

describe("vatFromGross", () => {
  it.each([
    // gross, rate, VAT contained
    [12550, STANDARD, 2550],
    [100, STANDARD, 20], // 20.32
    [1, STANDARD, 0], // 0.20
    [3, STANDARD, 1], // 0.61
    [1290, STANDARD, 262], // 262.11
    [5083, STANDARD, 1033], // 1032.80
    [1096, STANDARD, 223], // 222.69
    [12400, 2400, 2400],
    [3, 10_000, 2], // 1.5: half away from zero
    [5000, 0, 0],
    [0, STANDARD, 0],
  ])("%i cents at %i bp contain %i cents of VAT", (gross, rate, vat) => {
    expect(vatFromGross(gross, rate)).toBe(vat);
  });
});

describe("distribute (largest remainder)", () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [5, [1, 1], [3, 2]],
    [1, [1, 2], [0, 1]],
    [10, [3, 3, 4], [3, 3, 4]],
    [1091, [5980, 1290], [897, 194]],
    [7, [0, 5, 0], [0, 7, 0]],
    [0, [0, 0], [0, 0]],
    [2, [1, 1, 1], [1, 1, 0]],
  ])("%i over %j → %j", (total, weights, expected) => {
    const parts = distribute(total, weights);
    expect(parts).toEqual(expected);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it("refuses an amount over zero weights and fractional input", () => {
    expect(() => distribute(5, [0, 0])).toThrow(RangeError);
    expect(() => distribute(1.5, [1])).toThrow(RangeError);
    expect(() => distribute(5, [-1, 2])).toThrow(RangeError);
  });
});

describe("couponDiscountCents", () => {
  it.each<[CouponRule, number, number]>([
    [{ kind: "percent", value: 10 }, 12345, 1235], // 1234.5 rounds up
    [{ kind: "percent", value: 10 }, 12344, 1234],
    [{ kind: "percent", value: 20 }, 5000, 1000],
    [{ kind: "percent", value: 100 }, 999, 999],
    [{ kind: "fixed", value: 500 }, 12000, 500],
    [{ kind: "fixed", value: 500 }, 300, 300], // never more than the subtotal
    [{ kind: "fixed", value: 500 }, 0, 0],
  ])("%j on %i cents → %i", (coupon, subtotal, discount) => {
    expect(couponDiscountCents(coupon, subtotal)).toBe(discount);
  });
});

describe("analyticsUnitPriceCents (spec §1)", () => {
  it.each([
    [5980, 2, 0, 2990],
    [5980, 2, 897, 2542], // 2541.5 → 2542
    [1290, 1, 129, 1161],
    [1000, 3, 0, 333],
    [1000, 3, 1, 333],
  ])("row %i, quantity %i, first discount %i → %i", (row, quantity, discount, unit) => {
    expect(analyticsUnitPriceCents(row, quantity, discount)).toBe(unit);
  });

  it("refuses a quantity below one", () => {
    expect(() => analyticsUnitPriceCents(100, 0, 0)).toThrow(RangeError);
  });
});

describe("cartTotals", () => {
  const lines: TotalsLine[] = [
    { id: 1, unitCents: 2990, quantity: 2, taxRateBp: STANDARD, discountable: true },
    { id: 2, unitCents: 1290, quantity: 1, taxRateBp: STANDARD, discountable: true },
    { id: 3, unitCents: 5000, quantity: 1, taxRateBp: 0, discountable: false }, // a gift card
  ];

  it("adds rows, extracts VAT per row and sums it", () => {
    const t = cartTotals(lines);
    expect(t.subtotalCents).toBe(5980 + 1290 + 5000);
    expect(t.totalQuantity).toBe(4);
    expect(t.discountCents).toBe(0);
    expect(t.lines.map((l) => l.taxCents)).toEqual([1215, 262, 0]); // 5980 → 1215.06, 1290 → 262.11
    expect(t.totalTaxCents).toBe(1477);
    expect(t.taxes).toEqual([{ rateBp: STANDARD, taxCents: 1477 }]);
    expect(t.grandTotalCents).toBe(12270);
    expect(t.lines.map((l) => l.analyticsUnitPriceCents)).toEqual([2990, 1290, 5000]);
  });

  it("spreads a percentage coupon over the discountable rows only, to the cent", () => {
    const t = cartTotals(lines, { kind: "percent", value: 15 });
    expect(t.discountableSubtotalCents).toBe(7270);
    expect(t.discountCents).toBe(1091); // 1090.5 → 1091
    expect(t.lines.map((l) => l.discountCents)).toEqual([897, 194, 0]);
    expect(t.lines.map((l) => l.rowTotalAfterDiscountCents)).toEqual([5083, 1096, 5000]);
    expect(t.lines.map((l) => l.taxCents)).toEqual([1033, 223, 0]);
    expect(t.totalTaxCents).toBe(1256);
    expect(t.subtotalAfterDiscountCents).toBe(11179);
    expect(t.grandTotalCents).toBe(11179);
    expect(t.lines.map((l) => l.analyticsUnitPriceCents)).toEqual([2542, 1096, 5000]);
  });

  it("caps a fixed coupon at the discountable subtotal", () => {
    const t = cartTotals([{ id: 1, unitCents: 300, quantity: 1, taxRateBp: STANDARD, discountable: true }], { kind: "fixed", value: 500 });
    expect(t.discountCents).toBe(300);
    expect(t.grandTotalCents).toBe(0);
    expect(t.totalTaxCents).toBe(0);
  });

  it.each([
    [20_000, 11179, 0],
    [500, 500, 10679],
    [0, 0, 11179],
  ])("lets a gift card of %i cents pay %i, leaving %i, without touching VAT", (balance, paid, grand) => {
    const t = cartTotals(lines, { kind: "percent", value: 15 }, balance);
    expect(t.giftCardCents).toBe(paid);
    expect(t.grandTotalCents).toBe(grand);
    expect(t.totalTaxCents).toBe(1256);
  });

  it("gives zeros for an empty cart", () => {
    const t = cartTotals([], { kind: "percent", value: 10 }, 1000);
    expect(t).toMatchObject({ subtotalCents: 0, discountCents: 0, grandTotalCents: 0, totalTaxCents: 0, giftCardCents: 0, taxes: [] });
  });

  it("groups VAT by rate, highest first", () => {
    const t = cartTotals([
      { id: 1, unitCents: 1100, quantity: 1, taxRateBp: 1000, discountable: true },
      { id: 2, unitCents: 12550, quantity: 1, taxRateBp: STANDARD, discountable: true },
    ]);
    expect(t.taxes).toEqual([
      { rateBp: STANDARD, taxCents: 2550 },
      { rateBp: 1000, taxCents: 100 },
    ]);
  });

  it("refuses quantities and prices that are not whole numbers", () => {
    expect(() => cartTotals([{ id: 1, unitCents: 100, quantity: 0, taxRateBp: STANDARD, discountable: true }])).toThrow(RangeError);
    expect(() => cartTotals([{ id: 1, unitCents: 100, quantity: 1.5, taxRateBp: STANDARD, discountable: true }])).toThrow(RangeError);
    expect(() => cartTotals([{ id: 1, unitCents: 99.5, quantity: 1, taxRateBp: STANDARD, discountable: true }])).toThrow(RangeError);
    expect(() => cartTotals([{ id: 1, unitCents: -1, quantity: 1, taxRateBp: STANDARD, discountable: true }])).toThrow(RangeError);
  });

  it("the sum of rows equals the total to the cent, over many random carts", () => {
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
    const rates = [STANDARD, 1400, 1000, 0];
    for (let run = 0; run < 2000; run++) {
      const cart: TotalsLine[] = Array.from({ length: int(1, 8) }, (_, i) => ({
        id: i,
        unitCents: int(1, 50_000),
        quantity: int(1, 99),
        taxRateBp: rates[int(0, rates.length - 1)] ?? STANDARD,
        discountable: next() < 0.85,
      }));
      const coupon: CouponRule | null =
        run % 3 === 0 ? null : run % 3 === 1 ? { kind: "percent", value: int(1, 100) } : { kind: "fixed", value: int(1, 100_000) };
      const t = cartTotals(cart, coupon, int(0, 200_000));
      const sum = (f: (l: (typeof t.lines)[number]) => number) => t.lines.reduce((a, l) => a + f(l), 0);
      expect(sum((l) => l.rowTotalCents)).toBe(t.subtotalCents);
      expect(sum((l) => l.discountCents)).toBe(t.discountCents);
      expect(sum((l) => l.rowTotalAfterDiscountCents)).toBe(t.subtotalAfterDiscountCents);
      expect(sum((l) => l.taxCents)).toBe(t.totalTaxCents);
      expect(t.taxes.reduce((a, x) => a + x.taxCents, 0)).toBe(t.totalTaxCents);
      expect(t.grandTotalCents + t.giftCardCents).toBe(t.subtotalCents - t.discountCents);
      for (const l of t.lines) {
        expect(l.discountCents).toBeGreaterThanOrEqual(0);
        expect(l.discountCents).toBeLessThanOrEqual(l.rowTotalCents);
        expect(Number.isInteger(l.taxCents)).toBe(true);
      }
      expect(t.grandTotalCents).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("checkout charges", () => {
  const line = (id: number, unitCents: number, quantity = 1): TotalsLine => ({
    id,
    unitCents,
    quantity,
    taxRateBp: 2550,
    discountable: true,
  });

  it("adds shipping to the total and its VAT to the tax", () => {
    const t = cartTotals([line(1, 10_000)], null, 0, { shippingCents: 790, shippingTaxRateBp: 2550 });
    expect(t.shippingCents).toBe(790);
    expect(t.shippingTaxCents).toBe(161); // 790 × 25.5 / 125.5 = 160.52 → 161
    expect(t.grandTotalCents).toBe(10_790);
    expect(t.totalTaxCents).toBe(vatFromGross(10_000, 2550) + 161);
    expect(t.taxes).toEqual([{ rateBp: 2550, taxCents: t.totalTaxCents }]);
  });

  it("lets a gift card pay for shipping too, never below zero", () => {
    const t = cartTotals([line(1, 1000)], null, 5000, { shippingCents: 790, shippingTaxRateBp: 2550 });
    expect(t.giftCardCents).toBe(1790);
    expect(t.grandTotalCents).toBe(0);
  });

  it("takes the business discount off what the coupon left, spread over the rows to the cent", () => {
    const t = cartTotals([line(1, 3333, 3), line(2, 1001)], { kind: "percent", value: 10 }, 0, { businessPercent: 5 });
    expect(t.couponCents).toBe(1100); // 10 % of 11 000
    expect(t.businessCents).toBe(495); // 5 % of 9 900
    expect(t.discountCents).toBe(1595);
    expect(t.lines.reduce((a, l) => a + l.discountCents, 0)).toBe(1595);
    expect(t.grandTotalCents).toBe(11_000 - 1595);
  });
});
