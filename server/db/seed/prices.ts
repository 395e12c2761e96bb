// Price histories over the last ~90 days: mostly steady prices, some past or recent
// sales and price changes, and about a quarter of products on sale now (sometimes
// deepening in two steps), so that 30-day lowest prices and EU reference prices vary.
import type { Random } from "./random.ts";

export interface PricePoint {
  validFrom: Date;
  regularCents: number;
  finalCents: number;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A regular shelf price within [min, max] euros, ending in ,90 (under 100 €) or ,00. */
export function shelfPrice(random: Random, [min, max]: readonly [number, number]): number {
  const euros = random.int(min, max);
  if (euros < 50) return Math.ceil(euros / 5) * 500 - 10; // 19,90  24,90 ...
  if (euros < 100) return Math.ceil(euros / 10) * 1000 - 10; // 59,90  69,90 ...
  return (Math.ceil(euros / 10) * 10 - 1) * 100; // 129,00  149,00 ...
}

/** The price percent off regular, rounded down to the nearest ,90; always below regular. */
export function salePrice(regularCents: number, percentOff: number): number {
  const raw = Math.floor((regularCents * (100 - percentOff)) / 100);
  let rounded = Math.floor((raw + 10) / 100) * 100 - 10;
  // Rounding down must not take a cheap item past half price.
  if (rounded * 2 < regularCents) rounded += 100;
  return Math.max(90, Math.min(rounded, regularCents - 100));
}

/** A price a few steps away (before a price change), in the same ,90 / ,00 style. */
function otherShelfPrice(random: Random, regularCents: number, direction: 1 | -1): number {
  const step = Math.max(500, Math.round((regularCents * random.int(8, 20)) / 100 / 500) * 500);
  return Math.max(490, regularCents + direction * step);
}

export function priceHistory(random: Random, regularCents: number, now: Date): PricePoint[] {
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS - random.int(0, 23) * HOUR_MS);
  const point = (days: number, regular: number, final = regular): PricePoint => ({
    validFrom: at(days),
    regularCents: regular,
    finalCents: final,
  });
  const P = regularCents;

  if (random.chance(0.25)) {
    // On sale now: a campaign that started 3–20 days ago, for some deepening later.
    const start = random.int(3, 20);
    const deepens = start >= 4 && random.chance(0.4);
    const firstOff = deepens ? random.int(20, 35) : random.int(20, 50);
    const history = [point(random.int(60, 90), random.chance(0.3) ? otherShelfPrice(random, P, -1) : P)];
    if (random.chance(0.4)) history.push(point(random.int(35, 55), P));
    history.push(point(start, P, salePrice(P, firstOff)));
    if (deepens) history.push(point(random.int(1, start - 1), P, salePrice(P, random.int(firstOff + 10, 50))));
    return history;
  }

  const scenario = random.weighted(["changed", "pastSale", "recentDip", "raised"] as const, [40, 25, 20, 15]);
  switch (scenario) {
    case "changed": // a price change long enough ago not to matter for the 30-day lowest
      return [point(random.int(80, 90), otherShelfPrice(random, P, random.chance(0.5) ? 1 : -1)), point(random.int(35, 60), P)];
    case "pastSale":
      return [point(85, P), point(60, P, salePrice(P, random.int(20, 40))), point(45, P)];
    case "recentDip": // a short sale within the last 30 days: the 30-day lowest is below the price
      return [point(85, P), point(random.int(20, 28), P, salePrice(P, random.int(15, 30))), point(random.int(8, 15), P)];
    case "raised": // a recent price rise: the 30-day lowest is the old, lower price
      return [point(88, otherShelfPrice(random, P, -1)), point(random.int(5, 25), P)];
  }
}

/** One fixed price for 90 days (gift cards). */
export function fixedPrice(cents: number, now: Date): PricePoint[] {
  return [{ validFrom: new Date(now.getTime() - 90 * DAY_MS), regularCents: cents, finalCents: cents }];
}
