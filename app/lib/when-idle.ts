// Work a page can do a moment later (fetching what it shows below the fold): run in a task of its
// own once the browser is idle, not inside the effects React runs after hydrating the whole page,
// whose one long task is what a phone's first tap waits for (issue 16, Lighthouse's TBT).

/** The longest `callback` waits for an idle moment. */
const IDLE_TIMEOUT_MS = 500;

/** Runs `callback` once the browser is idle (within IDLE_TIMEOUT_MS); the function returned cancels it. */
export function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(() => callback(), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 1);
  return () => clearTimeout(handle);
}
