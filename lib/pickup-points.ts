// Pickup points (Noutopiste, decision 0010): the carriers' parcel lockers and agents a parcel
// can be sent to. The checkout offers the points nearest the shipping postcode; nearness is
// the numeric distance of Finnish postcodes, which grow from the south (00100 Helsinki) to the
// north (99xxx Lapland) and keep one area's codes together — enough for a demo, no maps needed.

/** A pickup point as the API and the pages show it (opening hours in the store's language). */
export interface PickupPoint {
  id: number;
  carrier: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  country_code: string;
  opening_hours: string;
}

/** How many points the checkout offers. */
export const PICKUP_POINTS_SHOWN = 5;

/** A postcode to measure from: Finland's five digits. */
export const isPickupPostcode = (postcode: string) => /^\d{5}$/.test(postcode.trim());

/**
 * The `limit` points nearest the postcode, nearest first (ties by id, so the order is stable).
 * A point already chosen (`keep`) stays in the list, last, when it is not among them.
 */
export function nearestPickupPoints<T extends { id: number; postcode: string }>(
  points: readonly T[],
  postcode: string,
  limit = PICKUP_POINTS_SHOWN,
  keep: number | null = null,
): T[] {
  const from = Number(postcode.trim());
  const distance = (p: T) => (/^\d{5}$/.test(p.postcode) ? Math.abs(Number(p.postcode) - from) : Number.POSITIVE_INFINITY);
  const nearest = [...points].sort((a, b) => distance(a) - distance(b) || a.id - b.id).slice(0, limit);
  const kept = keep === null || nearest.some((p) => p.id === keep) ? undefined : points.find((p) => p.id === keep);
  return kept ? [...nearest, kept] : nearest;
}
