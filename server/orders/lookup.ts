// A guest's way to their order (decision 0081): its number, the email it was placed with and
// the postcode it was sent to, all three, in the store it was placed in. Rate-limited per client
// address, and every miss is the same answer (404 order_lookup_failed), whichever part was wrong,
// so the lookup tells nothing about orders it does not open. A match answers a pass: the order's
// id and an expiry, signed with a key kept in the database (valid in every process), which opens
// that one order for an hour (the page keeps it in an HttpOnly cookie).
import { createHmac, timingSafeEqual } from "node:crypto";
import { ORDER_PASS_SECONDS } from "../../lib/cookies.ts";
import type { Store } from "../catalog/reference.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { RateLimits } from "../rate-limits/service.ts";
import { type OrderView, orderView } from "./order-view.ts";
import { type OrderRow, orderQueries } from "./repository.ts";
import type { Orders } from "./service.ts";

export interface LookupInput {
  order_number: string;
  email: string;
  postcode: string;
}

const lookupFailed = () => new AppError(404, "order_lookup_failed");
const compact = (s: string) => s.replace(/\s+/g, "").toUpperCase();

export function createOrderLookup({
  db,
  orders,
  limits,
  key,
  clock = Date.now,
}: {
  db: Db;
  orders: Pick<Orders, "cancelAsShopper">;
  limits: RateLimits;
  /** The pass's signing key. */
  key: () => Promise<string>;
  clock?: () => number;
}) {
  const sign = async (payload: string) =>
    createHmac("sha256", await key())
      .update(payload)
      .digest("base64url");

  /** The order a pass opens, in the store; null for a pass that is forged, expired or for another order. */
  async function opened(store: Store, pass: string | null | undefined, orderNumber: string): Promise<OrderRow | null> {
    const [id, expires, mac] = (pass ?? "").split(".");
    if (!id || !expires || !mac || Number(expires) * 1000 < clock()) return null;
    const expected = Buffer.from(await sign(`${id}.${expires}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const order = await orderQueries(db).orderById(Number(id));
    return order && order.store_code === store.code && order.order_number === orderNumber ? order : null;
  }

  /** The order a pass opens, as its page shows it; 404 order_lookup_failed without a valid pass. */
  async function view(store: Store, pass: string | null | undefined, orderNumber: string): Promise<OrderView> {
    const order = await opened(store, pass, orderNumber);
    if (!order) throw lookupFailed();
    return orderView(orderQueries(db), order);
  }

  return {
    opened,
    view,

    /** The order the three facts name, and its pass; 404 order_lookup_failed for any miss, 429 past the limit. */
    async find(store: Store, input: LookupInput, clientAddress: string | null): Promise<{ order: OrderView; pass: string }> {
      await limits.take(["orderLookupsPerAddress", clientAddress]);
      const q = orderQueries(db);
      const order = await q.orderByNumber(compact(input.order_number));
      const postcodes = order
        ? [order.shipping_address.postcode, order.billing_address.postcode].filter(Boolean).map((p) => compact(String(p)))
        : [];
      const matches =
        order !== undefined &&
        order.store_code === store.code &&
        order.email.trim().toLowerCase() === input.email.trim().toLowerCase() &&
        postcodes.includes(compact(input.postcode));
      if (!matches) throw lookupFailed();
      const expires = Math.floor(clock() / 1000) + ORDER_PASS_SECONDS;
      return { order: await orderView(q, order), pass: `${order.id}.${expires}.${await sign(`${order.id}.${expires}`)}` };
    },

    /** The guest cancels the order their pass opens (as a customer would from My account). */
    async cancel(store: Store, pass: string | null | undefined, orderNumber: string): Promise<OrderView> {
      const order = await opened(store, pass, orderNumber);
      if (!order) throw lookupFailed();
      await orders.cancelAsShopper(order.id, { via: "order_lookup" });
      return view(store, pass, orderNumber);
    },
  };
}

export type OrderLookup = ReturnType<typeof createOrderLookup>;
