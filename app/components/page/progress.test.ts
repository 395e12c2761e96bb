// The loading bar's timing (spec §9: 200 ms throttle, 5000 ms duration, hidden 500 ms after finishing).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createProgress, estimateProgress, PROGRESS_CEILING } from "./progress.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("estimateProgress", () => {
  it("starts at 0, rises steadily and reaches ~90 % at 5000 ms, then holds", () => {
    expect(estimateProgress(0)).toBe(0);
    expect(estimateProgress(-10)).toBe(0);
    const samples = [500, 1000, 2000, 3000, 4000, 5000].map((ms) => estimateProgress(ms));
    for (let i = 1; i < samples.length; i++) expect(samples[i]).toBeGreaterThan(samples[i - 1] ?? 0);
    expect(estimateProgress(5000)).toBe(PROGRESS_CEILING);
    expect(estimateProgress(60_000)).toBe(PROGRESS_CEILING);
    expect(PROGRESS_CEILING).toBe(90);
  });
});

describe("the loading bar", () => {
  it("never appears for a transition shorter than 200 ms", () => {
    const progress = createProgress();
    const listener = vi.fn();
    progress.subscribe(listener);
    progress.start();
    vi.advanceTimersByTime(199);
    expect(progress.getState().phase).toBe("pending");
    progress.finish();
    expect(progress.getState().phase).toBe("hidden");
    vi.advanceTimersByTime(1000);
    expect(progress.getState().phase).toBe("hidden");
  });

  it("appears after 200 ms, creeps up, fills on finish and is hidden 500 ms later", () => {
    const progress = createProgress();
    progress.start();
    vi.advanceTimersByTime(200);
    expect(progress.getState()).toEqual({ phase: "running", value: 0, failed: false });
    vi.advanceTimersByTime(1000);
    const after1s = progress.getState().value;
    expect(after1s).toBeGreaterThan(20);
    expect(after1s).toBeLessThan(50);
    vi.advanceTimersByTime(4000);
    expect(progress.getState().value).toBeCloseTo(90, 5);
    vi.advanceTimersByTime(20_000);
    expect(progress.getState().value).toBeCloseTo(90, 5);

    progress.finish();
    expect(progress.getState()).toEqual({ phase: "finishing", value: 100, failed: false });
    vi.advanceTimersByTime(499);
    expect(progress.getState().phase).toBe("finishing");
    vi.advanceTimersByTime(1);
    expect(progress.getState().phase).toBe("hidden");
  });

  it("marks a failed transition", () => {
    const progress = createProgress();
    progress.start();
    vi.advanceTimersByTime(300);
    progress.finish(true);
    expect(progress.getState()).toEqual({ phase: "finishing", value: 100, failed: true });
    vi.advanceTimersByTime(500);
    expect(progress.getState().phase).toBe("hidden");
  });

  it("a new transition while the bar is still fading restarts it at once", () => {
    const progress = createProgress();
    progress.start();
    vi.advanceTimersByTime(300);
    progress.finish();
    vi.advanceTimersByTime(100);
    progress.start();
    expect(progress.getState()).toEqual({ phase: "running", value: 0, failed: false });
    vi.advanceTimersByTime(1000); // the old hide timer must not fire
    expect(progress.getState().phase).toBe("running");
  });

  it("ignores repeated start and finish calls", () => {
    const progress = createProgress();
    progress.finish();
    expect(progress.getState().phase).toBe("hidden");
    progress.start();
    vi.advanceTimersByTime(150);
    progress.start(); // does not restart the throttle
    vi.advanceTimersByTime(50);
    expect(progress.getState().phase).toBe("running");
    progress.finish();
    progress.finish(true);
    expect(progress.getState().failed).toBe(false);
    progress.dispose();
  });
});
