// Toast notifications (spec §8, §9, §4): a tiny store any browser code can call —
// `toast.show({ message, kind, duration })` — and the toast area (components/page/toasts.tsx)
// renders. Durations per spec §9; an identical toast already on screen is not shown again
// (§8); toasts raised before the area has mounted wait in a queue and appear when it mounts
// (§4). On the server `show` does nothing: a module-level store there would be shared by
// every request.
import type { MessageKey } from "../i18n/messages.ts";

/** Spec §9: default 6000 ms, short 4000, long 8000, infinite stays until closed. */
export const TOAST_DURATIONS = {
  default: 6000,
  short: 4000,
  long: 8000,
  infinite: Number.POSITIVE_INFINITY,
} as const;

/** Spec §9 presets for the callers that have one: wishlist toasts 4000 ms, session-expired 6000 ms. */
export const WISHLIST_TOAST_DURATION = "short" satisfies ToastDuration;
export const SESSION_EXPIRED_TOAST_DURATION = "default" satisfies ToastDuration;

export type ToastKind = "info" | "success" | "error";
export type ToastDuration = keyof typeof TOAST_DURATIONS | number;
/** A ready text, or a key of the store's texts (for code outside React, which cannot translate). */
export type ToastMessage = string | { key: MessageKey; values?: Record<string, string | number> };

export interface ToastInput {
  message: ToastMessage;
  kind?: ToastKind;
  duration?: ToastDuration;
}

export interface Toast {
  id: number;
  message: ToastMessage;
  kind: ToastKind;
  /** Milliseconds on screen; Infinity for a toast that stays until closed. */
  duration: number;
}

export interface ToastTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

export interface ToastStoreOptions {
  timers?: ToastTimers;
  /** False on the server: `show` is then a no-op. Read at each call. */
  isBrowser?: () => boolean;
}

/** Milliseconds a toast stays; Infinity for "infinite"; a bad number falls back to the default. */
export function toastDuration(duration: ToastDuration = "default"): number {
  if (typeof duration === "number") return duration > 0 && !Number.isNaN(duration) ? duration : TOAST_DURATIONS.default;
  return TOAST_DURATIONS[duration] ?? TOAST_DURATIONS.default;
}

/** Two toasts are identical when their kind and text (or text key and values) are. */
export function toastIdentity(message: ToastMessage, kind: ToastKind): string {
  return `${kind}\u0000${typeof message === "string" ? message : JSON.stringify([message.key, message.values ?? {}])}`;
}

const defaultTimers: ToastTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

interface Timer {
  handle: unknown;
  startedAt: number;
  remaining: number;
}

const EMPTY: readonly Toast[] = [];

export function createToastStore(options: ToastStoreOptions = {}) {
  const timers = options.timers ?? defaultTimers;
  const isBrowser = options.isBrowser ?? (() => typeof window !== "undefined" && typeof document !== "undefined");
  // The server's snapshot itself while nothing shows: a different empty list made React render
  // the area again, synchronously, in hydration's effects task (issue 16).
  let visible: readonly Toast[] = EMPTY;
  let queue: Toast[] = [];
  let mounts = 0;
  let paused = false;
  let nextId = 1;
  const running = new Map<number, Timer>();
  const listeners = new Set<() => void>();

  function emit() {
    for (const listener of listeners) listener();
  }

  function startTimer(toast: Toast, ms: number) {
    if (!Number.isFinite(ms)) return;
    const timer: Timer = { handle: undefined, startedAt: timers.now(), remaining: ms };
    if (!paused) timer.handle = timers.setTimeout(() => dismiss(toast.id), ms);
    running.set(toast.id, timer);
  }

  function present(toast: Toast): number {
    const identity = toastIdentity(toast.message, toast.kind);
    const same = visible.find((t) => toastIdentity(t.message, t.kind) === identity);
    if (same) return same.id;
    visible = [...visible, toast];
    startTimer(toast, toast.duration);
    return toast.id;
  }

  /** Shows a toast (or queues it until the area mounts); returns its id, or the id of the identical one already shown. */
  function show(input: ToastInput): number | undefined {
    if (!isBrowser()) return undefined;
    const kind = input.kind ?? "info";
    const toast: Toast = { id: nextId++, message: input.message, kind, duration: toastDuration(input.duration) };
    if (mounts === 0) {
      const identity = toastIdentity(toast.message, kind);
      const same = queue.find((t) => toastIdentity(t.message, t.kind) === identity);
      if (same) return same.id;
      queue.push(toast);
      return toast.id;
    }
    const id = present(toast);
    emit();
    return id;
  }

  function dismiss(id: number) {
    const timer = running.get(id);
    if (timer) timers.clearTimeout(timer.handle);
    running.delete(id);
    queue = queue.filter((t) => t.id !== id);
    const next = visible.filter((t) => t.id !== id);
    if (next.length !== visible.length) {
      visible = next;
      // Nothing left to hover or focus: a pause cannot outlive the toasts.
      if (!visible.length) paused = false;
      emit();
    }
  }

  /** The toast area calls this when it mounts: queued toasts appear now, their time starts now. Returns the unmount. */
  function mount(): () => void {
    mounts++;
    if (mounts === 1 && queue.length) {
      const waiting = queue;
      queue = [];
      for (const toast of waiting) present(toast);
      emit();
    }
    return () => {
      mounts = Math.max(0, mounts - 1);
    };
  }

  /** While the pointer is over a toast or focus is in one, no toast leaves (WCAG 2.2.1). */
  function pause() {
    if (paused) return;
    paused = true;
    const now = timers.now();
    for (const timer of running.values()) {
      timers.clearTimeout(timer.handle);
      timer.handle = undefined;
      timer.remaining = Math.max(0, timer.remaining - (now - timer.startedAt));
    }
  }

  function resume() {
    if (!paused) return;
    paused = false;
    const now = timers.now();
    for (const [id, timer] of running) {
      timer.startedAt = now;
      timer.handle = timers.setTimeout(() => dismiss(id), timer.remaining);
    }
  }

  function clear() {
    for (const timer of running.values()) timers.clearTimeout(timer.handle);
    running.clear();
    queue = [];
    if (visible.length) {
      visible = EMPTY;
      emit();
    }
  }

  return {
    show,
    dismiss,
    clear,
    mount,
    pause,
    resume,
    /** For useSyncExternalStore. */
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: (): readonly Toast[] => visible,
    getServerSnapshot: (): readonly Toast[] => EMPTY,
    /** Toasts waiting for the area to mount (for tests). */
    pending: (): readonly Toast[] => queue,
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The shop's one toast store: `toast.show({ message: "Saved", kind: "success" })`. */
export const toast: ToastStore = createToastStore();
