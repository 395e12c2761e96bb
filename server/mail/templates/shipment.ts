// The shipment notice (decision 0020): a parcel of an order has left, with its carrier, its
// tracking number and the carrier's tracking page in the order's store language. Multipart text
// and HTML like the other mails; texts from app/i18n/mail.ts; every value escaped.
import { en, fi, type MailMessageKey } from "../../../app/i18n/mail.ts";
import { LOCALES, type LocaleCode } from "../../../lib/locales.ts";
import { CARRIER_NAMES, type Carrier, trackingUrl } from "../../../lib/tracking.ts";
import type { MailMessage } from "../mailer.ts";
import { messageFormat } from "../../../lib/message-format.ts";

const catalogue: Record<LocaleCode, Record<MailMessageKey, string>> = { en, fi };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ShipmentMailInput {
  locale: LocaleCode;
  to: string;
  firstname: string;
  orderNumber: string;
  shipment: { shipment_number: string; carrier: Carrier; tracking_number: string };
  /** The store's configured public origin, without a trailing slash. */
  shopUrl: string;
}

export function renderShipmentMail({ locale, to, firstname, orderNumber, shipment, shopUrl }: ShipmentMailInput): MailMessage {
  const t = (key: MailMessageKey, values: Record<string, string> = {}) =>
    String(messageFormat(catalogue[locale][key], LOCALES[locale].iso).format(values));
  const link = trackingUrl(shipment.carrier, shipment.tracking_number, locale);
  const accountUrl = `${shopUrl}/account/order/${encodeURIComponent(orderNumber)}`;
  const subject = t("mail.shipment.subject", { number: orderNumber });
  const greeting = t("mail.shipment.greeting", { firstname });
  const intro = t("mail.shipment.intro", { number: orderNumber });
  const rows: [string, string][] = [
    [t("mail.shipment.number"), shipment.shipment_number],
    [t("mail.shipment.carrier"), CARRIER_NAMES[shipment.carrier]],
    [t("mail.shipment.tracking"), shipment.tracking_number],
  ];
  const account = t("mail.shipment.account", { url: accountUrl });
  const signature = t("mail.shipment.signature");
  const text = [
    greeting,
    "",
    intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    `${t("mail.shipment.track")}:`,
    link,
    "",
    account,
    "",
    signature,
    "",
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`;
  const html = `<!doctype html>
<html lang="${LOCALES[locale].iso}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:600px;margin:0 auto;padding:24px">
${paragraph(greeting)}${paragraph(intro)}<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:normal;color:#555">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1a1a1a;color:#ffffff;padding:12px 20px;text-decoration:none;display:inline-block">${escapeHtml(t("mail.shipment.track"))}</a></p>
<p style="margin:0 0 16px;font-size:14px;word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
${paragraph(account)}${paragraph(signature)}
</body></html>`;
  return { to, subject, text, html };
}
