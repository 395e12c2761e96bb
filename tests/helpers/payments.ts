// The sandbox provider's decision on a payment, as its page sends it: a signed notification
// through the shop's one notification path (decision 0037).
import type { Services } from "../../server/services.ts";

export async function decideInSandbox(services: Services, paymentId: string, approve: boolean) {
  const found = await services.checkout.payment(paymentId);
  if (!found || !services.sandbox) throw new Error(`no sandbox payment ${paymentId}`);
  const notification = await services.sandbox.notification(
    { id: paymentId, amountCents: found.payment.amount_cents, currency: found.order.currency },
    approve ? "approved" : "declined",
  );
  return services.payments.receive("sandbox", notification);
}
