// When the back-to-top button shows (spec §2, §9): after scrolling more than 200 px, and only
// on pages whose main content is taller than 3 × the window. Scroll is debounced 50 ms,
// resize 100 ms (spec §9).

export const BACK_TO_TOP_MIN_SCROLL = 200;
export const BACK_TO_TOP_HEIGHT_FACTOR = 3;
export const SCROLL_DEBOUNCE_MS = 50;
export const RESIZE_DEBOUNCE_MS = 100;

export function shouldShowBackToTop({ scrollY, mainHeight, windowHeight }: { scrollY: number; mainHeight: number; windowHeight: number }) {
  return scrollY > BACK_TO_TOP_MIN_SCROLL && windowHeight > 0 && mainHeight > BACK_TO_TOP_HEIGHT_FACTOR * windowHeight;
}

export interface DebounceTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const defaultTimers: DebounceTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Runs `fn` once calls have stopped for `ms` (trailing edge); `cancel` drops a pending call. */
export function debounce(fn: () => void, ms: number, timers: DebounceTimers = defaultTimers) {
  let handle: unknown;
  const debounced = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = timers.setTimeout(() => {
      handle = undefined;
      fn();
    }, ms);
  };
  debounced.cancel = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };
  return debounced;
}
