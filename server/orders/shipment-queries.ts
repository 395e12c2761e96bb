// Shipment queries (decision 0020), on the caller's transaction: the order's parcels, part of
// the order's tables (the order's status follows through transitions.ts).
import { sql } from "drizzle-orm";
import type { Carrier } from "../../lib/tracking.ts";
import type { SqlExecutor } from "../cart/repository.ts";
import type { OrderRow } from "./repository.ts";

interface Shipment {
  shipment_number: string;
  carrier: Carrier;
  tracking_number: string;
  shipped_at: Date;
}

const COLUMNS = sql`shipment_number, carrier, tracking_number, shipped_at`;

export function shipmentQueries(q: SqlExecutor) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await q.execute(query)).rows as T[];
  const first = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0];

  return {
    lockOrder: (orderNumber: string) =>
      first<Pick<OrderRow, "id" | "order_number" | "status">>(
        sql`SELECT id, order_number, status FROM orders WHERE order_number = ${orderNumber} FOR UPDATE`,
      ),

    find: (orderId: number, carrier: Carrier, trackingNumber: string) =>
      first<Shipment>(sql`SELECT ${COLUMNS} FROM order_shipments
        WHERE order_id = ${orderId} AND carrier = ${carrier} AND tracking_number = ${trackingNumber}`),

    count: async (orderId: number) =>
      (await first<{ n: number }>(sql`SELECT count(*)::int AS n FROM order_shipments WHERE order_id = ${orderId}`))?.n ?? 0,

    insert: async (orderId: number, shipmentNumber: string, carrier: Carrier, trackingNumber: string, shippedAt: Date) =>
      (await first<Shipment>(sql`INSERT INTO order_shipments (order_id, shipment_number, carrier, tracking_number, shipped_at)
        VALUES (${orderId}, ${shipmentNumber}, ${carrier}, ${trackingNumber}, ${shippedAt.toISOString()})
        RETURNING ${COLUMNS}`)) as Shipment,

    /** A shipment with what its mail needs of the order. */
    withOrder: (shipmentNumber: string) =>
      first<Shipment & Pick<OrderRow, "order_number" | "store_code" | "email" | "shipping_address">>(sql`
        SELECT s.shipment_number, s.carrier, s.tracking_number, s.shipped_at, o.order_number, o.store_code, o.email, o.shipping_address
          FROM order_shipments s JOIN orders o ON o.id = s.order_id WHERE s.shipment_number = ${shipmentNumber}`),
  };
}
