// Card payments (spec §4, §7): the provider's verified notification on a payment, and the
// shopper's return from its page. An approved payment completes the order (and sends the
// confirmation); a declined or abandoned payment cancels the order and gives everything back,
// the cart included.
import { type CartOwner, isCartId, reaches } from "../cart/service.ts";
import type { Store } from "../catalog/service.ts";
import type { PurchaseContext } from "../crm/context.ts";
import { AppError } from "../errors.ts";
import type { PaymentNotification } from "../payments/provider.ts";
import { type OrderRow, orderQueries, type PaymentRow } from "../orders/repository.ts";
import type { CheckoutDeps } from "./service.ts";

/** A payment that did not pay: declined by the provider, or left without a decision (Cancel, Back). */
export type PaymentOutcome = { paid: true; order: OrderRow } | { paid: false; code: "payment_failed" | "payment_canceled" };

export function createPayments({
  cartRepository,
  db,
  mail,
  crm,
  orders,
}: Pick<CheckoutDeps, "cartRepository" | "db" | "mail" | "crm" | "orders">) {
  return {
    /**
     * A provider's verified notification (server/payments/service.ts) decides a pending payment,
     * once: the amount and currency must be the order's (409 payment_mismatch otherwise, and
     * nothing changes), and the same provider payment id again changes nothing. An outcome
     * for a payment already decided or canceled is not applied; the answer says what it is.
     * The order follows at once, whether or not the shopper ever comes back: approved, it is
     * paid (processing, the confirmation mail); declined, it is canceled and gives everything
     * back. The purchase report needs the shopper's consent, so it waits for their return.
     */
    async applyNotification(
      provider: string,
      notification: PaymentNotification,
    ): Promise<{ status: PaymentRow["status"]; applied: boolean }> {
      const result = await cartRepository.transaction(async (_cq, tx) => {
        const q = orderQueries(tx);
        const payment = await q.lockPayment(notification.paymentId);
        const order = payment ? await q.orderById(payment.order_id) : undefined;
        if (!payment || !order || payment.provider !== provider) throw new AppError(404, "payment_not_found");
        if (notification.amountCents !== payment.amount_cents || notification.currency !== order.currency)
          throw new AppError(409, "payment_mismatch");
        if (payment.provider_payment_id === notification.providerPaymentId) return { status: payment.status, applied: false };
        // One provider payment decides one of the shop's payments.
        const other = await q.paymentByProviderId(provider, notification.providerPaymentId);
        if (other) throw new AppError(409, "payment_mismatch");
        if (payment.status !== "pending") return { status: payment.status, applied: false };
        await q.decidePayment(payment.id, notification.outcome, notification.providerPaymentId);
        if (order.status === "pending_payment")
          await orders.transition(tx, order.id, notification.outcome === "approved" ? "pay" : "fail_payment", "provider", {
            payment: payment.id,
          });
        return { status: notification.outcome, applied: true };
      });
      // The confirmation (approved) and the order's events go out now.
      if (result.applied) mail.nudge();
      return result;
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
     * sends the confirmation) unless its notification did already; a declined one (payment_failed) or one left undecided
     * (payment_canceled) cancels it and gives the cart back. With the shopper's purchase
     * context (marketing consent, decision 0031) the paid order's report to the
     * customer-relationship side is written in the same transaction: it is sent even if the
     * success page is never seen.
     */
    async completePayment(store: Store, paymentId: string, purchase: PurchaseContext | null = null): Promise<PaymentOutcome> {
      const outcome = await cartRepository.transaction(async (_cq, tx): Promise<PaymentOutcome & { confirm?: boolean }> => {
        const q = orderQueries(tx);
        const payment = await q.lockPayment(paymentId);
        const order = payment ? await q.orderById(payment.order_id) : undefined;
        if (!payment || !order || order.store_code !== store.code) throw new AppError(404, "payment_not_found");
        if (payment.status === "approved") {
          if (order.status === "pending_payment") {
            await orders.transition(tx, order.id, "pay", "provider", { payment: payment.id });
            if (purchase && crm) await crm.enqueue(tx, order.id, purchase);
            return { paid: true, order: { ...order, status: "processing" }, confirm: true };
          }
          // Paid when the provider's notification came (decision 0037): the report, with this
          // shopper's consent, is still to write (once per order, whoever writes first).
          if (order.status !== "canceled") {
            if (purchase && crm) await crm.enqueue(tx, order.id, purchase);
            return { paid: true, order, confirm: Boolean(purchase && crm) };
          }
        }
        // Back without a decision (the provider's Cancel, or Back): the shopper never tried to pay.
        const canceled = payment.status === "pending" || payment.status === "canceled";
        if (payment.status === "pending") await q.setPaymentStatus(payment.id, "canceled");
        if (order.status === "pending_payment")
          await orders.transition(tx, order.id, "fail_payment", canceled ? "shopper" : "provider", { payment: payment.id });
        return { paid: false, code: canceled ? "payment_canceled" : "payment_failed" };
      });
      // A paid or failed order's mail and events go out now.
      mail.nudge();
      if (outcome.paid && outcome.confirm) crm?.nudge();
      return outcome.paid ? { paid: true, order: outcome.order } : outcome;
    },

    /**
     * Back at checkout with a cart whose card payment never finished (the shopper left the
     * provider's page): the payment counts as canceled, and the cart is theirs again.
     * Answers true when that happened; a customer's cart only for that customer.
     */
    async reopenAbandoned(store: Store, cartId: string, owner: CartOwner): Promise<boolean> {
      if (!isCartId(cartId)) return false;
      const reopened = await cartRepository.transaction(async (cq, tx) => {
        const q = orderQueries(tx);
        const row = await cq.lockCart(cartId);
        if (!row || row.store_code !== store.code || row.status !== "ordered" || !reaches(owner, row)) return false;
        const order = await q.liveOrderForCart(cartId);
        if (order?.status !== "pending_payment") return false;
        const payment = await q.pendingPaymentOf(order.id);
        if (payment) await q.setPaymentStatus(payment.id, "canceled");
        await orders.transition(tx, order.id, "fail_payment", "shopper", payment ? { payment: payment.id } : {});
        return true;
      });
      if (reopened) mail.nudge();
      return reopened;
    },
  };
}
