import { describe, expect, it } from "vitest";
import { DAY_MS, priceFacts, type PricePeriod } from "./price-history.ts";

const NOW = Date.UTC(2026, 10, 22);
const day = (n: number) => NOW - n * DAY_MS;
const p = (daysAgo: number, regular: number, final: number): PricePeriod => ({
  validFrom: day(daysAgo),
  regularCents: regular,
  finalCents: final,
});

describe("priceFacts", () => {
  it("is null before any price applies", () => {
    expect(priceFacts([{ validFrom: NOW + 1000, regularCents: 100, finalCents: 100 }], NOW)).toBeNull();
  });

  it("gives the price in effect and no reduction at the regular price", () => {
    const facts = priceFacts([p(90, 5990, 5990)], NOW);
    expect(facts).toMatchObject({ finalCents: 5990, reducedSince: null, lowestPriorCents: null, percentOff: 0 });
  });

  it("counts the badge from the lowest price of the 30 days before the reduction, not the list price", () => {
    // 100 € list; 80 € for a week 20–13 days before the sale; back at 100 €; sale 70 € since 5 days.
    const facts = priceFacts([p(90, 10000, 10000), p(20, 10000, 8000), p(13, 10000, 10000), p(5, 10000, 7000)], NOW);
    expect(facts?.reducedSince).toBe(day(5));
    expect(facts?.lowestPriorCents).toBe(8000);
    expect(facts?.percentOff).toBe(13); // (80 − 70) / 80
    expect(facts?.amountOffCents).toBe(1000);
  });

  it("counts a reduction that deepens in steps from before its first step", () => {
    const facts = priceFacts([p(90, 10000, 10000), p(10, 10000, 8000), p(4, 10000, 6000)], NOW);
    expect(facts?.reducedSince).toBe(day(10));
    expect(facts?.lowestPriorCents).toBe(10000);
    expect(facts?.percentOff).toBe(40);
  });

  it("gives the lowest and highest price of the last 30 days, including the one in effect 30 days ago", () => {
    const facts = priceFacts([p(60, 10000, 9000), p(20, 10000, 10000), p(5, 10000, 7000)], NOW);
    expect(facts?.lowest30Cents).toBe(7000);
    expect(facts?.highest30Cents).toBe(10000);
    expect(priceFacts([p(60, 10000, 9000), p(20, 10000, 10000)], NOW)?.lowest30Cents).toBe(9000);
  });

  it("knows no prior price for a product reduced since its first day", () => {
    const facts = priceFacts([p(3, 10000, 5000)], NOW);
    expect(facts?.lowestPriorCents).toBeNull();
    expect(facts?.percentOff).toBe(50); // against the regular price when no history exists
  });
});
