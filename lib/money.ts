// Prices (spec §5): integer cents inside, two decimals at the edges, comma decimal
// separator, currency symbol before or after by locale.

/** Cents to the two-decimal number the API speaks (1290 → 12.9). */
export function toAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** A two-decimal amount to cents, rounding half away from zero (12.905 → 1291). */
export function toCents(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100 + 1e-9);
}

export interface PriceFormat {
  symbol: string;
  leftSide: boolean;
}

/**
 * 1290 → "12,90 €"; 0 → "0 €"; 129900 → "1 299,00 €"; null/undefined → "".
 * Thousands are grouped with a no-break space so a price never wraps.
 */
export function formatPrice(cents: number | null | undefined, { symbol, leftSide }: PriceFormat): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return "";
  let number: string;
  if (cents === 0) {
    number = "0";
  } else {
    const negative = cents < 0;
    const abs = Math.abs(Math.round(cents));
    const whole = Math.floor(abs / 100)
      .toString()
      .replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
    number = `${negative ? "-" : ""}${whole},${String(abs % 100).padStart(2, "0")}`;
  }
  return leftSide ? `${symbol}${number}` : `${number}\u00a0${symbol}`;
}

/**
 * Reads a price a person typed (spec §5): spaces are dropped, commas count as decimal
 * points, and the last separator is decimal only if at most two digits follow it.
 * "1 299,90" → 129990; "1.299" → 129900; "12,5" → 1250; "" or junk → null.
 */
export function parsePrice(input: string): number | null {
  const compact = input.replace(/[\s\u00a0]/g, "").replace(/[^\d.,-]/g, "");
  if (!/\d/.test(compact)) return null;
  const normalized = compact.replace(/,/g, ".");
  const last = normalized.lastIndexOf(".");
  let whole = normalized;
  let fraction = "";
  if (last !== -1 && normalized.length - last - 1 <= 2) {
    whole = normalized.slice(0, last);
    fraction = normalized.slice(last + 1);
  }
  whole = whole.replace(/\./g, "");
  if (!/^-?\d*$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  const negative = whole.startsWith("-");
  const cents = Number(whole.replace("-", "") || "0") * 100 + Number(fraction.padEnd(2, "0") || "0");
  return negative ? -cents : cents;
}
