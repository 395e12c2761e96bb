// The shop's card payment providers (decision 0037, docs/payments.md): which are on (the
// PAYMENT_PROVIDERS setting), which takes new card payments, and the one way an outcome
// reaches a payment: a provider's notification, verified by that provider, then applied by
// the checkout (amount and currency against the order, once per provider payment id).
import type { PaymentRow } from "../orders/repository.ts";
import { AppError } from "../errors.ts";
import type { PaymentNotification, PaymentProvider, RawNotification } from "./provider.ts";

export interface PaymentServiceDeps {
  /** The providers on, the first for new card payments; none: card payment is not offered. */
  providers: readonly PaymentProvider[];
  apply: (provider: string, notification: PaymentNotification) => Promise<{ status: PaymentRow["status"]; applied: boolean }>;
}

export function createPaymentService({ providers, apply }: PaymentServiceDeps) {
  const byCode = new Map(providers.map((p) => [p.code, p]));
  return {
    /** The provider new card payments go to; null: card payment is not offered. */
    card: providers[0] ?? null,

    /**
     * A provider's notification as it arrived: 404 for a provider that is not on, 401
     * payment_notification_unverified when the provider does not verify it (signature, time),
     * then as the checkout applies it.
     */
    async receive(code: string, notification: RawNotification) {
      const provider = byCode.get(code);
      if (!provider) throw new AppError(404, "not_found");
      const verified = await provider.verifyNotification(notification);
      if (!verified) throw new AppError(401, "payment_notification_unverified");
      return apply(provider.code, verified);
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
