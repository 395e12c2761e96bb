// The two storefronts (spec §1, §3 Locale). Default and fallback is en.
export const LOCALES = {
  en: {
    code: "en",
    name: "English",
    iso: "en-GB",
    isoCode: "en_GB",
    storeCode: "en",
    langCode: "en",
    countryCode: "GB",
    dateFormat: "d.M.yyyy",
    leftSideCurrency: false,
    voyadoMarket: "INT",
    flag: "gb",
  },
  fi: {
    code: "fi",
    name: "Suomi",
    iso: "fi-FI",
    isoCode: "fi_FI",
    storeCode: "fi",
    langCode: "fi",
    countryCode: "FI",
    dateFormat: "d.M.yyyy",
    leftSideCurrency: false,
    voyadoMarket: "FI",
    flag: "fi",
  },
} as const;

export type LocaleCode = keyof typeof LOCALES;
export type Locale = (typeof LOCALES)[LocaleCode];
export const DEFAULT_LOCALE: LocaleCode = "en";
export const LOCALE_CODES = Object.keys(LOCALES) as LocaleCode[];

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === "string" && Object.hasOwn(LOCALES, value);
}
