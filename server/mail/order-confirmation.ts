// The order confirmation mail, rendered from the order when the outbox sends it (one place,
// so a richer template can replace it without touching the order step).
import { formatPrice } from "../../lib/money.ts";
import type { Store } from "../catalog/service.ts";
import type { OrderView } from "../checkout/service.ts";
import type { MailMessage } from "./mailer.ts";

export const ORDER_CONFIRMATION = "order_confirmation";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderOrderConfirmation({ store, view, shopUrl }: { store: Store; view: OrderView; shopUrl: string }): MailMessage {
  const fi = store.locale === "fi";
  const price = (amount: number) =>
    formatPrice(Math.round(amount * 100), { symbol: store.config.base_currency_symbol, leftSide: store.leftSideCurrency });
  const lines = view.items.map((i) => `${i.quantity} × ${i.name}  ${price(i.row_total)}`);
  const subject = fi ? `Tilausvahvistus ${view.order_number}` : `Order confirmation ${view.order_number}`;
  const totalLine = `${fi ? "Yhteensä" : "Total"}: ${price(view.totals.grand_total)}`;
  const intro = fi
    ? `Kiitos tilauksestasi! Tilausnumerosi on ${view.order_number}.`
    : `Thank you for your order! Your order number is ${view.order_number}.`;
  const text = [intro, "", ...lines, "", totalLine, "", shopUrl].join("\n");
  const html = `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul><p><strong>${escapeHtml(totalLine)}</strong></p><p><a href="${escapeHtml(shopUrl)}">${escapeHtml(shopUrl)}</a></p>`;
  return { to: view.email, subject, text, html };
}
