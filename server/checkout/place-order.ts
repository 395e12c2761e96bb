// The order step (spec §4, §7): one transaction that re-prices the cart, takes the stock,
// counts the coupon, debits the gift card, numbers the order and closes the cart — or does
// none of it. A card payment leaves the order waiting for the provider.
import type { PurchaseContext } from "../crm/context.ts";
import { createHash, randomBytes } from "node:crypto";
import type { CartTotals } from "../../lib/cart-totals.ts";
import type { PaymentMethodCode } from "../../lib/checkout.ts";
import { toAmount, toCents } from "../../lib/money.ts";
import type { CartRow, ItemRow } from "../cart/repository.ts";
import type { Cart } from "../../lib/cart-types.ts";
import { type CartOwner, cartNotFound, isCartId, reaches, unknownCart } from "../cart/service.ts";
import type { Store } from "../catalog/service.ts";
import { AppError } from "../errors.ts";
import { type OrderView, orderView } from "../orders/order-view.ts";
import { type NewOrder, type OrderItemRow, type OrderQueries, orderQueries } from "../orders/repository.ts";
import type { CheckoutDeps } from "./service.ts";

export interface PlacedOrder {
  order: OrderView;
  /** Card payments: the provider's page to send the shopper to. */
  payment_redirect_url: string | null;
}

/** What a client may send with the order. */
export interface PlaceOrderBody {
  /** Choose (or change) the payment method in the same call. */
  payment_method?: string;
  /** The grand total (euros) the shopper saw and agreed to; the order is refused (409 total_changed) if it moved. */
  expected_grand_total?: number;
}

/** 409 total_changed: nothing is written; the new total (euros) is the grandTotal parameter. */
export const totalChanged = (grandTotalCents: number) =>
  new AppError(409, "total_changed", { params: { grandTotal: toAmount(grandTotalCents) }, field: "expected_grand_total" });

/**
 * Without an expected total, a gift card whose balance fell since it was applied (another
 * order used it) must not quietly pay less of this cart than it would have then.
 */
function giftCardPaysLess(cartRow: CartRow, totals: CartTotals): boolean {
  if (!cartRow.gift_card_code || cartRow.gift_card_balance_cents === null) return false;
  const due = totals.grandTotalCents + totals.giftCardCents;
  return totals.giftCardCents < Math.min(cartRow.gift_card_balance_cents, due);
}

const token = () => randomBytes(24).toString("base64url");
export const requestHash = (body: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(body ?? {}))
    .digest("base64url");

/** What the order step found ready: the address, method and payment it orders with. */
interface Ready {
  address: Cart["shipping_addresses"][number];
  method: NonNullable<Cart["shipping_addresses"][number]["selected_shipping_method"]>;
  billing: NonNullable<Cart["billing_address"]>;
  payment: PaymentMethodCode;
}

/**
 * Whether the priced cart may be ordered as it is (spec §4: shipping method, payment method and
 * billing address); the coded refusal otherwise. The order charges what the shopper saw
 * (docs/decisions/0004): a code that no longer applies is never silently dropped, and a total
 * that moved is confirmed first.
 */
function readyToOrder(active: CartRow, view: Cart, totals: CartTotals, body: PlaceOrderBody): Ready {
  if (view.items.length === 0) throw new AppError(400, "cart_empty");
  const invalid = view.invalid_codes[0];
  if (invalid?.type === "coupon") throw new AppError(409, invalid.reason, { params: invalid.params, field: "code" });
  if (invalid?.type === "gift_card") throw new AppError(409, "giftcard_balance", { field: "code" });
  const expected = body.expected_grand_total;
  if (expected !== undefined && toCents(expected) !== totals.grandTotalCents) throw totalChanged(totals.grandTotalCents);
  if (expected === undefined && giftCardPaysLess(active, totals)) throw new AppError(409, "giftcard_balance", { field: "code" });
  if (body.payment_method !== undefined && view.selected_payment_method?.code !== body.payment_method)
    throw new AppError(400, "payment_not_available", { field: "payment_method" });
  const address = view.shipping_addresses[0];
  const method = address?.selected_shipping_method;
  const payment = view.selected_payment_method?.code as PaymentMethodCode | undefined;
  if (!address || !method) throw new AppError(400, "shipping_method_missing", { field: "method_code" });
  // A pickup point removed since it was chosen unselects itself: the shopper chooses again.
  if (method.method_code === "pickup_point" && !address.pickup_point)
    throw new AppError(400, "pickup_point_required", { field: "pickup_point_id" });
  if (!view.billing_address) throw new AppError(400, "billing_address_missing", { field: "billing_address" });
  if (!payment) throw new AppError(400, "payment_method_missing", { field: "payment_method" });
  return { address, method, billing: view.billing_address, payment };
}

/** Takes the stock, counts the coupon and debits the gift card; a coded 409 when any of them ran out. */
async function takeGoodsAndCodes(q: OrderQueries, itemRows: ItemRow[], view: Cart, totals: CartTotals, active: CartRow) {
  // Stock, in one order of variants for every shopper, so two carts never wait on each other in a
  // circle. The lines cannot change meanwhile: the cart is locked.
  const units = new Map<number, number>();
  for (const item of itemRows) units.set(item.variant_id, (units.get(item.variant_id) ?? 0) + item.quantity);
  for (const [variantId, n] of [...units].sort(([a], [b]) => a - b)) {
    if (!(await q.takeStock(variantId, n))) throw new AppError(409, "qty");
  }
  const coupon = view.applied_coupons[0]?.code ?? null;
  if (coupon) {
    if (!(await q.redeemCoupon(coupon))) throw new AppError(409, "coupon_used_up", { params: { code: coupon }, field: "code" });
    await q.recordRedemption(coupon, active.customer_id, active.id);
  }
  const giftCard = view.applied_gift_card?.code ?? null;
  if (giftCard && totals.giftCardCents > 0 && !(await q.debitGiftCard(giftCard, totals.giftCardCents)))
    throw new AppError(409, "giftcard_balance", { field: "code" });
}

/** The order's own fields, as the priced cart has them. */
function orderRecord(
  store: Store,
  active: CartRow,
  view: Cart,
  totals: CartTotals,
  { address, method, billing, payment }: Ready,
): Omit<NewOrder, "idempotency_key" | "request_hash"> {
  return {
    store_code: store.code,
    cart_id: active.id,
    customer_id: active.customer_id,
    status: payment === "card" ? "pending_payment" : "processing",
    email: address.email,
    shipping_address: Object.fromEntries(
      Object.entries(address).filter(([k, v]) => typeof v === "string" && k !== "pickup_store"),
    ) as Record<string, string>,
    billing_address: billing as unknown as Record<string, string>,
    shipping_method: method.method_code,
    pickup_store: address.pickup_store,
    pickup_point: method.method_code === "pickup_point" ? address.pickup_point : null,
    payment_method: payment,
    currency: store.config.base_currency_code,
    subtotal_cents: totals.subtotalCents,
    discount_cents: totals.discountCents,
    shipping_cents: totals.shippingCents,
    gift_card_cents: totals.giftCardCents,
    grand_total_cents: totals.grandTotalCents,
    total_tax_cents: totals.totalTaxCents,
    taxes: totals.taxes,
    coupon_code: view.applied_coupons[0]?.code ?? null,
    gift_card_code: totals.giftCardCents > 0 ? (view.applied_gift_card?.code ?? null) : null,
    order_comment: view.order_comment,
    loyalty_card_number: view.loyalty_card_number,
    finnair_plus_number: view.finnair_plus_number,
    view_token: token(),
  };
}

/** The order's lines: each cart line as it was shown, with its totals. */
function orderLines(view: Cart, totals: CartTotals, itemRows: ItemRow[]): OrderItemRow[] {
  return view.items.map((item, i) => {
    const line = totals.lines[i];
    if (!line) throw new Error("totals lost a line");
    const { prices: _prices, ...details } = item;
    return {
      variant_id: itemRows.find((r) => r.id === item.id)?.variant_id ?? null,
      sku: item.configured_variant?.sku ?? item.product.sku,
      name: item.product.name,
      details: details as unknown as Record<string, unknown>,
      quantity: line.quantity,
      unit_cents: line.unitCents,
      row_total_cents: line.rowTotalCents,
      discount_cents: line.discountCents,
      tax_cents: line.taxCents,
      tax_rate_bp: line.taxRateBp,
    };
  });
}

export function createPlaceOrder({
  cart,
  cartRepository,
  db,
  mail,
  orders,
  provider,
  crm,
}: Pick<CheckoutDeps, "cart" | "cartRepository" | "db" | "mail" | "orders" | "provider" | "crm">) {
  return {
    /**
     * Places the order (spec §4: only with shipping method, payment method and billing
     * address). Idempotent per cart: placing again — a double click, a retry after a lost
     * answer, the same Idempotency-Key — answers the same order; the same key with another
     * body is a 422. Keys are looked up through the cart, so they reveal no one else's order.
     * An order paid when placed is reported to the customer-relationship side in the same
     * transaction when the shopper's purchase context (marketing consent) is given (decision 0031).
     */
    async placeOrder(
      store: Store,
      cartId: string,
      request: { idempotencyKey: string | null; body: PlaceOrderBody },
      owner: CartOwner,
      purchase: PurchaseContext | null = null,
    ): Promise<PlacedOrder> {
      cart.assertShopping(store);
      const hash = requestHash(request.body);
      const placed = await cart.lookingUp(owner, async () => {
        if (!isCartId(cartId)) throw unknownCart();
        return cartRepository.transaction(async (cq, tx) => {
          const q = orderQueries(tx);
          const row = await cq.lockCart(cartId);
          if (!row) throw unknownCart();
          if (row.store_code !== store.code || !reaches(owner, row)) throw cartNotFound();
          const existing = await q.liveOrderForCart(cartId);
          if (existing) {
            if (request.idempotencyKey !== null && existing.idempotency_key === request.idempotencyKey && existing.request_hash !== hash)
              throw new AppError(422, "idempotency_mismatch");
            const payment = existing.status === "pending_payment" ? await q.pendingPaymentOf(existing.id) : undefined;
            return { order: existing, payment: payment ?? null, fresh: false };
          }
          let active = cart.ownedRow(store, row, owner);
          // A logged-in customer ordering with a guest cart (one made while logged in, or before):
          // the cart becomes theirs with the order, so the order is in their account at once and
          // the cart (given back if the payment fails) answers only to their session.
          if (active.customer_id === null && owner.customerId !== null) {
            await cq.claimCart(active.id, owner.customerId);
            active = { ...active, customer_id: owner.customerId, expires_at: null };
          }
          // One customer's orders take turns: a coupon's uses per customer are counted by the
          // pricing below, and two carts of one customer must not both count none (issue 36).
          if (active.customer_id !== null) await q.lockCustomerOrders(active.customer_id);
          const chosen = request.body.payment_method;
          if (chosen !== undefined && chosen !== active.payment_method) {
            await cq.updateCart(active.id, { payment_method: chosen });
            active = { ...active, payment_method: chosen };
          }
          const { view, totals } = await cart.price(cq, store, active);
          const ready = readyToOrder(active, view, totals, request.body);
          const itemRows = await cq.items(active.id);
          await takeGoodsAndCodes(q, itemRows, view, totals, active);

          const order = await orders.create(
            tx,
            {
              ...orderRecord(store, active, view, totals, ready),
              order_number: await q.nextOrderNumber(store.code),
              idempotency_key: request.idempotencyKey,
              request_hash: hash,
            },
            orderLines(view, totals, itemRows),
          );
          if (order.status === "processing" && purchase && crm) await crm.enqueue(tx, order.id, purchase);
          let paymentRow = null;
          if (ready.payment === "card") {
            // Pricing offers card only with a provider; this keeps a stale choice from reaching none.
            if (!provider) throw new AppError(400, "payment_not_available", { field: "payment_method" });
            paymentRow = { id: token(), order_id: order.id, provider: provider.code, amount_cents: totals.grandTotalCents };
            await q.insertPayment(paymentRow);
          }
          await q.setCartStatus(active.id, "ordered");
          return { order, payment: paymentRow, fresh: true };
        });
      });

      // The confirmation (an invoice order) and the order's events go out now.
      if (placed.fresh) mail.nudge();
      if (placed.fresh && placed.order.status === "processing") crm?.nudge();
      const view = await orderView(orderQueries(db), placed.order);
      const redirect =
        placed.payment && provider
          ? (
              await provider.start({
                id: placed.payment.id,
                amountCents: placed.payment.amount_cents,
                currency: placed.order.currency,
                orderNumber: placed.order.order_number,
                returnPath: `/checkout?payment=${encodeURIComponent(placed.payment.id)}`,
              })
            ).redirectUrl
          : null;
      return { order: view, payment_redirect_url: redirect };
    },
  };
}
