// At most `max` tasks at once, the others waiting their turn, first come first served: the
// shop's write transactions (server/cart/repository.ts: twenty shoppers buying must not hold
// every pool connection the page reads need) and image renders (server/images/service.ts).

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
