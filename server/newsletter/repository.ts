// Newsletter list queries (docs/decisions/0019). Addresses are unique in any case; each row
// has the key of its unsubscribe link. Every function runs on the executor it was made with.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AccountExecutor } from "../customers/repository.ts";
import { newsletterSubscribers } from "../db/schema.ts";

/** 256 random bits, URL-safe: the key of an unsubscribe link. */
export const newUnsubscribeToken = () => randomBytes(32).toString("base64url");
export const UNSUBSCRIBE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface Subscription {
  email: string;
  storeCode: string;
  token: string;
}

export function newsletterQueries(q: AccountExecutor) {
  return {
    /** True when the address was added (false: it was on the list already). */
    async subscribe(email: string, storeCode: string): Promise<boolean> {
      const inserted = await q
        .insert(newsletterSubscribers)
        .values({ email, storeCode, unsubscribeToken: newUnsubscribeToken() })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      return inserted.length > 0;
    },

    /** The address's subscription with its link key (made now for a row from before links existed). */
    async subscriptionOf(email: string): Promise<Subscription | undefined> {
      const result = await q.execute<{ email: string; store_code: string; unsubscribe_token: string }>(
        sql`UPDATE ${newsletterSubscribers} SET unsubscribe_token = coalesce(unsubscribe_token, ${newUnsubscribeToken()})
            WHERE lower(email) = lower(${email}) RETURNING email, store_code, unsubscribe_token`,
      );
      const row = result.rows[0];
      return row ? { email: row.email, storeCode: row.store_code, token: row.unsubscribe_token } : undefined;
    },

    async byToken(token: string): Promise<Subscription | undefined> {
      const result = await q.execute<{ email: string; store_code: string; unsubscribe_token: string }>(
        sql`SELECT email, store_code, unsubscribe_token FROM ${newsletterSubscribers} WHERE unsubscribe_token = ${token}`,
      );
      const row = result.rows[0];
      return row ? { email: row.email, storeCode: row.store_code, token: row.unsubscribe_token } : undefined;
    },

    /** Takes the address of a link off the list; undefined when the link is unknown (or used). */
    async deleteByToken(token: string): Promise<{ email: string } | undefined> {
      const result = await q.execute<{ email: string }>(
        sql`DELETE FROM ${newsletterSubscribers} WHERE unsubscribe_token = ${token} RETURNING email`,
      );
      return result.rows[0];
    },

    async deleteByEmail(email: string): Promise<boolean> {
      const result = await q.execute(sql`DELETE FROM ${newsletterSubscribers} WHERE lower(email) = lower(${email}) RETURNING id`);
      return result.rows.length > 0;
    },
  };
}
