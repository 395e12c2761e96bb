// What a price history says at a moment (spec §3 price history; EU price-indication rule,
// Directive 98/6/EC art. 6a): the price in effect, the 30-day lowest and highest, and for a
// reduction the lowest price of the 30 days before the reduction started.

export interface PricePeriod {
  /** Epoch ms from which this price applies, until the next period starts. */
  validFrom: number;
  regularCents: number;
  finalCents: number;
}

export const DAY_MS = 86_400_000;

/** Periods must be sorted by validFrom ascending. */
export function currentPeriod(periods: PricePeriod[], now: number): PricePeriod | undefined {
  let found: PricePeriod | undefined;
  for (const period of periods) {
    if (period.validFrom > now) break;
    found = period;
  }
  return found;
}

/** Final prices in effect at any time in [from, to). */
export function pricesDuring(periods: PricePeriod[], from: number, to: number): number[] {
  const out: number[] = [];
  periods.forEach((period, i) => {
    const end = periods[i + 1]?.validFrom ?? Number.POSITIVE_INFINITY;
    if (period.validFrom < to && end > from) out.push(period.finalCents);
  });
  return out;
}

export interface PriceFacts {
  regularCents: number;
  finalCents: number;
  lowest30Cents: number;
  highest30Cents: number;
  /** Start of the running reduction (its first step), or null when not reduced. */
  reducedSince: number | null;
  /** Lowest price of the 30 days before the reduction started; null if none is known. */
  lowestPriorCents: number | null;
  /** Percentage off counted from lowestPriorCents (0 when no genuine reduction). */
  percentOff: number;
  amountOffCents: number;
}

export function priceFacts(periods: PricePeriod[], now: number): PriceFacts | null {
  const current = currentPeriod(periods, now);
  if (!current) return null;
  const last30 = pricesDuring(periods, now - 30 * DAY_MS, now + 1);
  const index = periods.indexOf(current);
  let reducedSince: number | null = null;
  if (current.finalCents < current.regularCents) {
    // Walk back over consecutive reduced periods: a reduction that deepens in steps
    // counts from its first step.
    let start = index;
    while (start > 0) {
      const previous = periods[start - 1];
      if (!previous || previous.finalCents >= previous.regularCents) break;
      start--;
    }
    reducedSince = periods[start]?.validFrom ?? null;
  }
  let lowestPriorCents: number | null = null;
  if (reducedSince !== null) {
    const prior = pricesDuring(periods, reducedSince - 30 * DAY_MS, reducedSince);
    lowestPriorCents = prior.length ? Math.min(...prior) : null;
  }
  const reference = lowestPriorCents ?? current.regularCents;
  const amountOffCents = reducedSince !== null ? Math.max(0, reference - current.finalCents) : 0;
  const percentOff = reference > 0 ? Math.round((amountOffCents / reference) * 100) : 0;
  return {
    regularCents: current.regularCents,
    finalCents: current.finalCents,
    lowest30Cents: Math.min(...last30),
    highest30Cents: Math.max(...last30),
    reducedSince,
    lowestPriorCents,
    percentOff,
    amountOffCents,
  };
}
