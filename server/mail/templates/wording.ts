// The mail's texts (app/i18n/mail.ts) in one store language, formatted as ICU messages.
import { en, fi, type MailMessageKey } from "../../../app/i18n/mail.ts";
import { LOCALES, type LocaleCode } from "../../../lib/locales.ts";
import { messageFormat } from "../../../lib/message-format.ts";

const catalogue: Record<LocaleCode, Record<MailMessageKey, string>> = { en, fi };

export function mailWording(locale: LocaleCode, iso: string = LOCALES[locale].iso) {
  return (key: MailMessageKey, values: Record<string, string | number> = {}) =>
    String(messageFormat(catalogue[locale][key], iso).format(values));
}
