// Turns an error code and its parameters into the shopper's text (the server's `message`,
// the pages' refusals), through the one catalogue. Amounts are formatted as the store shows
// prices (lib/money.ts), so "50" becomes "50,00 €" in both stores.
import { LOCALES, type LocaleCode } from "../locales.ts";
import { messageFormat } from "../message-format.ts";
import { formatPrice, type PriceFormat, toCents } from "../money.ts";
import { ERROR_CATALOGUE, type ErrorCode, isErrorCode, type ParamKind } from "./catalogue.ts";

/** What a client receives about an error: the code, its parameters and (from here) the text. */
export interface ErrorDetail {
  code: string;
  params?: Record<string, string | number>;
  field?: string;
}

/** Whether a value (an error page's data) is an error of the catalogue, with its parameters. */
export function isErrorDetail(value: unknown): value is ErrorDetail {
  return typeof value === "object" && value !== null && isErrorCode((value as { code?: unknown }).code);
}

export const DEFAULT_PRICE_FORMAT: PriceFormat = { symbol: "€", leftSide: false };

const formatter = (code: ErrorCode, locale: LocaleCode) => messageFormat(ERROR_CATALOGUE[code][locale], LOCALES[locale].iso);

/**
 * The text of an error in a locale. Unknown codes (a newer server than this page) get the
 * generic text of their kind rather than anything in another language.
 */
export function errorMessage(
  error: ErrorDetail,
  locale: LocaleCode,
  price: PriceFormat = { symbol: "€", leftSide: LOCALES[locale].leftSideCurrency },
): string {
  const code: ErrorCode = isErrorCode(error.code) ? error.code : "internal_error";
  const kinds = ERROR_CATALOGUE[code].params as Record<string, string>;
  const values: Record<string, string | number> = { field: error.field ?? "" };
  for (const [name, value] of Object.entries(error.params ?? {})) {
    const kind = (kinds[name]?.replace("?", "") ?? "text") as ParamKind;
    values[name] = kind === "money" && typeof value === "number" ? formatPrice(toCents(value), price) : value;
  }
  // Missing parameters show empty rather than failing the whole answer.
  for (const name of Object.keys(kinds)) values[name] ??= "";
  return String(formatter(code, locale).format(values));
}

/** The English text, for logs and `Error.message` (never shown to a shopper as such). */
export const logMessage = (error: ErrorDetail) => errorMessage(error, "en").replace(/\u00a0/g, " ");
