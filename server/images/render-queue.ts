// The image renders' turn-taking (docs/decisions/0034): `slots` at once, the rest waiting in two
// lanes, plus `expressSlots` only the shop's own sizes (what its pages ask for) may use, so a
// thumbnail never waits for a large odd render to finish. The shop's sizes go first; anything
// else waits behind them, and past `maxWaiting` in its lane a request is refused at once with an
// estimate of when to try again, rather than queued behind a crowd it would wait minutes for.

export type Lane = "express" | "other";

/** No room to wait: answer 503 with Retry-After `retryAfter` seconds. */
export class QueueFull extends Error {
  readonly retryAfter: number;
  constructor(retryAfter: number) {
    super("the image render queue is full");
    this.retryAfter = retryAfter;
  }
}

export interface RenderQueue {
  run<T>(lane: Lane, fn: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createRenderQueue({
  slots,
  expressSlots = 0,
  maxWaiting,
}: {
  slots: number;
  expressSlots?: number;
  maxWaiting: Record<Lane, number>;
}): RenderQueue {
  let active = 0;
  let expressActive = 0;
  const lanes: Record<Lane, (() => void)[]> = { express: [], other: [] };
  // A running mean of render times, for Retry-After.
  let meanMs = 100;
  const waiting = () => lanes.express.length + lanes.other.length;
  return {
    get active() {
      return active + expressActive;
    },
    get waiting() {
      return waiting();
    },
    async run(lane, fn) {
      let own = false;
      if (active < slots) active++;
      else if (lane === "express" && expressActive < expressSlots) {
        expressActive++;
        own = true;
      } else {
        const queue = lanes[lane];
        if (queue.length >= maxWaiting[lane]) {
          const ahead = lane === "express" ? queue.length : waiting();
          throw new QueueFull(Math.min(60, Math.max(1, Math.ceil(((ahead + 1) * meanMs) / slots / 1000))));
        }
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      const started = performance.now();
      try {
        return await fn();
      } finally {
        meanMs = meanMs * 0.8 + (performance.now() - started) * 0.2;
        // The place passes straight to the next in line, the express lane first; an express
        // place only to the express lane.
        const next = own ? lanes.express.shift() : (lanes.express.shift() ?? lanes.other.shift());
        if (next) next();
        else if (own) expressActive--;
        else active--;
      }
    },
  };
}
