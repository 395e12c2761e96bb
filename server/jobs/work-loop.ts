// The loop behind every transactional outbox (the mail outbox, decision 0005; the purchase
// reports, decision 0031): a process works through due jobs at once after its own commits
// (nudge), polls for the rest (other processes' jobs left by a crash, retries) and on start-up.
// One job at a time, in batches that let the event loop breathe; stop() ends after the job in
// hand. Claiming, doing and marking a job is the caller's `step` (false: nothing due now).

export interface WorkLoopOptions {
  /** Claims and does one due job; false when none is due (or all are claimed elsewhere). */
  step: () => Promise<boolean>;
  /** How often to look for due jobs (0: only when nudged). */
  pollMs: number;
  log: (error: unknown) => void;
  /** Jobs one drain does before it yields (it goes on right after). */
  batch?: number;
}

/** A failure's wait before the next try: base, twice that, four times… at most `max`. */
export const backoff = (baseMs: number, maxMs: number) => (attempts: number) => Math.min(maxMs, baseMs * 2 ** attempts);

export function createWorkLoop({ step, pollMs, log, batch = 50 }: WorkLoopOptions) {
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  /** Set by stop(): the loop ends after the job in hand instead of the whole batch. */
  let halted = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function drain(interrupted: () => boolean = () => false): Promise<number> {
    let done = 0;
    for (let i = 0; i < batch; i++) {
      if (interrupted() || !(await step())) return done;
      done++;
    }
    again = true;
    return done;
  }

  function nudge() {
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await drain(() => halted).catch((error: unknown) => log(error));
      } while (again && started);
      running = null;
    })();
  }

  return {
    nudge,
    /** Does what is due now (also when stopped): for tests and tools. */
    drain: () => drain(),
    start() {
      if (started) return;
      started = true;
      halted = false;
      nudge();
      if (pollMs > 0) {
        timer = setInterval(nudge, pollMs);
        timer.unref();
      }
    },
    /** Stops; resolves once a job in progress has finished. */
    async stop() {
      started = false;
      halted = true;
      clearInterval(timer);
      await running;
    },
  };
}
