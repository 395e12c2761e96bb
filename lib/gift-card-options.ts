// A gift card's own options (spec §3 "Gift card options (encoded option keys): message, sender
// name, sender email, recipient name, recipient email"): what a gift card product asks of the
// shopper, with Magento's option keys encoded as uids, in the API's product details
// (`gift_card_options`). The cart line keeps the answers by their codes (sender_name, …).
import type { LocaleCode } from "./locales.ts";
import { check, email, maxLength, type Problem, required } from "./validation.ts";

export interface GiftCardOption {
  /** base64url("giftcard/<Magento's key>"), as Magento encodes an option's key. */
  uid: string;
  /** The cart item's field the answer goes to. */
  code: "sender_name" | "sender_email" | "recipient_name" | "recipient_email" | "message";
  title: string;
  type: "field" | "email" | "area";
  required: boolean;
  max_characters: number;
}

const OPTIONS: (Omit<GiftCardOption, "uid" | "title"> & { key: string; titles: Record<LocaleCode, string> })[] = [
  {
    key: "giftcard_sender_name",
    code: "sender_name",
    type: "field",
    required: true,
    max_characters: 100,
    titles: { en: "Your name", fi: "Nimesi" },
  },
  {
    key: "giftcard_sender_email",
    code: "sender_email",
    type: "email",
    required: true,
    max_characters: 254,
    titles: { en: "Your email", fi: "Sähköpostisi" },
  },
  {
    key: "giftcard_recipient_name",
    code: "recipient_name",
    type: "field",
    required: true,
    max_characters: 100,
    titles: { en: "Recipient's name", fi: "Saajan nimi" },
  },
  {
    key: "giftcard_recipient_email",
    code: "recipient_email",
    type: "email",
    required: true,
    max_characters: 254,
    titles: { en: "Recipient's email", fi: "Saajan sähköposti" },
  },
  { key: "giftcard_message", code: "message", type: "area", required: false, max_characters: 500, titles: { en: "Message", fi: "Viesti" } },
];

const encode = (key: string) => btoa(`giftcard/${key}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The options of a gift card in a store's language. */
export function giftCardOptions(locale: LocaleCode): GiftCardOption[] {
  return OPTIONS.map(({ key, titles, ...option }) => ({ uid: encode(key), title: titles[locale], ...option }));
}

/** The first problem of an answer to an option (spec §5 rules), for the product page and the cart alike. */
export function giftCardOptionProblem(option: Pick<GiftCardOption, "type" | "required" | "max_characters">, value: string): Problem | null {
  if (option.type === "email") return check(value, email, maxLength(option.max_characters));
  if (option.required) return check(value, required, (v) => maxLength(option.max_characters)(v.trim()));
  return check(value, (v) => maxLength(option.max_characters)(v.trim()));
}
