// The page-loading bar's timing (spec §4, §9): a route transition shows the bar only after
// 200 ms (quick ones never flash it), the bar creeps towards ~90 % over 5000 ms, jumps to
// 100 % when the transition ends (in the sale colour when it ended on an error) and is gone
// 500 ms later. Timers and clock are injected so the tests run with fake timers.

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_AFTER_MS = 500;
/** How often the bar's value is recomputed while it runs. */
export const PROGRESS_TICK_MS = 100;
/** Where the bar stands at PROGRESS_DURATION_MS; it waits there until the transition ends. */
export const PROGRESS_CEILING = 90;

export type ProgressPhase = "hidden" | "pending" | "running" | "finishing";

export interface ProgressState {
  phase: ProgressPhase;
  /** 0–100. */
  value: number;
  failed: boolean;
}

export const HIDDEN_PROGRESS: ProgressState = { phase: "hidden", value: 0, failed: false };

/** The bar's value `elapsed` ms after it appeared: eases out to the ceiling at `duration`, then holds. */
export function estimateProgress(elapsed: number, duration = PROGRESS_DURATION_MS): number {
  if (!(elapsed > 0)) return 0;
  const t = Math.min(1, elapsed / duration);
  return PROGRESS_CEILING * (1 - (1 - t) ** 2);
}

export interface ProgressTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  now: () => number;
}

const defaultTimers: ProgressTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

export interface ProgressOptions {
  throttle?: number;
  duration?: number;
  hideAfter?: number;
  timers?: ProgressTimers;
}

/** start() when a transition begins, finish(failed) when it ends; subscribe/getState for React. */
export function createProgress(options: ProgressOptions = {}) {
  const throttle = options.throttle ?? PROGRESS_THROTTLE_MS;
  const duration = options.duration ?? PROGRESS_DURATION_MS;
  const hideAfter = options.hideAfter ?? PROGRESS_HIDE_AFTER_MS;
  const timers = options.timers ?? defaultTimers;
  let state: ProgressState = HIDDEN_PROGRESS;
  let startedAt = 0;
  let timeout: unknown;
  let interval: unknown;
  const listeners = new Set<() => void>();

  function set(next: ProgressState) {
    if (next.phase === state.phase && next.value === state.value && next.failed === state.failed) return;
    state = next;
    for (const listener of listeners) listener();
  }

  function stopTimers() {
    if (timeout !== undefined) timers.clearTimeout(timeout);
    if (interval !== undefined) timers.clearInterval(interval);
    timeout = undefined;
    interval = undefined;
  }

  function run() {
    stopTimers();
    startedAt = timers.now();
    set({ phase: "running", value: 0, failed: false });
    interval = timers.setInterval(() => {
      set({ phase: "running", value: estimateProgress(timers.now() - startedAt, duration), failed: false });
    }, PROGRESS_TICK_MS);
  }

  return {
    /** A transition began. Shows the bar after the throttle — at once if the bar is still on screen. */
    start() {
      if (state.phase === "pending" || state.phase === "running") return;
      if (state.phase === "finishing") {
        run();
        return;
      }
      stopTimers();
      set({ phase: "pending", value: 0, failed: false });
      timeout = timers.setTimeout(run, throttle);
    },
    /** The transition ended. A bar never shown stays hidden; a shown one fills up, then goes after `hideAfter`. */
    finish(failed = false) {
      if (state.phase === "hidden" || state.phase === "finishing") return;
      stopTimers();
      if (state.phase === "pending") {
        set(HIDDEN_PROGRESS);
        return;
      }
      set({ phase: "finishing", value: 100, failed });
      timeout = timers.setTimeout(() => {
        timeout = undefined;
        set(HIDDEN_PROGRESS);
      }, hideAfter);
    },
    /** Stops the timers (unmount); the bar is hidden. */
    dispose() {
      stopTimers();
      set(HIDDEN_PROGRESS);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getState: (): ProgressState => state,
  };
}

export type Progress = ReturnType<typeof createProgress>;
