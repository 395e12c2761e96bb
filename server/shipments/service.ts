// Shipments of orders (spec §3 order display: shipment number, tracking number, tracking links
// of two carriers; decision 0020). The warehouse reports each parcel that leaves through the
// operator API (or `npm run ship`, which calls it): the order becomes shipped, and the shopper
// gets a mail with the tracking link, written to the outbox in the same transaction. The same
// carrier and tracking number reported again for an order is the same shipment (a retried
// report sends no second mail). Only orders being processed, or shipped already, can ship.
import { normalizeTrackingNumber, type Carrier } from "../../lib/tracking.ts";
import type { SqlExecutor } from "../cart/repository.ts";
import type { Store } from "../catalog/service.ts";
import type { Db } from "../db/client.ts";
import { AppError, badInput } from "../errors.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { MailQueue } from "../mail/outbox.ts";
import { renderShipmentMail } from "../mail/templates/shipment.ts";
import type { Orders } from "../orders/service.ts";
import { shipmentQueries } from "../orders/shipment-queries.ts";

/** The outbox kind of the shipment notice. */
export const SHIPMENT_NOTICE = "shipment_notice";

export interface ShipmentInput {
  carrier: Carrier;
  tracking_number: string;
  /** When it left; now when not told. */
  shipped_at?: string;
}

export interface ShipmentView {
  order_number: string;
  shipment_number: string;
  carrier: Carrier;
  tracking_number: string;
  shipped_at: string;
}

/** At most this far ahead of the shop's clock may a report date a departure (clocks differ a little). */
const FUTURE_SLACK_MS = 5 * 60 * 1000;

export function createShipmentService({
  db,
  mail,
  orders,
  storeByCode,
  publicUrl,
  clock = Date.now,
}: {
  db: Db;
  mail: MailQueue;
  /** The order's home: a parcel that leaves ships the order there. */
  orders: Orders;
  storeByCode: (code: string) => Promise<Store | undefined>;
  /** The store's public origin for links in mail (configured, never a request's Host). */
  publicUrl: (storeCode: string) => string;
  clock?: () => number;
}) {
  return {
    /** Records a parcel of the order (201 `created`), or answers the one reported before. */
    async ship(orderNumber: string, input: ShipmentInput): Promise<{ shipment: ShipmentView; created: boolean }> {
      const trackingNumber = normalizeTrackingNumber(input.tracking_number);
      if (!trackingNumber) throw badInput("tracking_number", { rule: "trackingNumber" });
      const now = clock();
      let shippedAt = new Date(now);
      if (input.shipped_at !== undefined) {
        shippedAt = new Date(input.shipped_at);
        // A date that cannot be read, or one in the future: the report is wrong.
        if (Number.isNaN(shippedAt.getTime()) || shippedAt.getTime() > now + FUTURE_SLACK_MS)
          throw badInput("shipped_at", { rule: "format" });
      }
      const result = await db.transaction(async (tx) => {
        const q = shipmentQueries(tx);
        // Locked: two reports for one order number their parcels one after the other.
        const order = await q.lockOrder(orderNumber);
        if (!order) throw new AppError(404, "not_found");
        const existing = await q.find(order.id, input.carrier, trackingNumber);
        if (existing) return { shipment: { order_number: order.order_number, ...existing }, created: false };
        if (order.status !== "processing" && order.status !== "shipped")
          throw new AppError(409, "order_not_shippable", { params: { status: order.status } });
        const shipmentNumber = `${order.order_number}-${(await q.count(order.id)) + 1}`;
        const row = await q.insert(order.id, shipmentNumber, input.carrier, trackingNumber, shippedAt);
        await orders.transition(tx, order.id, "ship", "operator", { shipment: shipmentNumber });
        await mail.enqueue(tx, SHIPMENT_NOTICE, { shipmentNumber });
        return { shipment: { order_number: order.order_number, ...row }, created: true };
      });
      if (result.created) mail.nudge();
      return {
        created: result.created,
        shipment: { ...result.shipment, shipped_at: new Date(result.shipment.shipped_at).toISOString() },
      };
    },

    /** The shipment notice, rendered when the outbox sends it (null: the order or its store is gone). */
    async noticeMail(payload: Record<string, unknown>, q: SqlExecutor): Promise<MailMessage | null> {
      const found = await shipmentQueries(q).withOrder(String(payload.shipmentNumber));
      const store = found ? await storeByCode(found.store_code) : undefined;
      if (!found || !store) return null;
      return renderShipmentMail({
        locale: store.locale,
        to: found.email,
        firstname: found.shipping_address.firstname ?? "",
        orderNumber: found.order_number,
        shipment: found,
        shopUrl: publicUrl(store.code),
      });
    },
  };
}

export type ShipmentService = ReturnType<typeof createShipmentService>;
