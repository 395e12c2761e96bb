import { createIntl, createIntlCache, type IntlShape, useIntl } from "react-intl";
import { LOCALES, type LocaleCode } from "../../lib/locales.ts";
import { type MessageKey, messages } from "../i18n/messages.ts";

// One intl object per locale for the life of the process: its formatters (parsed messages,
// Intl.* instances) are built once, not again for every page rendered.
const intls = new Map<LocaleCode, IntlShape>();
const cache = createIntlCache();

export function intlFor(locale: LocaleCode): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale: LOCALES[locale].iso, messages: messages[locale], defaultLocale: "en-GB" }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** t("category.products", { count }) → the store's text. */
export function useT() {
  const intl = useIntl();
  return (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
}
