// Dates as the shop writes them (spec §3 Locale dateFormat "d.M.yyyy": 2.12.2026), in the shop's
// own time zone, wherever they are shown: pages, the offline cart, mail.
import { LOCALES, type LocaleCode } from "./locales.ts";

/** The shop's time zone: an order placed at 00:30 in Helsinki is dated that day. */
export const SHOP_TIME_ZONE = "Europe/Helsinki";

function parts(date: Date): Record<string, string> {
  return Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: SHOP_TIME_ZONE,
      day: "numeric",
      month: "numeric",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
}

/** A date in a pattern of d, dd, M, MM and yyyy. */
export function formatDatePattern(value: Date | string | number, pattern: string): string {
  const p = parts(new Date(value));
  const tokens: Record<string, string> = {
    yyyy: p.year ?? "",
    MM: (p.month ?? "").padStart(2, "0"),
    M: p.month ?? "",
    dd: (p.day ?? "").padStart(2, "0"),
    d: p.day ?? "",
  };
  return pattern.replace(/yyyy|MM|M|dd|d/g, (token) => tokens[token] ?? token);
}

/** A date in the store's format: 2.12.2026. */
export const formatShopDate = (value: Date | string | number, locale: LocaleCode) => formatDatePattern(value, LOCALES[locale].dateFormat);

/** A date and the time of day: 2.12.2026 14.05 (Finnish) or 2.12.2026 14:05. */
export function formatShopDateTime(value: Date | string | number, locale: LocaleCode): string {
  const p = parts(new Date(value));
  return `${formatShopDate(value, locale)} ${p.hour}${locale === "fi" ? "." : ":"}${p.minute}`;
}
