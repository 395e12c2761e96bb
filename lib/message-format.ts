// One formatter per ICU text and locale, for the pages, the error catalogue and the mails. Making
// an IntlMessageFormat is the costly part: each asks the engine which locales it supports
// (`supportedLocalesOf`: a third of a product page's script time in the browser, issue 16) and
// makes its own number, date and plural formatters. Here the locale is resolved once per locale,
// the Intl formatters are shared by all texts, and each text's formatter is made once.
import { IntlMessageFormat } from "intl-messageformat";

/** A text as written (the server) or as the build parsed it (the browser: an AST). */
type Message = ConstructorParameters<typeof IntlMessageFormat>[0];

// The shop's locales are its own ("fi-FI", "en-GB"), always supported: no need to ask the engine
// which of them it supports (intl-messageformat's `supportedLocalesOf`, 30–70 ms the first time
// in a page: it lists every locale the engine knows).
const locales = new Map<string, Intl.Locale>();
IntlMessageFormat.resolveLocale = (tags) => {
  const tag = typeof tags === "string" ? tags : (tags[0] ?? "en");
  let locale = locales.get(tag);
  if (!locale) {
    locale = new Intl.Locale(tag);
    locales.set(tag, locale);
  }
  return locale;
};

function memoized<A extends unknown[], T>(make: (...args: A) => T): (...args: A) => T {
  const made = new Map<string, T>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = made.get(key);
    if (value === undefined) {
      value = make(...args);
      made.set(key, value);
    }
    return value;
  };
}

/** How Intl groups a whole number's thousands in the shop's locales (message-format.test.ts compares). */
const GROUP_SEPARATORS: Readonly<Record<string, string>> = { "en-GB": ",", "fi-FI": "\u00a0" };

/**
 * Intl.NumberFormat, except for a count (a whole number ≥ 0) in one of the shop's locales without
 * options — the `#` of every plural text ("3 colours") — which is written here as Intl writes it.
 * A page's first Intl.NumberFormat loads the engine's number data: 20–30 ms of the browser's main
 * thread in the middle of hydration, for "3" (issue 16). intl-messageformat only calls `format`.
 */
export function numberFormat(locales?: string | string[], options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const separator = typeof locales === "string" && options === undefined ? GROUP_SEPARATORS[locales] : undefined;
  if (separator === undefined) return new Intl.NumberFormat(locales, options);
  let intl: Intl.NumberFormat | undefined;
  const format = (value: number | bigint) => {
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0)) {
      return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
    }
    intl ??= new Intl.NumberFormat(locales);
    return intl.format(value);
  };
  return { format } as Intl.NumberFormat;
}

const formatters = {
  getNumberFormat: memoized(numberFormat),
  getDateTimeFormat: memoized((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
  getPluralRules: memoized((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
};

const byLocale = new Map<string, Map<Message, IntlMessageFormat>>();

/** The formatter of a text in a locale ("fi-FI"), made on its first use. Texts are a fixed catalogue, so this stays small. */
export function messageFormat(message: Message, iso: string): IntlMessageFormat {
  let made = byLocale.get(iso);
  if (!made) {
    made = new Map();
    byLocale.set(iso, made);
  }
  let format = made.get(message);
  if (!format) {
    format = new IntlMessageFormat(message, iso, undefined, { formatters });
    made.set(message, format);
  }
  return format;
}
