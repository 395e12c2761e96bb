// The item price of the `purchase` analytics event (spec §1): the row total including tax
// divided by the quantity, minus the row's first discount per unit. An order row keeps one
// discount (its share of the coupon), which is that first discount.
import { toAmount, toCents } from "./money.ts";

export interface PurchaseRow {
  /** Row total including tax, before the discount, in euros. */
  row_total: number;
  quantity: number;
  /** The row's discount in euros (0 without one). */
  discount: number;
}

/** Euros, two decimals: (12.90 × 3 − 3.87) / 3 → 11.61. */
export function purchaseItemPrice({ row_total, quantity, discount }: PurchaseRow): number {
  if (quantity <= 0) return 0;
  return toAmount(Math.round(toCents(row_total) / quantity) - Math.round(toCents(discount) / quantity));
}
