// The sandbox provider's own book of refunds (decision 0037: what a real provider keeps on its
// side): one row per idempotency key, and never more back than the payment paid.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** The key space of the per-payment refund lock (pg_advisory_xact_lock(int, int)): an arbitrary constant. */
const SANDBOX_REFUND_LOCK = 41_360_002;

export interface SandboxRefund {
  id: string;
  amount_cents: number;
  currency: string;
  created_at: Date;
}

export function createSandboxLedger(db: Db, paidAmount: (providerPaymentId: string) => Promise<number | null>) {
  return {
    /**
     * Records a refund: "made", or "again" for an id it has (the same refund), "exceeds" when the
     * payment's refunds would pass what it paid, "unknown" for a payment it never approved.
     */
    async refund(r: { id: string; providerPaymentId: string; amountCents: number; currency: string }) {
      return db.transaction(async (tx) => {
        // One payment's refunds take turns: two at once must not both fit under what is left.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SANDBOX_REFUND_LOCK}, hashtext(${r.providerPaymentId}))`);
        const same = (await tx.execute(sql`SELECT amount_cents FROM sandbox_refunds WHERE id = ${r.id}`)).rows[0];
        if (same) return "again" as const;
        const paid = await paidAmount(r.providerPaymentId);
        if (paid === null) return "unknown" as const;
        const before = (
          await tx.execute(
            sql`SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM sandbox_refunds WHERE provider_payment_id = ${r.providerPaymentId}`,
          )
        ).rows[0] as { cents: number };
        if (before.cents + r.amountCents > paid) return "exceeds" as const;
        await tx.execute(sql`INSERT INTO sandbox_refunds (id, provider_payment_id, amount_cents, currency)
          VALUES (${r.id}, ${r.providerPaymentId}, ${r.amountCents}, ${r.currency})`);
        return "made" as const;
      });
    },

    async refundsOf(providerPaymentId: string): Promise<SandboxRefund[]> {
      return (
        await db.execute(sql`SELECT id, amount_cents, currency, created_at FROM sandbox_refunds
          WHERE provider_payment_id = ${providerPaymentId} ORDER BY created_at, id`)
      ).rows as unknown as SandboxRefund[];
    },
  };
}

export type SandboxLedger = ReturnType<typeof createSandboxLedger>;
