// A small seeded PRNG (mulberry32): the demo data must come out the same on every run, so
// nothing in the generator may use Math.random.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** count distinct items of list, in random order. */
  sample<T>(list: readonly T[], count: number): T[];
  /** Picks by weight: weights[i] is the relative chance of list[i]. */
  weighted<T>(list: readonly T[], weights: readonly number[]): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const at = <T>(list: readonly T[], index: number): T => {
    if (index < 0 || index >= list.length) throw new Error("random: pick from an empty list");
    return list[index] as T;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (list) => at(list, Math.floor(next() * list.length)),
    sample(list, count) {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [at(copy, j), at(copy, i)];
      }
      return copy.slice(0, count);
    },
    weighted(list, weights) {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let roll = next() * total;
      for (let i = 0; i < list.length; i++) {
        roll -= weights[i] ?? 0;
        if (roll < 0) return at(list, i);
      }
      return at(list, list.length - 1);
    },
  };
}

/** A separate stream per part of the data, so that e.g. the product count does not change the categories. */
export function streamSeed(base: number, name: string): number {
  let hash = base >>> 0;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}
