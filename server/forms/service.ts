// The CMS forms (issue 13, docs/decisions/0028): the Contact form (with an optional GIF, JPG or
// PNG image) and the accessibility statement's feedback. A submission is checked whole (the
// fields by the rules the browser also applies, the image by its bytes), then the check against
// bots, then stored — image file first, then the row and its two mails (to customer service,
// and a receipt to the sender) in one transaction. A failure leaves nothing behind: no row, no
// mail, no file.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type FormKind, formProblems, formValues, IMAGE_FIELD, IMAGE_TYPES, megabytes } from "../../lib/cms-forms.ts";
import type { LocaleCode } from "../../lib/locales.ts";
import type { Store } from "../catalog/service.ts";
import type { AccountExecutor } from "../customers/repository.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { MailQueue } from "../mail/outbox.ts";
import { renderReceiptMail, renderSubmissionMail } from "../mail/templates/form-mails.ts";
import { checkImage } from "./attachment.ts";
import { formQueries } from "./repository.ts";

/** Outbox kinds: the submission to customer service, the receipt to its sender. */
export const FORM_TO_CUSTOMER_SERVICE = "form_customer_service";
export const FORM_RECEIPT = "form_receipt";

/** Room for the text fields and the multipart framing beside the largest image. */
const TEXT_ALLOWANCE_BYTES = 64 * 1024;

export interface FormServiceOptions {
  db: Db;
  mail: MailQueue;
  /** Where images are kept (DATA_DIR/forms). */
  dir: string;
  attachmentMaxMb: number;
  customerServiceEmail: string;
  storeLocale: (storeCode: string) => Promise<LocaleCode | undefined>;
}

export function createFormService({ db, mail, dir, attachmentMaxMb, customerServiceEmail, storeLocale }: FormServiceOptions) {
  const localeOf = async (storeCode: string) => (await storeLocale(storeCode)) ?? "en";

  return {
    /** The largest image, in megabytes (the pages say it; the browser checks it before sending). */
    attachmentMaxMb,
    /** The largest request body a form may send: bounded before anything is parsed. */
    maxRequestBytes: megabytes(attachmentMaxMb) + TEXT_ALLOWANCE_BYTES,

    /**
     * Stores a sent form and queues its mails. `verifyBot` is the check against bots the caller
     * asks for (the API always wants an answer; a page without JavaScript has its fallback): it
     * runs once the form itself is fine, so a mistyped field does not spend an answer.
     */
    async submit(store: Store, kind: FormKind, form: FormData, verifyBot: () => Promise<void>): Promise<{ id: number }> {
      const sent = formValues(kind, form);
      const [problem] = formProblems(sent);
      if (problem) throw new AppError(400, "invalid_input", { params: problem.error.params as never, field: problem.field });
      const image = kind === "contact" ? await checkImage(form.get(IMAGE_FIELD), attachmentMaxMb) : null;
      await verifyBot();

      const values = sent.values as Partial<Record<"name" | "email" | "phone" | "subject" | "message" | "pageUrl", string>>;
      const clean = (value: string | undefined) => (value?.trim() ? value.trim() : null);
      let key: string | null = null;
      if (image) {
        key = `${randomBytes(16).toString("hex")}${IMAGE_TYPES[image.type][0]}`;
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(path.join(dir, key), image.bytes, { flag: "wx" });
      }
      try {
        const row = await db.transaction(async (tx) => {
          const inserted = await formQueries(tx).insert({
            kind,
            storeCode: store.code,
            name: clean(values.name),
            email: clean(values.email),
            phone: clean(values.phone),
            subject: clean(values.subject),
            message: values.message?.trim() ?? "",
            pageUrl: clean(values.pageUrl),
            attachmentKey: key,
            attachmentName: image?.filename ?? null,
            attachmentType: image?.type ?? null,
            attachmentBytes: image?.bytes.length ?? null,
          });
          await mail.enqueue(tx, FORM_TO_CUSTOMER_SERVICE, { id: inserted.id });
          if (inserted.email) await mail.enqueue(tx, FORM_RECEIPT, { id: inserted.id });
          return inserted;
        });
        mail.nudge();
        return { id: row.id };
      } catch (error) {
        if (key) await fs.rm(path.join(dir, key), { force: true });
        throw error;
      }
    },

    /** Outbox renderers: built at send time from the stored submission. */
    mails: {
      async [FORM_TO_CUSTOMER_SERVICE](payload: Record<string, unknown>, q: AccountExecutor): Promise<MailMessage | null> {
        const submission = await formQueries(q).byId(Number(payload.id));
        if (!submission) return null;
        const file = submission.attachmentKey ? path.join(dir, submission.attachmentKey) : null;
        // An image removed from the disk meanwhile does not hold the message back.
        const present = file
          ? await fs.stat(file).then(
              () => true,
              () => false,
            )
          : false;
        return renderSubmissionMail({
          locale: await localeOf(submission.storeCode),
          to: customerServiceEmail,
          submission,
          store: submission.storeCode,
          attachment:
            file && present
              ? {
                  path: file,
                  filename: submission.attachmentName ?? "image",
                  contentType: submission.attachmentType ?? "application/octet-stream",
                }
              : null,
        });
      },
      async [FORM_RECEIPT](payload: Record<string, unknown>, q: AccountExecutor): Promise<MailMessage | null> {
        const submission = await formQueries(q).byId(Number(payload.id));
        if (!submission?.email) return null;
        return renderReceiptMail({ locale: await localeOf(submission.storeCode), to: submission.email, kind: submission.kind });
      },
    },
  };
}

export type FormService = ReturnType<typeof createFormService>;
