// Payment providers (issue: card payment through a provider interface). A provider takes a
// payment, answers where to send the shopper (its hosted page), and later tells what became
// of it; the shop never trusts the return address's query for the outcome.
export interface PaymentRequest {
  id: string;
  amountCents: number;
  currency: string;
  orderNumber: string;
  /** Where the provider sends the shopper back: the checkout of the store. */
  returnPath: string;
}

export interface PaymentProvider {
  code: string;
  /** Registers the payment with the provider; answers the address of its payment page. */
  start(request: PaymentRequest): Promise<{ redirectUrl: string }>;
}

/**
 * The built-in sandbox: its hosted page is served by this shop (server/payments/sandbox.ts)
 * and records the shopper's approve or decline in the payments table, as a real provider's
 * notification would.
 */
export const sandboxProvider: PaymentProvider = {
  code: "sandbox",
  async start(request) {
    const query = new URLSearchParams({ return: request.returnPath });
    return { redirectUrl: `/payments/sandbox/${encodeURIComponent(request.id)}?${query}` };
  },
};
