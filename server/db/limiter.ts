// Admission for the shop's write transactions. Every cart and checkout write locks its cart and
// re-prices it inside a transaction that holds a pool connection and makes several round trips;
// unbounded, twenty shoppers buying at once hold every connection and most of the CPU, and the
// reads behind every page (a render after a stock change, the product API) queue behind them.
// At most `max` writes run at once; the others wait their turn, first come first served.

export interface Limiter {
  run<T>(fn: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`a limiter needs at least one place, not ${max}`);
  let active = 0;
  const queue: (() => void)[] = [];
  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    async run(fn) {
      if (active < max) active++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await fn();
      } finally {
        // The place passes straight to the next in line, so a newcomer cannot overtake it.
        const next = queue.shift();
        if (next) next();
        else active--;
      }
    },
  };
}
