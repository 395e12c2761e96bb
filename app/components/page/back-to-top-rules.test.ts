// Back-to-top visibility (spec §2: > 200 px scrolled, main > 3 × window height) and the
// scroll/resize debounce (spec §9: 50 ms / 100 ms).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce, RESIZE_DEBOUNCE_MS, SCROLL_DEBOUNCE_MS, shouldShowBackToTop } from "./back-to-top-rules.ts";

describe("shouldShowBackToTop", () => {
  const long = { mainHeight: 3000, windowHeight: 900 }; // 3000 > 2700

  it("shows after more than 200 px of scrolling on a long page", () => {
    expect(shouldShowBackToTop({ ...long, scrollY: 0 })).toBe(false);
    expect(shouldShowBackToTop({ ...long, scrollY: 200 })).toBe(false);
    expect(shouldShowBackToTop({ ...long, scrollY: 201 })).toBe(true);
  });

  it("never shows when main is not taller than 3 × the window", () => {
    expect(shouldShowBackToTop({ mainHeight: 2700, windowHeight: 900, scrollY: 1500 })).toBe(false);
    expect(shouldShowBackToTop({ mainHeight: 2701, windowHeight: 900, scrollY: 1500 })).toBe(true);
    expect(shouldShowBackToTop({ mainHeight: 0, windowHeight: 900, scrollY: 1500 })).toBe(false);
  });

  it("does not show with no window height (nothing measured yet)", () => {
    expect(shouldShowBackToTop({ mainHeight: 3000, windowHeight: 0, scrollY: 500 })).toBe(false);
  });
});

describe("debounce", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs once, 50 ms after the last scroll event", () => {
    const fn = vi.fn();
    const onScroll = debounce(fn, SCROLL_DEBOUNCE_MS);
    expect(SCROLL_DEBOUNCE_MS).toBe(50);
    for (let i = 0; i < 10; i++) {
      onScroll();
      vi.advanceTimersByTime(20);
    }
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(29);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("waits 100 ms for resize, and can be cancelled", () => {
    const fn = vi.fn();
    const onResize = debounce(fn, RESIZE_DEBOUNCE_MS);
    expect(RESIZE_DEBOUNCE_MS).toBe(100);
    onResize();
    vi.advanceTimersByTime(99);
    onResize.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
    onResize();
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
