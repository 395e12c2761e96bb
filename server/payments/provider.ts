// Payment providers (docs/payments.md, decision 0037). A provider takes a payment, answers
// where to send the shopper (its hosted page), and tells the shop what became of it in a
// signed server-to-server notification (POST /api/payments/{provider}/notifications). The shop
// never trusts the return address's query for the outcome: only a notification the provider
// verifies, for the order's amount and currency, decides a payment.
export interface PaymentRequest {
  id: string;
  amountCents: number;
  currency: string;
  orderNumber: string;
  /** Where the provider sends the shopper back: the checkout of the store. */
  returnPath: string;
}

/** What a verified notification says about one payment. */
export interface PaymentNotification {
  /** The provider's own id of the payment: a notification is applied once per id. */
  providerPaymentId: string;
  /** The shop's payment id, given to the provider at start as the reference. */
  paymentId: string;
  amountCents: number;
  /** ISO 4217, as the order's currency. */
  currency: string;
  outcome: "approved" | "declined";
}

/** Money back to a payment the provider approved: all of it or a part. */
export interface RefundRequest {
  /** The shop's id of the refund: the provider's idempotency key (the same id again is the same refund). */
  refundId: string;
  providerPaymentId: string;
  amountCents: number;
  currency: string;
}

/** The provider's answer: done, or accepted and settled later (its notification says when). */
export interface RefundAnswer {
  providerRefundId: string;
  status: "succeeded" | "pending";
}

/** A notification as it arrived: the raw body (signatures cover its exact bytes) and the headers. */
export interface RawNotification {
  body: string;
  headers: Headers;
}

export interface PaymentProvider {
  code: string;
  /** Registers the payment with the provider; answers the address of its payment page. */
  start(request: PaymentRequest): Promise<{ redirectUrl: string }>;
  /**
   * Checks a notification: its signature (in constant time) and its signing time (within the
   * window); answers what it says, or null when it is not authentic or not readable.
   */
  verifyNotification(notification: RawNotification): Promise<PaymentNotification | null>;
  /**
   * Refunds (a part of) an approved payment, idempotent by the refund id; throws when the
   * provider refuses or cannot be reached (the refund is asked again later).
   */
  refund(request: RefundRequest): Promise<RefundAnswer>;
}
