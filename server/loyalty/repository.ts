// Loyalty programme queries (decision 0020), on the executor they are made with: the pool for
// reads, the caller's transaction for a join and the carts it fills in.
import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../cart/repository.ts";
import type { LoyaltyMemberRow } from "../db/schema.ts";

export type Member = Pick<LoyaltyMemberRow, "memberNumber" | "storeCode" | "joinedAt"> & { points: number };

const MEMBER_COLUMNS = sql`member_number AS "memberNumber", store_code AS "storeCode", joined_at AS "joinedAt",
  (SELECT COALESCE(sum(points), 0)::int FROM loyalty_points lp WHERE lp.member_id = loyalty_members.id) AS points`;

/** Decision 0031: a point per whole euro the order cost (after discounts and gift cards, shipping included). */
export const CENTS_PER_POINT = 100;

export function loyaltyQueries(q: SqlExecutor) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await q.execute(query)).rows as T[];

  return {
    async member(customerId: number): Promise<Member | undefined> {
      return (await rows<Member>(sql`SELECT ${MEMBER_COLUMNS} FROM loyalty_members WHERE customer_id = ${customerId}`))[0];
    },

    /** The next membership serial: the member number is made from it before the row is written. */
    async nextSerial(): Promise<number> {
      const [row] = await rows<{ id: string }>(sql`SELECT nextval(pg_get_serial_sequence('loyalty_members', 'id')) AS id`);
      return Number(row?.id);
    },

    /** Writes the membership unless the customer has one already (a join sent twice, or at once): true when written. */
    async insertMember(serial: number, customerId: number, memberNumber: string, storeCode: string, at: Date): Promise<boolean> {
      const result = await q.execute(sql`INSERT INTO loyalty_members (id, customer_id, member_number, store_code, joined_at)
        VALUES (${serial}, ${customerId}, ${memberNumber}, ${storeCode}, ${at.toISOString()})
        ON CONFLICT (customer_id) DO NOTHING`);
      return (result.rowCount ?? 0) > 0;
    },

    /** Writes a membership joined at a brand store's till, for an email with no account yet: true when written. */
    async insertInStoreMember(serial: number, email: string, memberNumber: string, storeCode: string, at: Date): Promise<boolean> {
      const result = await q.execute(sql`INSERT INTO loyalty_members (id, email, member_number, store_code, joined_at)
        VALUES (${serial}, ${email}, ${memberNumber}, ${storeCode}, ${at.toISOString()})
        ON CONFLICT (lower(email)) WHERE customer_id IS NULL DO NOTHING`);
      return (result.rowCount ?? 0) > 0;
    },

    async inStoreMemberNumber(email: string): Promise<string | undefined> {
      const [row] = await rows<{ number: string }>(sql`SELECT member_number AS number FROM loyalty_members
        WHERE customer_id IS NULL AND lower(email) = lower(${email})`);
      return row?.number;
    },

    /** Links the till membership of this email (any case) to a new account: true when there was one. */
    async linkInStoreMember(email: string, customerId: number): Promise<boolean> {
      const result = await q.execute(sql`UPDATE loyalty_members SET customer_id = ${customerId}
        WHERE customer_id IS NULL AND lower(email) = lower(${email})`);
      return (result.rowCount ?? 0) > 0;
    },

    /**
     * Fills the member number into the customer's open carts, and into the cart the request
     * carries if it is theirs or a guest cart they hold, where no number was offered or typed yet.
     */
    async prefillCarts(customerId: number, memberNumber: string, carriedCartId: string | null) {
      await q.execute(sql`UPDATE carts SET loyalty_card_number = ${memberNumber}, loyalty_card_prefilled = true
        WHERE status = 'active' AND loyalty_card_number IS NULL AND NOT loyalty_card_prefilled
          AND (customer_id = ${customerId} OR (id = ${carriedCartId} AND customer_id IS NULL))`);
    },

    /**
     * The points of a paid order for its member (decision 0031): the member whose number the
     * order carries, else the ordering customer's membership; none for a non-member. Once per
     * order (its primary key): true when earned now.
     */
    async awardPurchase(orderId: number): Promise<boolean> {
      const result = await q.execute(sql`INSERT INTO loyalty_points (order_id, member_id, points)
        SELECT o.id, m.id, o.grand_total_cents / ${CENTS_PER_POINT} FROM orders o
        JOIN loyalty_members m ON m.member_number = o.loyalty_card_number OR m.customer_id = o.customer_id
        WHERE o.id = ${orderId}
        ORDER BY (m.member_number = o.loyalty_card_number) DESC LIMIT 1
        ON CONFLICT (order_id) DO NOTHING`);
      return (result.rowCount ?? 0) > 0;
    },
  };
}
