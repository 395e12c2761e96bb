// The per-process cache of what pricing reads that changes only wholesale (tax rates, pickup
// stores and points): one read per change, dropped when a change is recorded, a failed read not kept.
import { describe, expect, it } from "vitest";
import { cachedPricingReference } from "./pricing.ts";
import type { CartQueries } from "./repository.ts";

function fakeQueries() {
  const reads = { taxRates: 0, pickupStores: 0, pickupPoints: 0 };
  let rate = 2550;
  let fail = false;
  const q = {
    taxRates: async () => {
      reads.taxRates++;
      if (fail) throw new Error("connection lost");
      return new Map([["standard", rate]]);
    },
    pickupStores: async () => {
      reads.pickupStores++;
      return [{ code: "helsinki", name: "Helsinki", city: "Helsinki", address: "Aleksanterinkatu 1" }];
    },
    pickupPoints: async () => {
      reads.pickupPoints++;
      return [{ id: 1, carrier: "Posti", name: "Kamppi", street: "Urho Kekkosen katu 1", postcode: "00100", city: "Helsinki" }];
    },
  } as unknown as CartQueries;
  return {
    q,
    reads,
    setRate: (bp: number) => {
      rate = bp;
    },
    setFail: (on: boolean) => {
      fail = on;
    },
  };
}

function withChanges() {
  let drop = () => {};
  const reference = cachedPricingReference((fn) => {
    drop = fn;
  });
  return { reference, change: () => drop() };
}

describe("cachedPricingReference", () => {
  it("reads tax rates and pickup stores once, also for calls at the same time", async () => {
    const db = fakeQueries();
    const { reference } = withChanges();
    const rates = await Promise.all([reference.taxRates(db.q), reference.taxRates(db.q), reference.taxRates(db.q)]);
    expect(rates.map((r) => r.get("standard"))).toEqual([2550, 2550, 2550]);
    await reference.pickupStores(db.q);
    await reference.pickupStores(db.q);
    await reference.pickupPoints(db.q);
    await reference.pickupPoints(db.q);
    expect(db.reads).toEqual({ taxRates: 1, pickupStores: 1, pickupPoints: 1 });
  });

  it("reads again after a wholesale change is recorded", async () => {
    const db = fakeQueries();
    const { reference, change } = withChanges();
    expect((await reference.taxRates(db.q)).get("standard")).toBe(2550);
    db.setRate(2400);
    change();
    expect((await reference.taxRates(db.q)).get("standard")).toBe(2400);
    await reference.pickupStores(db.q);
    await reference.pickupPoints(db.q);
    change();
    await reference.pickupPoints(db.q);
    expect(db.reads).toEqual({ taxRates: 2, pickupStores: 1, pickupPoints: 2 });
  });

  it("does not keep a failed read", async () => {
    const db = fakeQueries();
    const { reference } = withChanges();
    db.setFail(true);
    await expect(reference.taxRates(db.q)).rejects.toThrow("connection lost");
    db.setFail(false);
    expect((await reference.taxRates(db.q)).get("standard")).toBe(2550);
    expect(db.reads.taxRates).toBe(2);
  });
});
