// A logged-in customer's own details (spec §2 /account/edit/user-info; decision 0018): names,
// email, telephone and birthday. The owner is required on every method; a guest is 401.
// Changing the email asks for the current password (the address is the login), and an address
// another account has is the spec's duplicate message. A form sent unchanged changes nothing
// and says so (spec §8 'No changes have been made').
import { and, eq, ne, sql } from "drizzle-orm";
import { type DetailsInput, detailsProblems } from "../../lib/customer-details.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import { dottedDate, fromIsoDate, isoDate, parseDottedDate, today } from "../../lib/validation.ts";
import type { Db } from "../db/client.ts";
import { customers, newsletterSubscribers } from "../db/schema.ts";
import { AppError, badInput } from "../errors.ts";
import type { Owner } from "../identity.ts";
import { verifyPassword } from "./passwords.ts";
import type { AccountExecutor } from "./repository.ts";

/** The details as the account shows them: the birthday as the form writes it (dd.MM.yyyy). */
export interface CustomerDetails {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  telephone: string | null;
  birthday: string | null;
}

export interface DetailsChange extends Partial<DetailsInput> {
  firstname: string;
  lastname: string;
  email: string;
  /** Needed only when the email changes. */
  currentPassword?: string;
}

/** The customer a method acts for; a guest is refused. */
export function customerIdOf(owner: Owner): number {
  if (owner.customerId === null) throw new AppError(401, "not_logged_in");
  return owner.customerId;
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

function profileQueries(q: AccountExecutor) {
  return {
    async details(customerId: number) {
      const [row] = await q
        .select({
          id: customers.id,
          email: customers.email,
          firstname: customers.firstname,
          lastname: customers.lastname,
          telephone: customers.telephone,
          birthday: customers.birthday,
          passwordHash: customers.passwordHash,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row;
    },
    async emailTakenByOther(customerId: number, email: string) {
      const rows = await q
        .select({ id: customers.id })
        .from(customers)
        .where(and(ne(customers.id, customerId), sql`lower(${customers.email}) = lower(${email})`))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export function createProfileService({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
  async function current(customerId: number) {
    const row = await profileQueries(db).details(customerId);
    // A session of a removed customer: as good as logged out.
    if (!row) throw new AppError(401, "not_logged_in");
    return row;
  }

  const view = (row: Awaited<ReturnType<typeof current>>): CustomerDetails => ({
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    telephone: row.telephone,
    birthday: row.birthday ? dottedDate(fromIsoDate(row.birthday)) : null,
  });

  return {
    async details(owner: Owner): Promise<CustomerDetails> {
      return view(await current(customerIdOf(owner)));
    },

    /**
     * Saves the details (spec §5 rules, the first problem as 400 at its field). Answers the
     * details as saved and whether anything changed; nothing is written when nothing did.
     */
    async updateDetails(owner: Owner, input: DetailsChange): Promise<{ details: CustomerDetails; changed: boolean }> {
      const customerId = customerIdOf(owner);
      const fields: DetailsInput = {
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        telephone: input.telephone ?? "",
        birthday: input.birthday ?? "",
      };
      const [problem] = detailsProblems(fields, today(clock()));
      if (problem) throw badInput(problem.field, inputProblem(problem.problem));
      const born = parseDottedDate(fields.birthday);
      const next = {
        firstname: fields.firstname.trim(),
        lastname: fields.lastname.trim(),
        email: fields.email.trim(),
        telephone: fields.telephone.trim() || null,
        birthday: born ? isoDate(born) : null,
      };
      const before = await current(customerId);
      const emailChanges = next.email !== before.email;
      const changed =
        emailChanges ||
        next.firstname !== before.firstname ||
        next.lastname !== before.lastname ||
        next.telephone !== before.telephone ||
        next.birthday !== before.birthday;
      if (!changed) return { details: view(before), changed: false };

      if (emailChanges) {
        // The address is the login: only its owner's password moves it.
        const password = input.currentPassword ?? "";
        if (password === "") throw badInput("currentPassword", { rule: "required" });
        if (!(await verifyPassword(password, before.passwordHash)))
          throw new AppError(400, "current_password_wrong", { field: "currentPassword" });
      }
      try {
        await db.transaction(async (tx) => {
          const q = profileQueries(tx);
          if (emailChanges && (await q.emailTakenByOther(customerId, next.email)))
            throw new AppError(409, "email_taken", { field: "email" });
          await tx
            .update(customers)
            .set({ ...next, updatedAt: new Date(clock()) })
            .where(eq(customers.id, customerId));
          // The newsletter follows the address it was subscribed with, unless the new one is on the list already.
          if (emailChanges)
            await tx
              .update(newsletterSubscribers)
              .set({ email: next.email })
              .where(
                and(
                  sql`lower(${newsletterSubscribers.email}) = lower(${before.email})`,
                  sql`NOT EXISTS (SELECT 1 FROM ${newsletterSubscribers} n2 WHERE lower(n2.email) = lower(${next.email}))`,
                ),
              );
        });
      } catch (error) {
        // Two accounts taking one address at once: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError(409, "email_taken", { field: "email" });
        throw error;
      }
      return { details: view(await current(customerId)), changed: true };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
