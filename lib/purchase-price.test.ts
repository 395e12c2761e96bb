import { describe, expect, it } from "vitest";
import { purchaseItemPrice } from "./purchase-price.ts";

describe("the purchase event's item price (spec §1)", () => {
  it("is the row total over the quantity when the row has no discount", () => {
    expect(purchaseItemPrice({ row_total: 59.9, quantity: 1, discount: 0 })).toBe(59.9);
    expect(purchaseItemPrice({ row_total: 38.7, quantity: 3, discount: 0 })).toBe(12.9);
  });

  it("takes the row's discount off per unit", () => {
    expect(purchaseItemPrice({ row_total: 59.9, quantity: 1, discount: 5.99 })).toBe(53.91);
    expect(purchaseItemPrice({ row_total: 38.7, quantity: 3, discount: 3.87 })).toBe(11.61);
  });

  it("rounds each per-unit share to the cent", () => {
    // 10.00 / 3 = 3.333… → 3.33; 1.00 / 3 = 0.333… → 0.33
    expect(purchaseItemPrice({ row_total: 10, quantity: 3, discount: 1 })).toBe(3);
    expect(purchaseItemPrice({ row_total: 20, quantity: 3, discount: 0.05 })).toBe(6.65);
  });

  it("is 0 for a row without units", () => {
    expect(purchaseItemPrice({ row_total: 10, quantity: 0, discount: 0 })).toBe(0);
  });
});
