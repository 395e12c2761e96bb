// The layout of the short notices about an order (a parcel left, an order was cancelled):
// a greeting, paragraphs, a table of facts, an optional button with its link written out, and
// the signature. Multipart text and HTML like the other mails; every value escaped.
import { LOCALES, type LocaleCode } from "../../../lib/locales.ts";
import type { MailMessage } from "../mailer.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface Notice {
  locale: LocaleCode;
  to: string;
  subject: string;
  greeting: string;
  /** Before the facts. */
  intro: string[];
  rows: [label: string, value: string][];
  button?: { label: string; url: string };
  /** After the facts and the button. */
  outro: string[];
  signature: string;
}

export function renderNotice({ locale, to, subject, greeting, intro, rows, button, outro, signature }: Notice): MailMessage {
  const text = [
    greeting,
    "",
    ...intro.flatMap((p) => [p, ""]),
    ...(rows.length ? [...rows.map(([label, value]) => `${label}: ${value}`), ""] : []),
    ...(button ? [`${button.label}:`, button.url, ""] : []),
    ...outro.flatMap((p) => [p, ""]),
    signature,
    "",
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`;
  const table = rows.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:normal;color:#555">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const action = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.url)}" style="background:#1a1a1a;color:#ffffff;padding:12px 20px;text-decoration:none;display:inline-block">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;word-break:break-all"><a href="${escapeHtml(button.url)}">${escapeHtml(button.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="${LOCALES[locale].iso}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:600px;margin:0 auto;padding:24px">
${paragraph(greeting)}${intro.map(paragraph).join("")}${table}
${action}
${outro.map(paragraph).join("")}${paragraph(signature)}
</body></html>`;
  return { to, subject, text, html };
}
