// Coupon and gift-card rules (spec §3, §7): why a code does not apply to a cart now, in the
// codes the UI and the error catalogue word. Checked when a code is applied and every time the
// cart is priced, so a code the cart outgrew is shown with its reason, never silently dropped.
import type { InvalidCode } from "../../lib/cart-types.ts";
import { errorMessage } from "../../lib/errors/format.ts";
import { toAmount } from "../../lib/money.ts";
import type { Store } from "../catalog/service.ts";
import { AppError } from "../errors.ts";
import type { CouponRow, GiftCardRow } from "./repository.ts";

/** Coupon and gift-card codes are case-insensitive and stored upper-case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** Why a coupon does not apply to a cart now, or null when it does. */
export function couponProblem(
  coupon: CouponRow,
  context: { storeCode: string; now: number; discountableSubtotalCents: number; customerUses: number; currency: PriceLabel },
): AppError | null {
  if (coupon.store_code !== null && coupon.store_code !== context.storeCode) return couponNotFound(coupon.code);
  if (coupon.valid_from && new Date(coupon.valid_from).getTime() > context.now)
    return new AppError(400, "coupon_not_started", { params: { code: coupon.code }, field: "code" });
  if (coupon.valid_to && new Date(coupon.valid_to).getTime() <= context.now)
    return new AppError(400, "coupon_expired", { params: { code: coupon.code }, field: "code" });
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses)
    return new AppError(400, "coupon_used_up", { params: { code: coupon.code }, field: "code" });
  if (coupon.max_uses_per_customer !== null && context.customerUses >= coupon.max_uses_per_customer)
    return new AppError(400, "coupon_customer_limit", { params: { code: coupon.code }, field: "code" });
  if (context.discountableSubtotalCents <= 0)
    return new AppError(400, "coupon_not_applicable", { params: { code: coupon.code }, field: "code" });
  if (context.discountableSubtotalCents < coupon.min_subtotal_cents)
    return new AppError(400, "coupon_min_subtotal", {
      params: { code: coupon.code, minimum: toAmount(coupon.min_subtotal_cents) },
      field: "code",
    });
  return null;
}

export const couponNotFound = (code: string) => new AppError(404, "coupon_not_found", { params: { code }, field: "code" });

/** Why a gift card cannot pay for a cart now, or null when it can. */
export function giftCardProblem(card: GiftCardRow, context: { storeCode: string; now: number }): AppError | null {
  if (card.store_code !== null && card.store_code !== context.storeCode)
    return new AppError(404, "giftcard_not_found", { params: { code: card.code }, field: "code" });
  if (card.expires_at && new Date(card.expires_at).getTime() <= context.now)
    return new AppError(400, "giftcard_expired", { field: "code" });
  if (card.balance_cents <= 0) return new AppError(400, "giftcard_empty", { field: "code" });
  return null;
}

/** A code kept on the cart that no longer applies, with its reason worded in the store's language. */
export function invalidCode(type: InvalidCode["type"], code: string, problem: AppError, store: Store): InvalidCode {
  const price = { symbol: store.config.base_currency_symbol, leftSide: store.leftSideCurrency };
  return { type, code, reason: problem.code, params: problem.params, message: errorMessage(problem, store.locale, price) };
}

export interface PriceLabel {
  symbol: string;
  leftSide: boolean;
}

export const priceLabel = (store: Store): PriceLabel => ({ symbol: store.config.base_currency_symbol, leftSide: store.leftSideCurrency });
