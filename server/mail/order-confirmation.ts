// The order confirmation mail: its outbox kind, and its one template (templates/order-confirmation.ts),
// rendered from the order when the outbox sends it, so the order step never waits for it.
export { renderOrderConfirmation } from "./templates/order-confirmation.ts";

export const ORDER_CONFIRMATION = "order_confirmation";
