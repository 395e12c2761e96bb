// The operators' view of orders (the operator API now, the console later): pages of orders
// found by status, email, number and date, and one order whole, with its history's details
// (who, and what a change concerned) and its payments.
import { toAmount } from "../../lib/money.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type OrderView, orderView } from "./order-view.ts";
import { type OrderQueries, type OrderRow, orderQueries } from "./repository.ts";
import type { OrderStatus } from "./transitions.ts";

export const DESK_PAGE_MAX = 200;

export interface OrderFilters {
  status?: OrderStatus;
  email?: string;
  number?: string;
  /** ISO 8601: placed at or after. */
  from?: string;
  /** ISO 8601: placed before. */
  to?: string;
  /** The page's cursor: next_cursor of the page before. */
  cursor?: string;
  limit?: number;
}

export interface DeskOrder extends OrderView {
  store_code: string;
  customer_id: number | null;
  history: (OrderView["history"][number] & { details: Record<string, unknown> })[];
  payments: { id: string; provider: string; status: string; amount: number; provider_payment_id: string | null }[];
}

const dateOf = (value: string | undefined, field: string) => {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new AppError(400, "invalid_input", { params: { rule: "format" }, field });
  return date;
};

/** The order whole, as operators and the order events see it. */
export async function wholeOrder(q: OrderQueries, order: OrderRow): Promise<DeskOrder> {
  const view = await orderView(q, order);
  const history = await q.history(order.id);
  const payments = await q.paymentsOf(order.id);
  return {
    ...view,
    store_code: order.store_code,
    customer_id: order.customer_id,
    history: history.map((h) => ({
      event: h.event,
      actor: h.actor,
      status: h.to_status,
      at: new Date(h.created_at).toISOString(),
      details: h.details,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      status: p.status,
      amount: toAmount(p.amount_cents),
      provider_payment_id: p.provider_payment_id,
    })),
  };
}

export function createOrderDesk(db: Db) {
  return {
    async search(filters: OrderFilters) {
      const limit = Math.min(DESK_PAGE_MAX, Math.max(1, filters.limit ?? 50));
      const before = filters.cursor === undefined ? undefined : Number(filters.cursor);
      if (before !== undefined && !(Number.isSafeInteger(before) && before > 0))
        throw new AppError(400, "invalid_input", { params: { rule: "format" }, field: "cursor" });
      const rows = await orderQueries(db).searchOrders({
        status: filters.status,
        email: filters.email?.trim() || undefined,
        number: filters.number?.trim().toUpperCase() || undefined,
        from: dateOf(filters.from, "from"),
        to: dateOf(filters.to, "to"),
        before,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      return {
        items: page.map((o) => ({
          order_number: o.order_number,
          store_code: o.store_code,
          status: o.status,
          email: o.email,
          customer_id: o.customer_id,
          grand_total: toAmount(o.grand_total_cents),
          currency: o.currency,
          created_at: new Date(o.created_at).toISOString(),
        })),
        next_cursor: rows.length > limit ? String(page[page.length - 1]?.id) : null,
      };
    },

    async one(orderNumber: string): Promise<DeskOrder> {
      const q = orderQueries(db);
      const order = await q.orderByNumber(orderNumber);
      if (!order) throw new AppError(404, "not_found");
      return wholeOrder(q, order);
    },
  };
}

export type OrderDesk = ReturnType<typeof createOrderDesk>;
