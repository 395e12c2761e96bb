// A customer's own orders (spec §2 /account/orders, /account/order/{slug}): a page of them,
// newest first, and one of them as the order view shows and mails it. Only the owner's session
// reaches them; anyone else's order is not found, as if it did not exist.
import { toAmount } from "../../lib/money.ts";
import type { Store } from "../catalog/reference.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Owner } from "../identity.ts";
import { orderView } from "./order-view.ts";
import { orderQueries } from "./repository.ts";

export const ORDERS_PER_PAGE = 10;

export interface OrderSummary {
  order_number: string;
  status: string;
  created_at: string;
  grand_total: number;
  items: number;
}

function customerOf(owner: Owner): number {
  if (owner.customerId === null) throw new AppError(401, "not_logged_in");
  return owner.customerId;
}

export function createCustomerOrders(db: Db) {
  return {
    async list(owner: Owner, store: Store, page: number) {
      const customerId = customerOf(owner);
      const current = Number.isSafeInteger(page) && page > 0 ? page : 1;
      const rows = await orderQueries(db).customerOrders(customerId, store.code, ORDERS_PER_PAGE, (current - 1) * ORDERS_PER_PAGE);
      const total = rows[0]?.total ?? 0;
      const items: OrderSummary[] = rows.map((r) => ({
        order_number: r.order_number,
        status: r.status,
        created_at: new Date(r.created_at).toISOString(),
        grand_total: toAmount(r.grand_total_cents),
        items: r.units,
      }));
      return { items, page_info: { current_page: current, total_pages: Math.max(1, Math.ceil(total / ORDERS_PER_PAGE)) } };
    },

    async one(owner: Owner, store: Store, orderNumber: string) {
      const customerId = customerOf(owner);
      const q = orderQueries(db);
      const row = await q.customerOrder(customerId, store.code, orderNumber);
      if (!row) throw new AppError(404, "not_found");
      return orderView(q, row);
    },
  };
}

export type CustomerOrders = ReturnType<typeof createCustomerOrders>;
