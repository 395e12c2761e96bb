// The shipment notice (decision 0020): a parcel of an order has left, with its carrier, its
// tracking number and the carrier's tracking page in the order's store language. Texts from
// app/i18n/mail.ts; laid out as every notice (notice.ts).
import { CARRIER_NAMES, type Carrier, trackingUrl } from "../../../lib/tracking.ts";
import type { LocaleCode } from "../../../lib/locales.ts";
import type { MailMessage } from "../mailer.ts";
import { renderNotice } from "./notice.ts";
import { mailWording } from "./wording.ts";

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
  const t = mailWording(locale);
  const accountUrl = `${shopUrl}/account/order/${encodeURIComponent(orderNumber)}`;
  return renderNotice({
    locale,
    to,
    subject: t("mail.shipment.subject", { number: orderNumber }),
    greeting: t("mail.shipment.greeting", { firstname }),
    intro: [t("mail.shipment.intro", { number: orderNumber })],
    rows: [
      [t("mail.shipment.number"), shipment.shipment_number],
      [t("mail.shipment.carrier"), CARRIER_NAMES[shipment.carrier]],
      [t("mail.shipment.tracking"), shipment.tracking_number],
    ],
    button: { label: t("mail.shipment.track"), url: trackingUrl(shipment.carrier, shipment.tracking_number, locale) },
    outro: [t("mail.shipment.account", { url: accountUrl })],
    signature: t("mail.shipment.signature"),
  });
}
