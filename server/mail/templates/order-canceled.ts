// The cancellation notice: the order is off, what comes back where (the payment's refund, the
// gift card's balance) or that no invoice follows. Worded in the order's store language.
import type { LocaleCode } from "../../../lib/locales.ts";
import type { MailMessage } from "../mailer.ts";
import { renderNotice } from "./notice.ts";
import { mailWording } from "./wording.ts";

export interface CanceledMailInput {
  locale: LocaleCode;
  to: string;
  firstname: string;
  orderNumber: string;
  /** Who called it off: the shopper themselves, or the shop's staff. */
  byOperator: boolean;
  /** Amounts already formatted in the store's way; null: nothing goes back that way. */
  refundToPayment: string | null;
  refundToGiftCard: { code: string; amount: string } | null;
  invoice: boolean;
  shopUrl: string;
}

export function renderCanceledMail(input: CanceledMailInput): MailMessage {
  const { locale, orderNumber } = input;
  const t = mailWording(locale);
  const rows: [string, string][] = [];
  if (input.refundToPayment) rows.push([t("mail.canceled.refundPayment"), input.refundToPayment]);
  if (input.refundToGiftCard)
    rows.push([
      t("mail.canceled.refundGiftCard", { code: `•••• ${input.refundToGiftCard.code.slice(-4)}` }),
      input.refundToGiftCard.amount,
    ]);
  const outro = [];
  if (input.refundToPayment) outro.push(t("mail.canceled.refundWhen"));
  if (input.invoice) outro.push(t("mail.canceled.invoice"));
  outro.push(t("mail.canceled.account", { url: `${input.shopUrl}/account/order/${encodeURIComponent(orderNumber)}` }));
  outro.push(t("mail.canceled.questions", { number: orderNumber }));
  return renderNotice({
    locale,
    to: input.to,
    subject: t("mail.canceled.subject", { number: orderNumber }),
    greeting: t("mail.shipment.greeting", { firstname: input.firstname }),
    intro: [t(input.byOperator ? "mail.canceled.introOperator" : "mail.canceled.intro", { number: orderNumber })],
    rows,
    outro,
    signature: t("mail.shipment.signature"),
  });
}
