// Form submission queries (docs/decisions/0028). Every function runs on the executor it was
// made with: the insert on the transaction that also writes the submission's mails.
import { eq } from "drizzle-orm";
import type { AccountExecutor } from "../customers/repository.ts";
import { formSubmissions, type FormSubmissionRow, type NewFormSubmission } from "../db/schema.ts";

export function formQueries(q: AccountExecutor) {
  return {
    async insert(row: NewFormSubmission): Promise<FormSubmissionRow> {
      const [inserted] = await q.insert(formSubmissions).values(row).returning();
      if (!inserted) throw new Error("form submission not stored");
      return inserted;
    },
    async byId(id: number): Promise<FormSubmissionRow | undefined> {
      const [row] = await q.select().from(formSubmissions).where(eq(formSubmissions.id, id));
      return row;
    },
  };
}
