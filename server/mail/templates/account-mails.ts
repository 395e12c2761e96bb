// The account mails (registration confirmation, password reset, newsletter welcome): one
// layout, multipart text and HTML, worded from account-texts.ts in the store's language.
// Links arrive complete (built from the store's configured public URL by the caller).
import { LOCALES, type LocaleCode } from "../../../lib/locales.ts";
import type { MailMessage } from "../mailer.ts";
import { ACCOUNT_MAIL_TEXTS, type AccountMailText } from "./account-texts.ts";
import { messageFormat } from "../../../lib/message-format.ts";

export type AccountMailKind = "confirm" | "reset" | "newsletter";

export interface AccountMailInput {
  kind: AccountMailKind;
  locale: LocaleCode;
  to: string;
  firstname?: string;
  /** The button's target: the confirmation or reset page with its key, or the shop. */
  link: string;
  /** Values of the expiry line (confirm: hours, reset: minutes). */
  values?: Record<string, number>;
  /** A newsletter mail's unsubscribe page (every newsletter mail carries one). */
  unsubscribeLink?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderAccountMail({ kind, locale, to, firstname, link, values = {}, unsubscribeLink }: AccountMailInput): MailMessage {
  const t = (key: AccountMailText, params: Record<string, string | number> = {}) =>
    String(messageFormat(ACCOUNT_MAIL_TEXTS[locale][key], LOCALES[locale].iso).format(params));
  const greeting = firstname ? t("greeting", { firstname }) : t("greetingAnonymous");
  const after = kind === "newsletter" ? [t("newsletter.unsubscribe")] : [t(`${kind}.expiry`, values), t(`${kind}.ignore`)];
  const intro = t(`${kind}.intro`);
  const action = t(`${kind}.action`);
  const signature = t("signature");
  const unsubscribe = unsubscribeLink ? { label: t("newsletter.unsubscribeLink"), link: unsubscribeLink } : null;
  const text = [
    greeting,
    "",
    intro,
    "",
    `${action}:`,
    link,
    "",
    ...after.flatMap((p) => [p, ""]),
    ...(unsubscribe ? [`${unsubscribe.label}:`, unsubscribe.link, ""] : []),
    signature,
    "",
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`;
  const html = `<!doctype html>
<html lang="${LOCALES[locale].iso}"><head><meta charset="utf-8"><title>${escapeHtml(t(`${kind}.subject`))}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:600px;margin:0 auto;padding:24px">
${paragraph(greeting)}${paragraph(intro)}<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1a1a1a;color:#ffffff;padding:12px 20px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>
<p style="margin:0 0 16px;font-size:14px;word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
${after.map(paragraph).join("")}${
  unsubscribe
    ? `<p style="margin:0 0 16px;font-size:14px"><a href="${escapeHtml(unsubscribe.link)}">${escapeHtml(unsubscribe.label)}</a></p>`
    : ""
}${paragraph(signature)}
</body></html>`;
  return { to, subject: t(`${kind}.subject`), text, html };
}
