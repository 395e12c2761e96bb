// Purchase report queries (decision 0031), on the executor they are made with: a report is
// written by the transaction that marks its order paid (or by the report request), and claimed
// by one deliverer at a time with FOR UPDATE SKIP LOCKED, like the mail outbox.
import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../cart/repository.ts";
import type { OrderRow } from "../orders/repository.ts";
import type { PurchaseContext } from "./context.ts";

export interface DueReport {
  id: number;
  orderId: number;
  market: string;
  locale: string;
  touchpoint: string;
  customerKey: string | null;
  sessionKey: string | null;
  attempts: number;
}

export interface ReportState {
  attempts: number;
  lastError: string | null;
  deliveredAt: Date | null;
}

export function crmQueries(q: SqlExecutor) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await q.execute(query)).rows as T[];
  return {
    /** Writes the order's report unless it has one (at most once per order): true when written now. */
    async enqueue(orderId: number, context: PurchaseContext): Promise<boolean> {
      const result = await q.execute(sql`INSERT INTO crm_reports (order_id, market, locale, touchpoint, customer_key, session_key)
        VALUES (${orderId}, ${context.market}, ${context.locale}, ${context.touchpoint}, ${context.customerKey}, ${context.sessionKey})
        ON CONFLICT (order_id) DO NOTHING`);
      return (result.rowCount ?? 0) > 0;
    },

    /** The oldest report due, locked for this transaction; one another deliverer holds is skipped. */
    async claimDue(): Promise<DueReport | undefined> {
      return (
        await rows<DueReport>(sql`SELECT id, order_id AS "orderId", market, locale, touchpoint, customer_key AS "customerKey",
          session_key AS "sessionKey", attempts
        FROM crm_reports WHERE delivered_at IS NULL AND next_at <= now()
        ORDER BY next_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`)
      )[0];
    },

    markDelivered: (id: number) =>
      q.execute(sql`UPDATE crm_reports SET delivered_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ${id}`),

    markFailed: (id: number, delayMs: number, error: string) =>
      q.execute(sql`UPDATE crm_reports SET attempts = attempts + 1, last_error = ${error.slice(0, 1000)},
        next_at = now() + make_interval(secs => ${delayMs / 1000}) WHERE id = ${id}`),

    async orderByNumber(orderNumber: string): Promise<OrderRow | undefined> {
      return (await rows<OrderRow>(sql`SELECT * FROM orders WHERE order_number = ${orderNumber}`))[0];
    },

    /** The report of an order, if it has one (tests, the operator's questions). */
    async stateOf(orderId: number): Promise<ReportState | undefined> {
      const [row] = await rows<{ attempts: number; lastError: string | null; deliveredAt: string | null }>(sql`SELECT attempts,
        last_error AS "lastError", delivered_at AS "deliveredAt" FROM crm_reports WHERE order_id = ${orderId}`);
      return row && { ...row, deliveredAt: row.deliveredAt === null ? null : new Date(row.deliveredAt) };
    },

    /** The distinct products an order bought (an order line names a variant, or the product's own sku). */
    async productsOfOrder(orderId: number): Promise<number[]> {
      const found = await rows<{ id: number }>(sql`SELECT DISTINCT COALESCE(v.product_id, p.id) AS id
        FROM order_items oi
        LEFT JOIN variants v ON v.id = oi.variant_id
        LEFT JOIN products p ON p.sku = oi.sku
        WHERE oi.order_id = ${orderId} AND COALESCE(v.product_id, p.id) IS NOT NULL
        ORDER BY 1`);
      return found.map((r) => Number(r.id));
    },
  };
}

export type CrmQueries = ReturnType<typeof crmQueries>;
