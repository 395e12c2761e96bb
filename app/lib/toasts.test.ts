// The toast store: spec §9 durations, §8 duplicate suppression, §4 queue before the toast
// area exists, auto-dismiss — with Vitest's fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore, SESSION_EXPIRED_TOAST_DURATION, TOAST_DURATIONS, toastDuration, WISHLIST_TOAST_DURATION } from "./toasts.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function mountedStore() {
  const store = createToastStore({ isBrowser: () => true });
  store.mount();
  return store;
}

const texts = (store: ReturnType<typeof createToastStore>) => store.getSnapshot().map((t) => t.message);

describe("durations (spec §9)", () => {
  it("are 6000 ms by default, 4000 short, 8000 long, none for infinite", () => {
    expect(TOAST_DURATIONS).toEqual({ default: 6000, short: 4000, long: 8000, infinite: Number.POSITIVE_INFINITY });
    expect(toastDuration()).toBe(6000);
    expect(toastDuration("short")).toBe(4000);
    expect(toastDuration("long")).toBe(8000);
    expect(toastDuration("infinite")).toBe(Number.POSITIVE_INFINITY);
    expect(toastDuration(1234)).toBe(1234);
    expect(toastDuration(-5)).toBe(6000);
    expect(toastDuration(Number.NaN)).toBe(6000);
  });

  it("give wishlist toasts 4000 ms and the session-expired toast 6000 ms", () => {
    expect(toastDuration(WISHLIST_TOAST_DURATION)).toBe(4000);
    expect(toastDuration(SESSION_EXPIRED_TOAST_DURATION)).toBe(6000);
  });

  it.each([
    ["default", 6000],
    ["short", 4000],
    ["long", 8000],
  ] as const)("a %s toast leaves after %i ms", (duration, ms) => {
    const store = mountedStore();
    store.show({ message: "Hello", duration });
    vi.advanceTimersByTime(ms - 1);
    expect(texts(store)).toEqual(["Hello"]);
    vi.advanceTimersByTime(1);
    expect(texts(store)).toEqual([]);
  });

  it("an infinite toast stays until it is closed", () => {
    const store = mountedStore();
    const id = store.show({ message: "Stay", kind: "error", duration: "infinite" });
    vi.advanceTimersByTime(10 * 60_000);
    expect(texts(store)).toEqual(["Stay"]);
    store.dismiss(id ?? -1);
    expect(texts(store)).toEqual([]);
  });
});

describe("duplicates (spec §8)", () => {
  it("an identical toast already visible is not shown again", () => {
    const store = mountedStore();
    const first = store.show({ message: "Added to wishlist", kind: "success" });
    const second = store.show({ message: "Added to wishlist", kind: "success" });
    expect(second).toBe(first);
    expect(texts(store)).toEqual(["Added to wishlist"]);
  });

  it("the same text of another kind, or a different text, is shown", () => {
    const store = mountedStore();
    store.show({ message: "Saved", kind: "success" });
    store.show({ message: "Saved", kind: "error" });
    store.show({ message: "Other", kind: "success" });
    expect(store.getSnapshot().map((t) => `${t.kind}:${t.message}`)).toEqual(["success:Saved", "error:Saved", "success:Other"]);
  });

  it("text keys are identical when key and values are", () => {
    const store = mountedStore();
    store.show({ message: { key: "error.title" } });
    store.show({ message: { key: "error.title" } });
    store.show({ message: { key: "category.products", values: { count: 1 } } });
    store.show({ message: { key: "category.products", values: { count: 2 } } });
    expect(store.getSnapshot()).toHaveLength(3);
  });

  it("once the first has gone, the same toast can be shown again", () => {
    const store = mountedStore();
    store.show({ message: "Again", duration: "short" });
    vi.advanceTimersByTime(4000);
    store.show({ message: "Again", duration: "short" });
    expect(texts(store)).toEqual(["Again"]);
  });
});

describe("before the toast area mounts (spec §4)", () => {
  it("toasts are queued, then shown when it mounts, their time starting then", () => {
    const store = createToastStore({ isBrowser: () => true });
    store.show({ message: "Early", duration: "short" });
    store.show({ message: "Early", duration: "short" });
    store.show({ message: "Second", kind: "error" });
    expect(texts(store)).toEqual([]);
    expect(store.pending()).toHaveLength(2);

    vi.advanceTimersByTime(10_000); // time before mounting does not count
    const listener = vi.fn();
    store.subscribe(listener);
    store.mount();
    expect(listener).toHaveBeenCalled();
    expect(texts(store)).toEqual(["Early", "Second"]);
    expect(store.pending()).toHaveLength(0);
    vi.advanceTimersByTime(4000);
    expect(texts(store)).toEqual(["Second"]);
    vi.advanceTimersByTime(2000);
    expect(texts(store)).toEqual([]);
  });

  it("answers the server's own snapshot while nothing shows, so hydration renders the area once", () => {
    const store = createToastStore({ isBrowser: () => true });
    expect(store.getSnapshot()).toBe(store.getServerSnapshot());
    store.mount();
    expect(store.getSnapshot()).toBe(store.getServerSnapshot());
  });

  it("shows nothing and queues nothing on the server", () => {
    const store = createToastStore({ isBrowser: () => false });
    expect(store.show({ message: "Server" })).toBeUndefined();
    store.mount();
    expect(texts(store)).toEqual([]);
    expect(store.getServerSnapshot()).toEqual([]);
  });
});

describe("auto-dismiss", () => {
  it("pauses while the shopper is in a toast and resumes with the time left", () => {
    const store = mountedStore();
    store.show({ message: "Paused", duration: 1000 });
    vi.advanceTimersByTime(600);
    store.pause();
    vi.advanceTimersByTime(5000);
    expect(texts(store)).toEqual(["Paused"]);
    store.resume();
    vi.advanceTimersByTime(399);
    expect(texts(store)).toEqual(["Paused"]);
    vi.advanceTimersByTime(1);
    expect(texts(store)).toEqual([]);
  });

  it("notifies subscribers on show and dismiss, and clear empties everything", () => {
    const store = mountedStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ message: "One" });
    expect(listener).toHaveBeenCalledTimes(1);
    store.dismiss(id ?? -1);
    expect(listener).toHaveBeenCalledTimes(2);
    store.show({ message: "Two" });
    store.clear();
    expect(texts(store)).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
  });
});
