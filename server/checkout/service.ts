// Checkout (spec §4, §5, §7): the shipping address and method, the billing address and the
// payment method are written to the cart; placing the order is one transaction that
// re-prices the cart, takes the stock, counts the coupon, debits the gift card, numbers
// the order and closes the cart — or does none of it. A card payment leaves the order
// waiting for the provider; a declined or abandoned payment cancels the order and gives
// everything back, the cart included.
//
// This file holds the addresses and methods and composes the rest: place-order.ts (the order
// step), payment.ts (the card payment's outcome), order-view.ts (the order as shown and mailed).
import type { Cart } from "../../lib/cart-types.ts";
import {
  type AddressField,
  type AddressProblem,
  addressProblems,
  cleanAddress,
  EMAIL_DELIVERY,
  PAYMENT_TITLES,
  type PaymentMethodCode,
  SHIPPING_METHODS,
} from "../../lib/checkout.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import { isPickupPostcode, nearestPickupPoints, type PickupPoint } from "../../lib/pickup-points.ts";
import { toAmount } from "../../lib/money.ts";
import { type CartQueries, type CartRepository, type CartRow, cartQueries, type SqlExecutor } from "../cart/repository.ts";
import { pickupPointView } from "../cart/pricing.ts";
import type { CartOwner, CartService } from "../cart/service.ts";
import type { Store } from "../catalog/service.ts";
import { AppError } from "../errors.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { renderOrderConfirmation } from "../mail/order-confirmation.ts";
import type { CrmQueue } from "../crm/reports.ts";
import type { MailQueue } from "../mail/outbox.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { type OrderView, orderView } from "../orders/order-view.ts";
import { createPayments } from "./payment.ts";
import { createPlaceOrder } from "./place-order.ts";
import { orderQueries } from "../orders/repository.ts";
import type { Orders } from "../orders/service.ts";

export type { OrderView } from "../orders/order-view.ts";
export type { PaymentOutcome } from "./payment.ts";
export { type PlacedOrder, type PlaceOrderBody, requestHash, totalChanged } from "./place-order.ts";

const PAYMENT_METHOD_CODES = Object.keys(PAYMENT_TITLES) as PaymentMethodCode[];

function addressError(prefix: string, problems: AddressProblem[]): AppError | null {
  const first = problems[0];
  if (!first) return null;
  return new AppError(400, "invalid_input", { params: inputProblem(first.problem), field: `${prefix}.${first.field}` });
}

export interface CheckoutDeps {
  cart: CartService;
  cartRepository: CartRepository;
  /** Reads outside the order step's transaction. */
  db: SqlExecutor;
  /** Confirmations are written to the outbox in the order's transaction and sent from there. */
  mail: MailQueue;
  /** The store an order was placed in, for rendering its mail. */
  storeByCode: (code: string) => Promise<Store | undefined>;
  /** The card payment provider; null: card payment is not offered (decision 0037). */
  provider: PaymentProvider | null;
  /** The public origin of each store, for links in mail (never the request's Host). */
  publicUrl: (store: Store) => string;
  /** Purchase reports (decision 0031): written in the transaction that marks an order paid. */
  crm?: CrmQueue;
  /** The order's home: the order step creates the order there, payments change it there. */
  orders: Orders;
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { cart, db, storeByCode, publicUrl } = deps;
  const countries = (store: Store) => store.config.countries.map((c) => c.id);

  /** A write of checkout fields on the shopper's active cart, answered with the cart as it now is. */
  function update(
    store: Store,
    cartId: string,
    owner: CartOwner,
    change: (q: CartQueries, row: CartRow) => Promise<void>,
    check?: (view: Cart) => void,
  ) {
    cart.assertShopping(store);
    return cart.writeCart(store, cartId, owner, change, check);
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

    /**
     * The pickup points nearest a postcode (lib/pickup-points.ts), in the store's language; the
     * point already chosen (`keep`) stays in the list. 400 for a postcode that is not five digits.
     */
    async pickupPoints(store: Store, postcode: string, keep: number | null = null): Promise<PickupPoint[]> {
      if (!isPickupPostcode(postcode)) throw new AppError(400, "invalid_input", { params: { rule: "postcode" }, field: "postcode" });
      const points = await cart.pickupPoints(cartQueries(db));
      return nearestPickupPoints(points, postcode, undefined, keep).map((p) => pickupPointView(p, store.locale));
    },

    async setShippingAddress(store: Store, cartId: string, input: Record<string, string>, owner: CartOwner) {
      const error = addressError("address", addressProblems(input as Partial<Record<AddressField, string>>, countries(store), true));
      if (error) throw error;
      const address = cleanAddress(input);
      return update(store, cartId, owner, (q, row) => q.updateCart(row.id, { shipping_address: address }));
    },

    /**
     * The shipping method, with what it needs chosen: `pickup` is the brand store's code for
     * store_pickup, the pickup point's id for pickup_point (400 pickup_point_required or
     * pickup_point_unknown without one that exists).
     */
    async setShippingMethod(store: Store, cartId: string, methodCode: string, pickup: string | null, owner: CartOwner) {
      const unavailable = () => new AppError(400, "invalid_input", { params: { rule: "shippingMethod" }, field: "method_code" });
      const rule = [...SHIPPING_METHODS, EMAIL_DELIVERY].find((m) => m.method_code === methodCode);
      // The methods on offer do not depend on the one chosen, so the cart as priced after the
      // change checks the choice (one pricing, not two); a refusal rolls the change back.
      return update(
        store,
        cartId,
        owner,
        async (q, row) => {
          if (!row.shipping_address) throw new AppError(400, "address_missing", { field: "method_code" });
          if (!rule) throw unavailable();
          const chosenStore = rule.needsStore ? ((await cart.pickupStores(q)).find((s) => s.code === pickup)?.code ?? null) : null;
          let point: number | null = null;
          if (rule.needsPickupPoint) {
            if (!pickup) throw new AppError(400, "pickup_point_required", { field: "pickup_point_id" });
            point = (await cart.pickupPoints(q)).find((p) => String(p.id) === pickup.trim())?.id ?? null;
            if (point === null) throw new AppError(400, "pickup_point_unknown", { field: "pickup_point_id" });
          }
          await q.updateCart(row.id, { shipping_method: rule.method_code, pickup_store: chosenStore, pickup_point_id: point });
        },
        (view) => {
          const method = view.available_shipping_methods.find((m) => m.method_code === methodCode);
          if (!method) throw unavailable();
          if (method.pickup_stores && !method.pickup_stores.some((s) => s.code === pickup))
            throw new AppError(400, "invalid_input", { params: { rule: "chooseOne" }, field: "pickup_store" });
        },
      );
    },

    async setBillingAddress(store: Store, cartId: string, sameAsShipping: boolean, input: Record<string, string> | null, owner: CartOwner) {
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

    async setPaymentMethod(store: Store, cartId: string, code: string, owner: CartOwner) {
      const method = PAYMENT_METHOD_CODES.find((m) => m === code);
      const refused = () =>
        code === "invoice"
          ? new AppError(400, "invoice_minimum", { params: { minimum: toAmount(store.config.invoice_minimum_cents) }, field: "code" })
          : new AppError(400, "payment_not_available", { field: "code" });
      // The methods on offer do not depend on the one chosen (no method changes the total): the
      // cart as priced after the change checks the choice; a refusal rolls the change back.
      return update(
        store,
        cartId,
        owner,
        async (q, row) => {
          if (!row.shipping_method) throw new AppError(400, "shipping_missing", { field: "code" });
          if (!method) throw refused();
          await q.updateCart(row.id, { payment_method: method });
        },
        (view) => {
          if (!view.available_payment_methods.some((m) => m.code === code)) throw refused();
        },
      );
    },

    ...createPlaceOrder(deps),
    ...createPayments(deps),

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
