// The order's statuses and the events that change them (docs/architecture.md "The order's
// life"). One table says which event each status accepts and where it leads; every change of
// an order goes through nextStatus, and anything the table does not name is refused with a
// coded error before a row is touched.
import { AppError } from "../errors.ts";

export const ORDER_STATUSES = ["pending_payment", "processing", "shipped", "canceled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * pay: the provider approved the payment. fail_payment: it declined, or the shopper came back
 * without paying. cancel: the shopper or an operator called the order off before it shipped.
 * ship: a parcel left the warehouse (again for a second parcel).
 */
export const ORDER_EVENTS = ["pay", "fail_payment", "cancel", "ship"] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** Who made a change: the shopper, the shop's staff (or their systems), a payment provider, the shop itself. */
export type OrderActor = "shopper" | "operator" | "provider" | "system";

/**
 * The allowed changes. A card order waits for its payment; only a paid (or invoice) order that
 * has not shipped can be canceled: a payment still being decided belongs to its provider.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, Readonly<Partial<Record<OrderEvent, OrderStatus>>>>> = {
  pending_payment: { pay: "processing", fail_payment: "canceled" },
  processing: { cancel: "canceled", ship: "shipped" },
  shipped: { ship: "shipped" },
  canceled: {},
};

/** The status the event leads to; 409 order_transition_refused (with the status and event) when the table has no such change. */
export function nextStatus(status: OrderStatus, event: OrderEvent): OrderStatus {
  const next = TRANSITIONS[status][event];
  if (!next) throw new AppError(409, "order_transition_refused", { params: { status, event } });
  return next;
}

/** Whether the event is allowed now (for offering it: the cancel button). */
export const allows = (status: OrderStatus, event: OrderEvent) => TRANSITIONS[status][event] !== undefined;
