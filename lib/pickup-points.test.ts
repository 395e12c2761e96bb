import { describe, expect, it } from "vitest";
import { isPickupPostcode, nearestPickupPoints } from "./pickup-points.ts";

const points = [
  { id: 1, postcode: "00100" },
  { id: 2, postcode: "00180" },
  { id: 3, postcode: "33100" },
  { id: 4, postcode: "00120" },
  { id: 5, postcode: "90100" },
  { id: 6, postcode: "00120" },
];

describe("nearestPickupPoints", () => {
  it("orders by postcode distance, ties by id, and keeps the limit", () => {
    expect(nearestPickupPoints(points, "00130", 3).map((p) => p.id)).toEqual([4, 6, 1]);
    expect(nearestPickupPoints(points, "90000", 2).map((p) => p.id)).toEqual([5, 3]);
  });

  it("keeps a chosen point that is not among the nearest, last", () => {
    expect(nearestPickupPoints(points, "00100", 2, 5).map((p) => p.id)).toEqual([1, 4, 5]);
    expect(nearestPickupPoints(points, "00100", 2, 1).map((p) => p.id)).toEqual([1, 4]);
    // A chosen point that no longer exists adds nothing.
    expect(nearestPickupPoints(points, "00100", 2, 99).map((p) => p.id)).toEqual([1, 4]);
  });

  it("measures only from five-digit postcodes", () => {
    expect(isPickupPostcode("00100")).toBe(true);
    expect(isPickupPostcode(" 33100 ")).toBe(true);
    for (const bad of ["0010", "001000", "oo100", ""]) expect(isPickupPostcode(bad)).toBe(false);
  });
});
