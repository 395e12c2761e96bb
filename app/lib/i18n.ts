// The page's texts in the store's language: `useT()` formats a key of the UI catalogue
// (app/i18n/messages.ts) with intl-messageformat, one formatter per text, made when the text is
// first used (the browser's texts come parsed from the build). Only the formatter: the React glue
// of react-intl was a fifth of the texts' JavaScript, for one call.
import { createContext, createElement, type ReactNode, useContext } from "react";
import { LOCALES, type LocaleCode } from "../../lib/locales.ts";
import { messageFormat } from "../../lib/message-format.ts";
import { type MessageKey, messages } from "../i18n/messages.ts";

export interface Texts {
  locale: LocaleCode;
  /** The locale's ISO tag, for Intl formatting ("fi-FI"). */
  iso: string;
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
}

const byLocale = new Map<LocaleCode, Texts>();

/** One set of texts per store language for the life of the process. */
export function textsFor(locale: LocaleCode): Texts {
  let texts = byLocale.get(locale);
  if (!texts) {
    const iso = LOCALES[locale].iso;
    const catalogue = messages[locale];
    // A text without values is the same every time: formatted once (a page asks for a hundred,
    // each a walk of its formatter's parts on every render).
    const plain = new Map<MessageKey, string>();
    const t: Texts["t"] = (key, values) => {
      try {
        if (values) return String(messageFormat(catalogue[key], iso).format(values));
        let text = plain.get(key);
        if (text === undefined) {
          text = String(messageFormat(catalogue[key], iso).format());
          plain.set(key, text);
        }
        return text;
      } catch (error) {
        // A value the text names was not given: the page still renders (as with react-intl), the log says why.
        console.error(`text ${key} (${locale}):`, error);
        return key;
      }
    };
    texts = { locale, iso, t };
    byLocale.set(locale, texts);
  }
  return texts;
}

const TextsContext = createContext<Texts | null>(null);

/** Gives the pages under it the store's texts. */
export function TextsProvider({ locale, children }: { locale: LocaleCode; children: ReactNode }) {
  return createElement(TextsContext.Provider, { value: textsFor(locale) }, children);
}

/** The store's texts; English outside a provider (a test rendering one component). */
export function useTexts(): Texts {
  return useContext(TextsContext) ?? textsFor("en");
}

/** t("category.products", { count }) → the store's text. */
export function useT() {
  return useTexts().t;
}

/** A date and time as the store writes it. */
export function useFormatDate() {
  const { iso } = useTexts();
  return (value: Date | number | string, options?: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(iso, options).format(typeof value === "string" ? new Date(value) : value);
}

/** A number as the store writes it (a VAT rate: "25,5"). */
export function useFormatNumber() {
  const { iso } = useTexts();
  return (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(iso, options).format(value);
}
