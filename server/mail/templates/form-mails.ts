// The mails of the CMS forms (docs/decisions/0028): the submission to customer service (every
// field as sent, the image attached, replies going to the sender), and the receipt to the
// sender. The receipt repeats nothing the sender typed: the form takes any address, so a
// receipt must not be a way to mail someone a stranger's text. Texts from app/i18n/mail.ts;
// every value escaped; multipart text and HTML like the other mails.
import { LOCALES, type LocaleCode } from "../../../lib/locales.ts";
import type { FormSubmissionRow } from "../../db/schema.ts";
import type { MailAttachment, MailMessage } from "../mailer.ts";
import { mailWording } from "./wording.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const translator = (locale: LocaleCode) => mailWording(locale);

function layout(locale: LocaleCode, subject: string, body: string): string {
  return `<!doctype html>
<html lang="${LOCALES[locale].iso}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:600px;margin:0 auto;padding:24px">
${body}
</body></html>`;
}

const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`;

export interface SubmissionMailInput {
  locale: LocaleCode;
  to: string;
  submission: FormSubmissionRow;
  /** The store's name as customer service knows it (its code). */
  store: string;
  attachment: MailAttachment | null;
}

/** The submission as customer service reads it. */
export function renderSubmissionMail({ locale, to, submission, store, attachment }: SubmissionMailInput): MailMessage {
  const t = translator(locale);
  const contact = submission.kind === "contact";
  const subject = contact ? t("mail.form.contact.subject", { subject: submission.subject ?? "" }) : t("mail.form.feedback.subject");
  const intro = contact ? t("mail.form.contact.intro", { store }) : t("mail.form.feedback.intro", { store });
  const none = t("mail.form.field.none");
  const rows: [string, string][] = (
    (contact
      ? [
          [t("mail.form.field.name"), submission.name],
          [t("mail.form.field.email"), submission.email],
          [t("mail.form.field.phone"), submission.phone],
          [t("mail.form.field.subject"), submission.subject],
        ]
      : [
          [t("mail.form.field.email"), submission.email],
          [t("mail.form.field.pageUrl"), submission.pageUrl],
        ]) as [string, string | null][]
  ).map(([label, value]): [string, string] => [label, value || none]);
  rows.push([t("mail.form.field.sent"), submission.createdAt.toISOString()]);
  if (attachment) rows.push([t("mail.form.field.attachment"), attachment.filename]);
  const messageLabel = t("mail.form.field.message");
  const text = [intro, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", `${messageLabel}:`, submission.message, ""].join(
    "\n",
  );
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = layout(
    locale,
    subject,
    `${paragraph(intro)}<table style="border-collapse:collapse;margin:0 0 16px">${table}</table>
<h2 style="font-size:16px;margin:0 0 8px">${escapeHtml(messageLabel)}</h2>${paragraph(submission.message)}`,
  );
  return {
    to,
    subject,
    text,
    html,
    ...(submission.email ? { replyTo: submission.email } : {}),
    ...(attachment ? { attachments: [attachment] } : {}),
  };
}

/** The receipt to the sender, in the store's language (nothing they typed is repeated). */
export function renderReceiptMail({ locale, to, kind }: { locale: LocaleCode; to: string; kind: FormSubmissionRow["kind"] }): MailMessage {
  const t = translator(locale);
  const contact = kind === "contact";
  const subject = contact ? t("mail.form.receipt.contact.subject") : t("mail.form.receipt.feedback.subject");
  const parts = [
    t("mail.form.receipt.greeting"),
    contact ? t("mail.form.receipt.contact.intro") : t("mail.form.receipt.feedback.intro"),
    ...(contact ? [] : [t("mail.form.receipt.feedback.authority")]),
    t("mail.form.receipt.notYou"),
    t("mail.form.signature"),
  ];
  return { to, subject, text: `${parts.join("\n\n")}\n`, html: layout(locale, subject, parts.map(paragraph).join("")) };
}
