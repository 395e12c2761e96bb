// The order confirmation, the shopper's receipt (decision 0009): one template, used by the mail
// only. The order view is first read into a receipt (every text worded in the order's store
// language from app/i18n/mail.ts, every amount formatted as the store shows prices), and the
// receipt is then laid out twice: as plain text and as HTML that mail clients show alike
// (tables for layout, inline styles, every value escaped).
import { formatDatePattern } from "../../../lib/dates.ts";
import { shortName } from "../../../lib/product-name.ts";
import { EMAIL_DELIVERY, PAYMENT_TITLES, type PaymentMethodCode, SHIPPING_METHODS } from "../../../lib/checkout.ts";
import { creditorReference, invoiceDueDate } from "../../../lib/invoice.ts";
import type { LocaleCode } from "../../../lib/locales.ts";
import { formatPrice, toCents } from "../../../lib/money.ts";
import type { Store } from "../../catalog/service.ts";
import type { OrderView } from "../../orders/order-view.ts";
import type { MailMessage } from "../mailer.ts";
import { mailWording } from "./wording.ts";

/** The brand ships from Finland: dates on its receipts are Finnish calendar dates. */

/** A gift card is a bearer code: the mail names only its end. */
const maskedCode = (code: string) => `•••• ${code.slice(-4)}`;

type Tone = "plain" | "discount" | "total" | "muted";

interface Receipt {
  lang: LocaleCode;
  subject: string;
  preview: string;
  brand: string;
  thanks: string;
  number: string;
  date: string;
  itemsHeading: string;
  columns: { product: string; total: string };
  /** line: "2 × 39,90 €", the quantity at the unit price. */
  items: { name: string; details: string[]; total: string; line: string }[];
  totalsHeading: string;
  totals: { label: string; value: string; tone: Tone }[];
  deliveryHeading: string;
  addresses: { heading: string; lines: string[] }[];
  methods: { label: string; value: string }[];
  invoice: { heading: string; intro: string; rows: { label: string; value: string }[] } | null;
  footer: string[];
  shopUrl: string;
}

interface ItemDetails {
  configurable_options?: { option_label: string; value_label: string }[];
  customizable_options?: { label: string; values: { label: string; value: string }[] }[];
  recipient_name?: string | null;
}

function receiptOf(store: Store, view: OrderView, shopUrl: string): Receipt {
  const locale = store.locale;
  const t = mailWording(locale, store.iso);
  const price = (amount: number) =>
    formatPrice(toCents(amount), { symbol: store.config.base_currency_symbol, leftSide: store.leftSideCurrency });
  const minus = (amount: number) => `−${price(amount)}`;
  const countries = new Intl.DisplayNames([store.iso], { type: "region" });
  const countryName = (code: string | undefined) => (code ? (countries.of(code) ?? code) : "");
  const ordered = new Date(view.created_at);

  const items = view.items.map((item) => {
    const d = item.details as ItemDetails;
    const details = [
      ...(d.configurable_options ?? []).map((o) => `${o.option_label}: ${o.value_label}`),
      ...(d.customizable_options ?? []).map((o) => `${o.label}: ${o.values.map((v) => v.label || v.value).join(", ")}`),
      ...(d.recipient_name ? [`${t("mail.order.recipient")}: ${d.recipient_name}`] : []),
      t("mail.order.sku", { sku: item.sku }),
    ];
    return {
      name: shortName(item.name),
      details,
      total: price(item.row_total),
      line: t("mail.order.line", { quantity: item.quantity, price: price(item.unit_price) }),
    };
  });

  const shippingRule = [...SHIPPING_METHODS, EMAIL_DELIVERY].find((m) => m.method_code === view.shipping_method);
  const shippingTitle = shippingRule?.title[locale] ?? view.shipping_method;
  const paymentTitle = PAYMENT_TITLES[view.payment_method as PaymentMethodCode]?.[locale] ?? view.payment_method;

  const totals: Receipt["totals"] = [{ label: t("mail.order.subtotal"), value: price(view.totals.subtotal), tone: "plain" }];
  if (view.totals.discount > 0) {
    const parts = [
      view.coupon_code ? t("mail.order.discount.coupon", { code: view.coupon_code }) : "",
      view.business_discount_percent > 0 ? t("mail.order.discount.business", { percent: view.business_discount_percent }) : "",
    ].filter(Boolean);
    const label = parts.length ? `${t("mail.order.discount")} (${parts.join(", ")})` : t("mail.order.discount");
    totals.push({ label, value: minus(view.totals.discount), tone: "discount" });
  }
  totals.push({
    label: t("mail.order.shipping", { method: shippingTitle }),
    value: view.totals.shipping > 0 ? price(view.totals.shipping) : t("mail.order.free"),
    tone: "plain",
  });
  if (view.totals.gift_card > 0)
    totals.push({
      label: t("mail.order.giftCard", { code: view.gift_card_code ? maskedCode(view.gift_card_code) : "" }).trim(),
      value: minus(view.totals.gift_card),
      tone: "discount",
    });
  totals.push({ label: t("mail.order.total"), value: price(view.totals.grand_total), tone: "total" });
  for (const tax of view.totals.taxes)
    totals.push({ label: t("mail.order.vat", { rate: tax.rate }), value: price(tax.amount), tone: "muted" });
  if (view.totals.taxes.length !== 1) totals.push({ label: t("mail.order.vatTotal"), value: price(view.totals.total_tax), tone: "muted" });

  const postal = (a: Record<string, string>) =>
    [
      a.company ?? "",
      `${a.firstname ?? ""} ${a.lastname ?? ""}`.trim(),
      a.street ?? "",
      `${a.postcode ?? ""} ${a.city ?? ""}`.trim(),
      countryName(a.country_code),
    ].filter(Boolean);
  const shipping = view.shipping_address;
  const billing = view.billing_address;
  const point = view.pickup_point;
  const addresses = [
    ...(point
      ? [
          {
            heading: t("mail.order.pickupPoint"),
            lines: [
              point.name,
              point.street,
              `${point.postcode} ${point.city}`,
              countryName(point.country_code),
              t("mail.order.pickupPoint.hours", { hours: point.opening_hours }),
              t("mail.order.pickupPoint.carrier", { carrier: point.carrier }),
            ],
          },
        ]
      : []),
    { heading: t("mail.order.shippingAddress"), lines: [...postal(shipping), shipping.telephone ?? "", view.email].filter(Boolean) },
    {
      heading: t("mail.order.billingAddress"),
      lines: [...postal(billing), billing.vat_id ? t("mail.order.vatId", { vatId: billing.vat_id }) : ""].filter(Boolean),
    },
  ];

  const invoice =
    view.payment_method === "invoice"
      ? {
          heading: t("mail.order.invoice"),
          intro: t("mail.order.invoice.intro", { email: view.email }),
          rows: [
            { label: t("mail.order.invoice.amount"), value: price(view.totals.grand_total) },
            { label: t("mail.order.invoice.due"), value: formatDatePattern(invoiceDueDate(ordered), store.dateFormat) },
            { label: t("mail.order.invoice.reference"), value: creditorReference(view.order_number) },
          ],
        }
      : null;

  return {
    lang: locale,
    subject: t("mail.order.subject", { number: view.order_number }),
    preview: t("mail.order.preview", { number: view.order_number, total: price(view.totals.grand_total) }),
    brand: t("mail.brand"),
    thanks: t("mail.order.thanks"),
    number: t("mail.order.number", { number: view.order_number }),
    date: t("mail.order.date", { date: formatDatePattern(ordered, store.dateFormat) }),
    itemsHeading: t("mail.order.items"),
    columns: {
      product: t("mail.order.column.product"),
      total: t("mail.order.column.total"),
    },
    items,
    totalsHeading: t("mail.order.totals"),
    totals,
    deliveryHeading: t("mail.order.delivery"),
    addresses,
    methods: [
      { label: t("mail.order.shippingMethod"), value: shippingTitle },
      { label: t("mail.order.paymentMethod"), value: paymentTitle },
    ],
    invoice,
    footer: [t("mail.order.questions", { number: view.order_number }), t("mail.order.shop", { url: shopUrl })],
    shopUrl,
  };
}

// ------------------------------------------------------------------ plain text

const WIDTH = 64;

/** A label and an amount on one line, the amount flush right (on its own line when both do not fit). */
function pair(label: string, value: string, indent = ""): string {
  const room = WIDTH - indent.length - label.length - value.length;
  return room >= 2 ? `${indent}${label}${" ".repeat(room)}${value}` : `${indent}${label}\n${indent}  ${value}`;
}

function heading(text: string): string[] {
  return ["", text, "-".repeat(Math.min(WIDTH, text.length))];
}

function toText(r: Receipt): string {
  const out: string[] = [r.thanks, r.number, r.date];
  out.push(...heading(r.itemsHeading));
  for (const item of r.items) {
    out.push(item.name);
    for (const detail of item.details) out.push(`  ${detail}`);
    out.push(pair(item.line, item.total, "  "));
  }
  out.push(...heading(r.totalsHeading));
  for (const row of r.totals) {
    if (row.tone === "total") out.push("=".repeat(WIDTH));
    out.push(pair(row.label, row.value));
  }
  out.push(...heading(r.deliveryHeading));
  for (const address of r.addresses) out.push(`${address.heading}:`, ...address.lines.map((l) => `  ${l}`), "");
  for (const method of r.methods) out.push(`${method.label}: ${method.value}`);
  if (r.invoice) {
    out.push(...heading(r.invoice.heading), r.invoice.intro);
    for (const row of r.invoice.rows) out.push(`${row.label}: ${row.value}`);
  }
  out.push("", ...r.footer);
  return `${out.join("\n")}\n`;
}

// ------------------------------------------------------------------ HTML

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const INK = "#1d2421";
const MUTED = "#58615c";
const LINE = "#dcdfdc";
const ACCENT = "#1f5c4a";
const FONT = "font-family:Arial,Helvetica,sans-serif;";

const h2 = (text: string) => `<h2 style="${FONT}margin:32px 0 12px;font-size:18px;line-height:24px;color:${INK};">${escapeHtml(text)}</h2>`;

/** Two columns, so a phone's mail client needs no sideways scroll: the line (what, how many at what price) and its row total. */
function itemsTable(r: Receipt): string {
  const th = (text: string, align: "left" | "right") =>
    `<th scope="col" align="${align}" style="${FONT}padding:8px 0;border-bottom:2px solid ${INK};font-size:13px;color:${MUTED};font-weight:bold;text-align:${align};">${escapeHtml(text)}</th>`;
  const rows = r.items
    .map((item) => {
      const details = [...item.details, item.line]
        .map((d) => `<br><span style="font-size:13px;color:${MUTED};">${escapeHtml(d)}</span>`)
        .join("");
      return `<tr><td valign="top" style="${FONT}padding:12px 12px 12px 0;border-bottom:1px solid ${LINE};font-size:15px;line-height:21px;color:${INK};"><strong>${escapeHtml(item.name)}</strong>${details}</td><td align="right" valign="top" style="${FONT}padding:12px 0;border-bottom:1px solid ${LINE};font-size:15px;line-height:21px;color:${INK};text-align:right;white-space:nowrap;">${escapeHtml(item.total)}</td></tr>`;
    })
    .join("");
  return `<table role="table" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;">
<thead><tr>${th(r.columns.product, "left")}${th(r.columns.total, "right")}</tr></thead>
<tbody>${rows}</tbody></table>`;
}

function totalsTable(r: Receipt): string {
  const rows = r.totals
    .map((row) => {
      const style =
        row.tone === "total"
          ? `font-size:17px;font-weight:bold;color:${INK};border-top:2px solid ${INK};padding-top:10px;`
          : row.tone === "muted"
            ? `font-size:13px;color:${MUTED};`
            : row.tone === "discount"
              ? `font-size:15px;color:${ACCENT};`
              : `font-size:15px;color:${INK};`;
      return `<tr><td style="${FONT}padding:4px 12px 4px 0;${style}">${escapeHtml(row.label)}</td><td align="right" style="${FONT}padding:4px 0;white-space:nowrap;text-align:right;${style}">${escapeHtml(row.value)}</td></tr>`;
    })
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;">${rows}</table>`;
}

function deliveryTable(r: Receipt): string {
  const cell = (a: Receipt["addresses"][number]) =>
    `<td valign="top" width="50%" style="${FONT}padding:0 12px 16px 0;font-size:15px;line-height:22px;color:${INK};word-break:break-word;overflow-wrap:anywhere;"><strong>${escapeHtml(a.heading)}</strong><br>${a.lines.map(escapeHtml).join("<br>")}</td>`;
  // Two to a row (a pickup point makes three).
  const rows: string[] = [];
  for (let i = 0; i < r.addresses.length; i += 2)
    rows.push(
      `<tr>${r.addresses
        .slice(i, i + 2)
        .map(cell)
        .join("")}</tr>`,
    );
  const methods = r.methods
    .map(
      (m) =>
        `<td valign="top" width="50%" style="${FONT}padding:0 12px 0 0;font-size:15px;line-height:22px;color:${INK};"><strong>${escapeHtml(m.label)}</strong><br>${escapeHtml(m.value)}</td>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;">${rows.join("")}<tr>${methods}</tr></table>`;
}

function invoiceBox(invoice: NonNullable<Receipt["invoice"]>): string {
  const rows = invoice.rows
    .map(
      (row) =>
        `<tr><td style="${FONT}padding:2px 12px 2px 0;font-size:15px;color:${MUTED};">${escapeHtml(row.label)}</td><td style="${FONT}padding:2px 0;font-size:15px;color:${INK};font-weight:bold;white-space:nowrap;">${escapeHtml(row.value)}</td></tr>`,
    )
    .join("");
  return `${h2(invoice.heading)}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background:#f3f5f3;border:1px solid ${LINE};"><tr><td style="${FONT}padding:16px;">
<p style="${FONT}margin:0 0 8px;font-size:15px;line-height:22px;color:${INK};">${escapeHtml(invoice.intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0">${rows}</table></td></tr></table>`;
}

function toHtml(r: Receipt): string {
  const p = (text: string, style = "") =>
    `<p style="${FONT}margin:0 0 4px;font-size:15px;line-height:22px;color:${INK};${style}">${escapeHtml(text)}</p>`;
  return `<!doctype html>
<html lang="${r.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(r.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f3;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(r.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background:#f3f5f3;"><tr><td align="center" style="padding:16px 0;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${LINE};">
<tr><td style="${FONT}background:${ACCENT};padding:16px 24px;font-size:20px;font-weight:bold;color:#ffffff;">${escapeHtml(r.brand)}</td></tr>
<tr><td style="padding:24px 20px;">
<h1 style="${FONT}margin:0 0 12px;font-size:24px;line-height:30px;color:${INK};">${escapeHtml(r.thanks)}</h1>
${p(r.number, "font-size:17px;")}${p(r.date, `color:${MUTED};`)}
${h2(r.itemsHeading)}${itemsTable(r)}
${h2(r.totalsHeading)}${totalsTable(r)}
${h2(r.deliveryHeading)}${deliveryTable(r)}
${r.invoice ? invoiceBox(r.invoice) : ""}
<p style="${FONT}margin:32px 0 4px;font-size:13px;line-height:20px;color:${MUTED};">${escapeHtml(r.footer[0] ?? "")}</p>
<p style="${FONT}margin:0;font-size:13px;line-height:20px;"><a href="${escapeHtml(r.shopUrl)}" style="color:${ACCENT};">${escapeHtml(r.shopUrl)}</a></p>
</td></tr></table>
</td></tr></table>
</body></html>
`;
}

export function renderOrderConfirmation({ store, view, shopUrl }: { store: Store; view: OrderView; shopUrl: string }): MailMessage {
  const receipt = receiptOf(store, view, shopUrl);
  return { to: view.email, subject: receipt.subject, text: toText(receipt), html: toHtml(receipt) };
}
