// The loyalty programme (spec §1 "a loyalty-style customer programme", decision 0020): a
// logged-in customer joins once and gets a member number with a check digit (lib/loyalty.ts);
// joining again answers the same membership. The number is filled in, once, on the member's
// carts (the cart's loyalty card number, spec §3), which the shopper can still clear. Guests
// have no membership: 401, as every customer-only method.
import { type LoyaltyBenefit, benefitsOf, memberNumber } from "../../lib/loyalty.ts";
import type { Store } from "../catalog/service.ts";
import type { Db } from "../db/client.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import { email as emailRule } from "../../lib/validation.ts";
import { AppError, badInput } from "../errors.ts";
import type { Owner } from "../identity.ts";
import { customerQueries } from "../customers/repository.ts";
import { loyaltyQueries, type Member } from "./repository.ts";

export interface Membership {
  member_number: string;
  joined_at: string;
  /** The store the customer joined in. */
  store_code: string;
  /** Points earned with paid orders (decision 0031): a point per whole euro. */
  points: number;
}

export interface LoyaltyView {
  membership: Membership | null;
  /** What membership gives in this store (worded by the message catalogue). */
  benefits: readonly LoyaltyBenefit[];
}

const view = (m: Member): Membership => ({
  member_number: m.memberNumber,
  joined_at: new Date(m.joinedAt).toISOString(),
  store_code: m.storeCode,
  points: Number(m.points),
});

function customerOf(owner: Owner): number {
  if (owner.customerId === null) throw new AppError(401, "not_logged_in");
  return owner.customerId;
}

export function createLoyaltyService({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
  return {
    /** The customer's membership (null before joining) and the store's benefits. */
    async membership(owner: Owner, store: Store): Promise<LoyaltyView> {
      const member = await loyaltyQueries(db).member(customerOf(owner));
      return { membership: member ? view(member) : null, benefits: benefitsOf(store.code) };
    },

    /**
     * Joins the programme (once: a second join answers the first membership, `joined` false) and
     * fills the number into the customer's carts and the cart the request carries (`cartId`).
     */
    async join(owner: Owner, store: Store, cartId: string | null): Promise<LoyaltyView & { membership: Membership; joined: boolean }> {
      const customerId = customerOf(owner);
      return db.transaction(async (tx) => {
        const q = loyaltyQueries(tx);
        const existing = await q.member(customerId);
        let joined = false;
        if (!existing) {
          const serial = await q.nextSerial();
          joined = await q.insertMember(serial, customerId, memberNumber(serial), store.code, new Date(clock()));
        }
        const member = existing ?? (await q.member(customerId));
        if (!member) throw new Error("The membership was neither found nor written");
        await q.prefillCarts(customerId, member.memberNumber, cartId);
        return { membership: view(member), joined, benefits: benefitsOf(store.code) };
      });
    },

    /**
     * A membership joined at a brand store's till (decision 0072): by email, before the member
     * has an account. The same email again answers its membership (`joined` false); an email
     * that has an account joins online instead (409 loyalty_email_has_account).
     */
    async enrolInStore(email: string, storeCode: string): Promise<{ member_number: string; joined: boolean }> {
      const problem = emailRule(email);
      if (problem) throw badInput("email", inputProblem(problem));
      const address = email.trim();
      return db.transaction(async (tx) => {
        const q = loyaltyQueries(tx);
        if (await customerQueries(tx).customerByEmail(address)) throw new AppError(409, "loyalty_email_has_account", { field: "email" });
        const serial = await q.nextSerial();
        const joined = await q.insertInStoreMember(serial, address, memberNumber(serial), storeCode, new Date(clock()));
        const number = joined ? memberNumber(serial) : await q.inStoreMemberNumber(address);
        if (!number) throw new Error("The till membership was neither found nor written");
        return { member_number: number, joined };
      });
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
