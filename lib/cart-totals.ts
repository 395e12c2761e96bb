// A cart's money (spec §1, §3): integer cents throughout, prices including VAT. Pure
// functions, no I/O, so that the cart, the order and the analytics events agree to the cent.
//
// - Row total = unit price × quantity.
// - A coupon's discount is computed once for the cart and spread over the discountable rows
//   in proportion to their totals by the largest-remainder method, so the rows' discounts
//   add up to exactly the cart's discount.
// - VAT is extracted per row from the row's gross amount after discount, rounding half away
//   from zero; the cart's VAT is the sum of the rows' VAT (never re-rounded).
// - A gift card pays part of the grand total; it is a means of payment, so it changes
//   neither the discount nor the VAT.

export interface TotalsLine {
  id: number;
  /** Unit price including VAT, in cents. */
  unitCents: number;
  quantity: number;
  /** VAT rate in basis points (2550 = 25.5 %). */
  taxRateBp: number;
  /** Whether a coupon discount applies to this row (gift cards are not discounted). */
  discountable: boolean;
}

export interface CouponRule {
  kind: "percent" | "fixed";
  /** Whole percent (1..100) for "percent", cents for "fixed". */
  value: number;
}

export interface LineTotals {
  id: number;
  quantity: number;
  unitCents: number;
  rowTotalCents: number;
  discountCents: number;
  rowTotalAfterDiscountCents: number;
  taxRateBp: number;
  taxCents: number;
  /** Spec §1 analytics unit price: row total / quantity − the first discount per unit. */
  analyticsUnitPriceCents: number;
}

export interface TaxTotal {
  rateBp: number;
  taxCents: number;
}

export interface CartTotals {
  lines: LineTotals[];
  totalQuantity: number;
  subtotalCents: number;
  /** Subtotal of the rows a coupon may discount. */
  discountableSubtotalCents: number;
  /** The coupon's part and the business discount's part of discountCents. */
  couponCents: number;
  businessCents: number;
  discountCents: number;
  subtotalAfterDiscountCents: number;
  /** Shipping including VAT, and the VAT in it. */
  shippingCents: number;
  shippingTaxCents: number;
  /** Part of the total a gift card pays (at most its balance). */
  giftCardCents: number;
  grandTotalCents: number;
  totalTaxCents: number;
  /** VAT per rate, highest rate first; rates with no VAT left out. */
  taxes: TaxTotal[];
}

function assertCents(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of cents >= 0, got ${value}`);
}

/** numerator / denominator rounded half away from zero (denominator > 0). */
export function divideRounded(numerator: number, denominator: number): number {
  if (!(denominator > 0)) throw new RangeError("denominator must be positive");
  const sign = numerator < 0 ? -1 : 1;
  const n = BigInt(Math.abs(numerator));
  const d = BigInt(denominator);
  const q = (2n * n + d) / (2n * d);
  return sign * Number(q);
}

/** VAT contained in a gross (VAT-inclusive) amount, rounded half away from zero. */
export function vatFromGross(grossCents: number, rateBp: number): number {
  if (rateBp === 0) return 0;
  return divideRounded(grossCents * rateBp, 10_000 + rateBp);
}

/**
 * Splits total into parts proportional to weights that add up to exactly total: each part
 * gets the floor of its share, and the cents left go to the largest remainders (ties: the
 * larger weight, then the earlier row).
 */
export function distribute(totalCents: number, weights: number[]): number[] {
  assertCents(totalCents, "total");
  const sum = weights.reduce((a, w) => a + w, 0);
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError("weights must be whole numbers >= 0");
  if (sum === 0) {
    if (totalCents !== 0) throw new RangeError("cannot distribute an amount over zero weights");
    return weights.map(() => 0);
  }
  const total = BigInt(totalCents);
  const whole = BigInt(sum);
  const parts = weights.map((w, index) => {
    const product = total * BigInt(w);
    return { index, weight: w, floor: Number(product / whole), remainder: product % whole };
  });
  let left = totalCents - parts.reduce((a, p) => a + p.floor, 0);
  const order = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? b.weight - a.weight || a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const result = parts.map((p) => p.floor);
  for (const part of order) {
    if (left === 0) break;
    result[part.index] = (result[part.index] ?? 0) + 1;
    left--;
  }
  return result;
}

/** The discount a coupon gives on a discountable subtotal: never more than the subtotal. */
export function couponDiscountCents(coupon: CouponRule, discountableSubtotalCents: number): number {
  assertCents(discountableSubtotalCents, "subtotal");
  const raw = coupon.kind === "percent" ? divideRounded(discountableSubtotalCents * coupon.value, 100) : coupon.value;
  return Math.max(0, Math.min(raw, discountableSubtotalCents));
}

/** Spec §1: row total including tax / quantity − first discount / quantity, in cents (half away from zero). */
export function analyticsUnitPriceCents(rowTotalCents: number, quantity: number, firstDiscountCents: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError("quantity must be a whole number >= 1");
  return divideRounded(rowTotalCents - firstDiscountCents, quantity);
}

/** What checkout adds to a cart's money: shipping, and the business-customer discount. */
export interface CheckoutCharges {
  /** Shipping including VAT, in cents, taxed at shippingTaxRateBp. */
  shippingCents?: number;
  shippingTaxRateBp?: number;
  /** Whole percent off the discountable rows after the coupon (B2B rule, see lib/checkout.ts). */
  businessPercent?: number;
}

export function cartTotals(
  lines: TotalsLine[],
  coupon: CouponRule | null = null,
  giftCardBalanceCents = 0,
  charges: CheckoutCharges = {},
): CartTotals {
  for (const line of lines) {
    assertCents(line.unitCents, "unit price");
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError(`quantity must be a whole number >= 1`);
    if (!Number.isSafeInteger(line.taxRateBp) || line.taxRateBp < 0) throw new RangeError("tax rate must be whole basis points >= 0");
  }
  assertCents(giftCardBalanceCents, "gift card balance");
  const rows = lines.map((line) => line.unitCents * line.quantity);
  const subtotalCents = rows.reduce((a, r) => a + r, 0);
  const weights = lines.map((line, i) => (line.discountable ? (rows[i] ?? 0) : 0));
  const discountableSubtotalCents = weights.reduce((a, w) => a + w, 0);
  const couponCents = coupon ? couponDiscountCents(coupon, discountableSubtotalCents) : 0;
  const businessCents = charges.businessPercent
    ? couponDiscountCents({ kind: "percent", value: charges.businessPercent }, discountableSubtotalCents - couponCents)
    : 0;
  const discountCents = couponCents + businessCents;
  const discounts = distribute(discountCents, weights);
  const shippingCents = charges.shippingCents ?? 0;
  assertCents(shippingCents, "shipping");
  const shippingTaxCents = vatFromGross(shippingCents, charges.shippingTaxRateBp ?? 0);

  const totals: LineTotals[] = lines.map((line, i) => {
    const rowTotalCents = rows[i] ?? 0;
    const discount = discounts[i] ?? 0;
    const after = rowTotalCents - discount;
    return {
      id: line.id,
      quantity: line.quantity,
      unitCents: line.unitCents,
      rowTotalCents,
      discountCents: discount,
      rowTotalAfterDiscountCents: after,
      taxRateBp: line.taxRateBp,
      taxCents: vatFromGross(after, line.taxRateBp),
      analyticsUnitPriceCents: analyticsUnitPriceCents(rowTotalCents, line.quantity, discount),
    };
  });

  const byRate = new Map<number, number>();
  for (const row of totals) byRate.set(row.taxRateBp, (byRate.get(row.taxRateBp) ?? 0) + row.taxCents);
  if (shippingTaxCents > 0) {
    const rate = charges.shippingTaxRateBp ?? 0;
    byRate.set(rate, (byRate.get(rate) ?? 0) + shippingTaxCents);
  }
  const taxes = [...byRate.entries()]
    .filter(([, tax]) => tax > 0)
    .sort(([a], [b]) => b - a)
    .map(([rateBp, taxCents]) => ({ rateBp, taxCents }));

  const subtotalAfterDiscountCents = subtotalCents - discountCents;
  // A gift card is a means of payment: it pays for goods and shipping alike.
  const giftCardCents = Math.min(giftCardBalanceCents, subtotalAfterDiscountCents + shippingCents);
  return {
    lines: totals,
    totalQuantity: lines.reduce((a, l) => a + l.quantity, 0),
    subtotalCents,
    discountableSubtotalCents,
    couponCents,
    businessCents,
    discountCents,
    subtotalAfterDiscountCents,
    shippingCents,
    shippingTaxCents,
    giftCardCents,
    grandTotalCents: subtotalAfterDiscountCents + shippingCents - giftCardCents,
    totalTaxCents: totals.reduce((a, r) => a + r.taxCents, 0) + shippingTaxCents,
    taxes,
  };
}
