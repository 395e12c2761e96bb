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
