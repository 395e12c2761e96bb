// Purchase reports to the customer-relationship side (spec §1, §7 POST /api/voyado/payment;
// decision 0031): after a paid order, its member earns loyalty points and the engagement
// engine hears one `purchase` signal per product under the shopper's keys — only with the
// marketing consent of the time of purchase, at most once per order, retried on failure and
// never in the way of the success page.
//
// A report is a row of crm_reports (unique per order), written in the transaction that marks
// the order paid, or by the report request (the success page, an API client): whichever comes
// first; the others find it there. It is delivered from here like the mail outbox (decision
// 0005): claimed with FOR UPDATE SKIP LOCKED, every sink run in a savepoint of the claim's
// transaction and the report marked delivered in it — so the points and the signals commit
// together with "delivered", or not at all and the report is tried again after 1 s, 2 s, 4 s, …
// (at most an hour). Every process delivers: at once after its own writes, and by polling.
import type { SqlExecutor } from "../cart/repository.ts";
import type { Store } from "../catalog/reference.ts";
import { orderQueries, type OrderRow } from "../orders/repository.ts";
import type { Db } from "../db/client.ts";
import { backoff as backoffOf, createWorkLoop } from "../jobs/work-loop.ts";
import { addSignalOn } from "../engagement/repository.ts";
import { AppError } from "../errors.ts";
import type { Owner } from "../identity.ts";
import { loyaltyQueries } from "../loyalty/repository.ts";
import type { PurchaseContext } from "./context.ts";
import { crmQueries, type DueReport } from "./repository.ts";
import { timingSafeEqual } from "node:crypto";

/** One receiver of a purchase report, on the claim's transaction (a savepoint): it throws to have the report retried. */
export type CrmSink = (report: DueReport, q: SqlExecutor) => Promise<void>;

/** The loyalty programme: the order's member earns its points (none for a non-member; once per order). */
export const loyaltySink: CrmSink = async (report, q) => {
  await loyaltyQueries(q).awardPurchase(report.orderId);
};

/** The engagement engine: one purchase signal per product bought, under the shopper's keys (raising its popularity). */
export const engagementSink: CrmSink = async (report, q) => {
  const keys = { customerKey: report.customerKey, sessionKey: report.sessionKey };
  for (const productId of await crmQueries(q).productsOfOrder(report.orderId)) await addSignalOn(q, "purchase", productId, keys);
};

export const DEFAULT_SINKS: readonly CrmSink[] = [loyaltySink, engagementSink];

/** Orders that have been paid: processing (paid, not yet sent) and shipped. */
const PAID = new Set(["processing", "shipped"]);

/** What a writer needs: enqueue on its transaction, nudge after its commit. */
export interface CrmQueue {
  enqueue(q: SqlExecutor, orderId: number, context: PurchaseContext): Promise<boolean>;
  nudge(): void;
}

export interface CrmReportOptions {
  db: Db;
  sinks?: readonly CrmSink[];
  /** How often to look for due reports (0: only when nudged). */
  pollMs?: number;
  /** First retry delay; doubles per failure up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  log?: (error: unknown) => void;
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createCrmReports({
  db,
  sinks = DEFAULT_SINKS,
  pollMs = 2000,
  baseDelayMs = 1000,
  maxDelayMs = 60 * 60 * 1000,
  log = console.error,
}: CrmReportOptions) {
  const backoff = backoffOf(baseDelayMs, maxDelayMs);

  /** Claims, delivers and marks one due report; false when none is due (or all are claimed elsewhere). */
  async function deliverOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const q = crmQueries(tx);
      const report = await q.claimDue();
      if (!report) return false;
      try {
        // A savepoint: a failed sink undoes what the others wrote, and the claim's transaction lives on to record the failure.
        await tx.transaction(async (sp) => {
          for (const sink of sinks) await sink(report, sp);
        });
        await q.markDelivered(report.id);
      } catch (error) {
        await q.markFailed(report.id, backoff(report.attempts), error instanceof Error ? error.message : String(error));
        log(error);
      }
      return true;
    });
  }

  const loop = createWorkLoop({ step: deliverOne, pollMs, log });
  const { nudge } = loop;

  async function enqueue(q: SqlExecutor, orderId: number, context: PurchaseContext) {
    return crmQueries(q).enqueue(orderId, context);
  }

  /** Reports a paid order (no report without a context, i.e. without consent); nudges when one was written now. */
  async function reportOrder(order: OrderRow, context: PurchaseContext | null): Promise<boolean> {
    if (!PAID.has(order.status)) throw new AppError(404, "order_not_paid");
    if (!context) return false;
    if (await enqueue(db, order.id, context)) nudge();
    return true;
  }

  return {
    enqueue,
    nudge,
    /** Delivers what is due now (also when stopped): for tests and tools. */
    drain: loop.drain,

    /**
     * The success page's report of the order it shows (by its view token, which only the
     * shopper who placed it has): reported once, whatever reloads. Answers whether a report
     * exists now (false: no consent, nothing reported).
     */
    async reportByViewToken(store: Store, viewToken: string, context: PurchaseContext | null): Promise<boolean> {
      const order = await orderQueries(db).orderByViewToken(viewToken);
      if (!order || order.store_code !== store.code) throw new AppError(404, "order_not_found");
      return reportOrder(order, context);
    },

    /**
     * POST /api/voyado/payment: a paid order's report asked for by its own shopper — the
     * customer who placed it, or whoever holds its view token (the guest's success page). 404
     * for an unknown or unpaid order, 403 for someone else's.
     */
    async reportByNumber(
      store: Store,
      owner: Owner,
      orderNumber: string,
      viewToken: string | null,
      context: PurchaseContext | null,
    ): Promise<boolean> {
      const order = await crmQueries(db).orderByNumber(orderNumber);
      if (!order || order.store_code !== store.code) throw new AppError(404, "order_not_found");
      const own =
        (order.customer_id !== null && order.customer_id === owner.customerId) ||
        (viewToken !== null && sameSecret(viewToken, order.view_token));
      if (!own) throw new AppError(403, "order_not_yours");
      return reportOrder(order, context);
    },

    /** The report of an order, if it has one. */
    state: (orderId: number) => crmQueries(db).stateOf(orderId),

    start: loop.start,
    /** Stops delivering; resolves once a delivery in progress has finished. */
    stop: loop.stop,
  };
}

export type CrmReports = ReturnType<typeof createCrmReports>;
