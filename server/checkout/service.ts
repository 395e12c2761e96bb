// Checkout (spec §4, §5, §7): the shipping address and method, the billing address and the
// payment method are written to the cart; placing the order is one transaction that
// re-prices the cart, takes the stock, counts the coupon, debits the gift card, numbers
// the order and closes the cart — or does none of it. A card payment leaves the order
// waiting for the provider; a declined or abandoned payment cancels the order and gives
// everything back, the cart included.
import { createHash, randomBytes } from "node:crypto";
import type { CartTotals } from "../../lib/cart-totals.ts";
import { type AddressField, type AddressProblem, addressProblems, cleanAddress, type PaymentMethodCode } from "../../lib/checkout.ts";
import { toAmount, toCents } from "../../lib/money.ts";
import type { CartQueries, CartRepository, CartRow, SqlExecutor } from "../cart/repository.ts";
import { type CartOwner, type CartService, cartNotFound, GUEST, isCartId } from "../cart/service.ts";
import type { Store } from "../catalog/service.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import { AppError } from "../errors.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { ORDER_CONFIRMATION, renderOrderConfirmation } from "../mail/order-confirmation.ts";
import type { MailQueue } from "../mail/outbox.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { type OrderQueries, type OrderRow, orderQueries } from "./repository.ts";

function addressError(prefix: string, problems: AddressProblem[]): AppError | null {
  const first = problems[0];
  if (!first) return null;
  return new AppError(400, "invalid_input", { params: inputProblem(first.problem), field: `${prefix}.${first.field}` });
}

export interface PlacedOrder {
  order: OrderView;
  /** Card payments: the provider's page to send the shopper to. */
  payment_redirect_url: string | null;
}

export interface OrderView {
  order_number: string;
  status: OrderRow["status"];
  email: string;
  created_at: string;
  currency: string;
  shipping_address: Record<string, string>;
  billing_address: Record<string, string>;
  shipping_method: string;
  payment_method: string;
  items: {
    sku: string;
    name: string;
    quantity: number;
    row_total: number;
    unit_price: number;
    /** The row's share of the order's discount. */
    discount: number;
    details: Record<string, unknown>;
  }[];
  totals: { subtotal: number; discount: number; shipping: number; gift_card: number; grand_total: number; total_tax: number };
}

/** A payment that did not pay: declined by the provider, or left without a decision (Cancel, Back). */
export type PaymentOutcome = { paid: true; order: OrderRow } | { paid: false; code: "payment_failed" | "payment_canceled" };

export interface CheckoutDeps {
  cart: CartService;
  cartRepository: CartRepository;
  /** Reads outside the order step's transaction. */
  db: SqlExecutor;
  /** Confirmations are written to the outbox in the order's transaction and sent from there. */
  mail: MailQueue;
  /** The store an order was placed in, for rendering its mail. */
  storeByCode: (code: string) => Promise<Store | undefined>;
  provider: PaymentProvider;
  /** The public origin of each store, for links in mail (never the request's Host). */
  publicUrl: (store: Store) => string;
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

export function createCheckoutService({ cart, cartRepository, db, mail, storeByCode, provider, publicUrl }: CheckoutDeps) {
  const countries = (store: Store) => store.config.countries.map((c) => c.id);

  /** A write of checkout fields on the shopper's active cart, answered with the cart as it now is. */
  function update(store: Store, cartId: string, owner: CartOwner, change: (q: CartQueries, row: CartRow) => Promise<void>) {
    cart.assertShopping(store);
    return cart.writeCart(store, cartId, owner, change);
  }

  async function orderView(q: OrderQueries, order: OrderRow): Promise<OrderView> {
    const items = await q.items(order.id);
    return {
      order_number: order.order_number,
      status: order.status,
      email: order.email,
      created_at: new Date(order.created_at).toISOString(),
      currency: order.currency,
      shipping_address: order.shipping_address,
      billing_address: order.billing_address,
      shipping_method: order.shipping_method,
      payment_method: order.payment_method,
      items: items.map((i) => ({
        sku: i.sku,
        name: i.name,
        quantity: i.quantity,
        unit_price: toAmount(i.unit_cents),
        row_total: toAmount(i.row_total_cents),
        discount: toAmount(i.discount_cents),
        details: i.details,
      })),
      totals: {
        subtotal: toAmount(order.subtotal_cents),
        discount: toAmount(order.discount_cents),
        shipping: toAmount(order.shipping_cents),
        gift_card: toAmount(order.gift_card_cents),
        grand_total: toAmount(order.grand_total_cents),
        total_tax: toAmount(order.total_tax_cents),
      },
    };
  }

  /** Gives back what a canceled order took: stock, the coupon's use, the gift card's balance, the cart. */
  async function cancel(q: OrderQueries, order: OrderRow) {
    const items = await q.items(order.id);
    const byVariant = new Map<number, number>();
    for (const i of items) if (i.variant_id !== null) byVariant.set(i.variant_id, (byVariant.get(i.variant_id) ?? 0) + i.quantity);
    for (const [variantId, units] of [...byVariant].sort(([a], [b]) => a - b)) await q.returnStock(variantId, units);
    if (order.coupon_code) {
      await q.releaseCoupon(order.coupon_code);
      await q.dropRedemption(order.coupon_code, order.cart_id);
    }
    if (order.gift_card_code && order.gift_card_cents > 0) await q.creditGiftCard(order.gift_card_code, order.gift_card_cents);
    await q.setOrderStatus(order.id, "canceled");
    await q.setCartStatus(order.cart_id, "active");
  }

  /** The confirmation of an order, rendered when the outbox sends it (null: the order is gone). */
  async function confirmationMail(payload: Record<string, unknown>, q: SqlExecutor): Promise<MailMessage | null> {
    const orders = orderQueries(q);
    const order = await orders.orderById(Number(payload.orderId));
    const store = order ? await storeByCode(order.store_code) : undefined;
    if (!order || !store) return null;
    return renderOrderConfirmation({ store, view: await orderView(orders, order), shopUrl: publicUrl(store) });
  }

  return {
    confirmationMail,

    async setShippingAddress(store: Store, cartId: string, input: Record<string, string>, owner: CartOwner = GUEST) {
      const error = addressError("address", addressProblems(input as Partial<Record<AddressField, string>>, countries(store), true));
      if (error) throw error;
      const address = cleanAddress(input);
      return update(store, cartId, owner, (q, row) => q.updateCart(row.id, { shipping_address: address }));
    },

    async setShippingMethod(store: Store, cartId: string, methodCode: string, pickupStore: string | null, owner: CartOwner = GUEST) {
      return update(store, cartId, owner, async (q, row) => {
        if (!row.shipping_address) throw new AppError(400, "address_missing", { field: "method_code" });
        const { view } = await cart.price(q, store, row);
        const method = view.available_shipping_methods.find((m) => m.method_code === methodCode);
        if (!method) throw new AppError(400, "invalid_input", { params: { rule: "shippingMethod" }, field: "method_code" });
        let store_ = null as string | null;
        if (method.pickup_stores) {
          store_ = method.pickup_stores.find((s) => s.code === pickupStore)?.code ?? null;
          if (!store_) throw new AppError(400, "invalid_input", { params: { rule: "chooseOne" }, field: "pickup_store" });
        }
        await q.updateCart(row.id, { shipping_method: methodCode, pickup_store: store_ });
      });
    },

    async setBillingAddress(
      store: Store,
      cartId: string,
      sameAsShipping: boolean,
      input: Record<string, string> | null,
      owner: CartOwner = GUEST,
    ) {
      if (!sameAsShipping) {
        const error = addressError(
          "address",
          addressProblems((input ?? {}) as Partial<Record<AddressField, string>>, countries(store), false),
        );
        if (error) throw error;
      }
      const address = sameAsShipping ? null : cleanAddress(input ?? {});
      return update(store, cartId, owner, async (q, row) => {
        if (sameAsShipping && !row.shipping_address) throw new AppError(400, "address_missing", { field: "same_as_shipping" });
        await q.updateCart(row.id, { billing_same_as_shipping: sameAsShipping, billing_address: address });
      });
    },

    async setPaymentMethod(store: Store, cartId: string, code: string, owner: CartOwner = GUEST) {
      return update(store, cartId, owner, async (q, row) => {
        if (!row.shipping_method) throw new AppError(400, "shipping_missing", { field: "code" });
        const { view } = await cart.price(q, store, row);
        const allowed = view.available_payment_methods.find((m) => m.code === code);
        if (!allowed) {
          if (code === "invoice")
            throw new AppError(400, "invoice_minimum", {
              params: { minimum: toAmount(store.config.invoice_minimum_cents) },
              field: "code",
            });
          throw new AppError(400, "payment_not_available", { field: "code" });
        }
        await q.updateCart(row.id, { payment_method: code });
      });
    },

    /**
     * Places the order (spec §4: only with shipping method, payment method and billing
     * address). Idempotent per cart: placing again — a double click, a retry after a lost
     * answer, the same Idempotency-Key — answers the same order; the same key with another
     * body is a 422. Keys are looked up through the cart, so they reveal no one else's order.
     */
    async placeOrder(
      store: Store,
      cartId: string,
      request: { idempotencyKey: string | null; body: PlaceOrderBody },
      owner: CartOwner = GUEST,
    ): Promise<PlacedOrder> {
      cart.assertShopping(store);
      if (!isCartId(cartId)) throw cartNotFound();
      const hash = requestHash(request.body);
      const placed = await cartRepository.transaction(async (cq, tx) => {
        const q = orderQueries(tx);
        const row = await cq.lockCart(cartId);
        if (!row || row.store_code !== store.code || (row.customer_id !== null && row.customer_id !== owner.customerId))
          throw cartNotFound();
        const existing = await q.liveOrderForCart(cartId);
        if (existing) {
          if (request.idempotencyKey !== null && existing.idempotency_key === request.idempotencyKey && existing.request_hash !== hash)
            throw new AppError(422, "idempotency_mismatch");
          const payment = existing.status === "pending_payment" ? await q.pendingPaymentOf(existing.id) : undefined;
          return { order: existing, payment: payment ?? null, fresh: false };
        }
        let active = await cart.ownedCart(cq, store, cartId, owner, false);
        const chosen = request.body.payment_method;
        if (chosen !== undefined && chosen !== active.payment_method) {
          await cq.updateCart(active.id, { payment_method: chosen });
          active = { ...active, payment_method: chosen };
        }
        const { view, totals } = await cart.price(cq, store, active);
        if (view.items.length === 0) throw new AppError(400, "cart_empty");
        // The order charges what the shopper saw (docs/decisions/0004): a code that no longer
        // applies is never silently dropped, and a total that moved is confirmed first.
        const invalid = view.invalid_codes[0];
        if (invalid?.type === "coupon") throw new AppError(409, invalid.reason, { params: invalid.params, field: "code" });
        if (invalid?.type === "gift_card") throw new AppError(409, "giftcard_balance", { field: "code" });
        const expected = request.body.expected_grand_total;
        if (expected !== undefined && toCents(expected) !== totals.grandTotalCents) throw totalChanged(totals.grandTotalCents);
        if (expected === undefined && giftCardPaysLess(active, totals)) throw new AppError(409, "giftcard_balance", { field: "code" });
        if (chosen !== undefined && view.selected_payment_method?.code !== chosen)
          throw new AppError(400, "payment_not_available", { field: "payment_method" });
        const address = view.shipping_addresses[0];
        const method = address?.selected_shipping_method;
        const payment = view.selected_payment_method?.code as PaymentMethodCode | undefined;
        if (!address || !method) throw new AppError(400, "shipping_method_missing", { field: "method_code" });
        if (!view.billing_address) throw new AppError(400, "billing_address_missing", { field: "billing_address" });
        if (!payment) throw new AppError(400, "payment_method_missing", { field: "payment_method" });

        // Stock, in one order of variants for every shopper, so two carts never wait on each other in a circle.
        const units = new Map<number, number>();
        for (const item of await cq.items(active.id)) units.set(item.variant_id, (units.get(item.variant_id) ?? 0) + item.quantity);
        for (const [variantId, n] of [...units].sort(([a], [b]) => a - b))
          if (!(await q.takeStock(variantId, n))) throw new AppError(409, "qty");
        const coupon = view.applied_coupons[0]?.code ?? null;
        if (coupon) {
          if (!(await q.redeemCoupon(coupon))) throw new AppError(409, "coupon_used_up", { params: { code: coupon }, field: "code" });
          await q.recordRedemption(coupon, active.customer_id, active.id);
        }
        const giftCard = view.applied_gift_card?.code ?? null;
        if (giftCard && totals.giftCardCents > 0 && !(await q.debitGiftCard(giftCard, totals.giftCardCents)))
          throw new AppError(409, "giftcard_balance", { field: "code" });

        const itemRows = await cq.items(active.id);
        const order = await q.insertOrder({
          order_number: await q.nextOrderNumber(store.code),
          store_code: store.code,
          cart_id: active.id,
          customer_id: active.customer_id,
          status: payment === "card" ? "pending_payment" : "processing",
          email: address.email,
          shipping_address: Object.fromEntries(
            Object.entries(address).filter(([k, v]) => typeof v === "string" && k !== "pickup_store"),
          ) as Record<string, string>,
          billing_address: view.billing_address as unknown as Record<string, string>,
          shipping_method: method.method_code,
          pickup_store: address.pickup_store,
          payment_method: payment,
          currency: store.config.base_currency_code,
          subtotal_cents: totals.subtotalCents,
          discount_cents: totals.discountCents,
          shipping_cents: totals.shippingCents,
          gift_card_cents: totals.giftCardCents,
          grand_total_cents: totals.grandTotalCents,
          total_tax_cents: totals.totalTaxCents,
          coupon_code: coupon,
          gift_card_code: totals.giftCardCents > 0 ? giftCard : null,
          order_comment: view.order_comment,
          loyalty_card_number: view.loyalty_card_number,
          finnair_plus_number: view.finnair_plus_number,
          view_token: token(),
          idempotency_key: request.idempotencyKey,
          request_hash: hash,
        });
        await q.insertItems(
          order.id,
          view.items.map((item, i) => {
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
          }),
        );
        // The confirmation is part of the order: it exists exactly when the order does.
        if (order.status === "processing") await mail.enqueue(tx, ORDER_CONFIRMATION, { orderId: order.id });
        let paymentRow = null;
        if (payment === "card") {
          paymentRow = { id: token(), order_id: order.id, provider: provider.code, amount_cents: totals.grandTotalCents };
          await q.insertPayment(paymentRow);
        }
        await q.setCartStatus(active.id, "ordered");
        return { order, payment: paymentRow, fresh: true };
      });

      if (placed.fresh && placed.order.status === "processing") mail.nudge();
      const view = await orderView(orderQueries(db), placed.order);
      const redirect = placed.payment
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

    /** The sandbox provider's page records the shopper's decision (a real provider's notification). */
    async decidePayment(paymentId: string, approve: boolean) {
      return cartRepository.transaction(async (_cq, tx) => {
        const q = orderQueries(tx);
        const payment = await q.lockPayment(paymentId);
        if (!payment) throw new AppError(404, "payment_not_found");
        if (payment.status === "pending") await q.setPaymentStatus(payment.id, approve ? "approved" : "declined");
        return payment;
      });
    },

    /** The payment of a pending order, for the sandbox page. */
    async payment(paymentId: string) {
      const q = orderQueries(db);
      const payment = await q.paymentById(paymentId);
      if (!payment) return null;
      const order = await q.orderById(payment.order_id);
      return order ? { payment, order } : null;
    },

    /**
     * The shopper is back from the provider: an approved payment completes the order (and
     * sends the confirmation); a declined one (payment_failed) or one left undecided
     * (payment_canceled) cancels it and gives the cart back.
     */
    async completePayment(store: Store, paymentId: string): Promise<PaymentOutcome> {
      const outcome = await cartRepository.transaction(async (_cq, tx): Promise<PaymentOutcome & { confirm?: boolean }> => {
        const q = orderQueries(tx);
        const payment = await q.lockPayment(paymentId);
        const order = payment ? await q.orderById(payment.order_id) : undefined;
        if (!payment || !order || order.store_code !== store.code) throw new AppError(404, "payment_not_found");
        if (payment.status === "approved") {
          if (order.status === "pending_payment") {
            await q.setOrderStatus(order.id, "processing");
            await mail.enqueue(tx, ORDER_CONFIRMATION, { orderId: order.id });
            return { paid: true, order: { ...order, status: "processing" }, confirm: true };
          }
          if (order.status === "processing") return { paid: true, order };
        }
        // Back without a decision (the provider's Cancel, or Back): the shopper never tried to pay.
        const canceled = payment.status === "pending" || payment.status === "canceled";
        if (payment.status === "pending") await q.setPaymentStatus(payment.id, "canceled");
        if (order.status === "pending_payment") await cancel(q, order);
        return { paid: false, code: canceled ? "payment_canceled" : "payment_failed" };
      });
      if (outcome.paid && outcome.confirm) mail.nudge();
      return outcome.paid ? { paid: true, order: outcome.order } : outcome;
    },

    /**
     * Back at checkout with a cart whose card payment never finished (the shopper left the
     * provider's page): the payment counts as canceled, and the cart is theirs again.
     * Answers true when that happened.
     */
    async reopenAbandoned(store: Store, cartId: string): Promise<boolean> {
      if (!isCartId(cartId)) return false;
      return cartRepository.transaction(async (cq, tx) => {
        const q = orderQueries(tx);
        const row = await cq.lockCart(cartId);
        if (!row || row.store_code !== store.code || row.status !== "ordered") return false;
        const order = await q.liveOrderForCart(cartId);
        if (!order || order.status !== "pending_payment") return false;
        const payment = await q.pendingPaymentOf(order.id);
        if (payment) await q.setPaymentStatus(payment.id, "canceled");
        await cancel(q, order);
        return true;
      });
    },

    /** The order a success page was opened for (its one-time token), with what was bought. */
    async orderForSuccessPage(store: Store, viewToken: string): Promise<OrderView | null> {
      const q = orderQueries(db);
      const order = await q.orderByViewToken(viewToken);
      if (!order || order.store_code !== store.code || order.status === "canceled") return null;
      return orderView(q, order);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
