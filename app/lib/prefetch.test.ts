// Prefetch policy (spec §9): skipped on 2g or data-saver.
import { describe, expect, it } from "vitest";
import { prefetchBehavior, shouldPrefetch } from "./prefetch.ts";

describe("shouldPrefetch", () => {
  it("prefetches when nothing is known about the connection", () => {
    expect(shouldPrefetch()).toBe(true);
    expect(shouldPrefetch(null)).toBe(true);
    expect(shouldPrefetch({})).toBe(true);
  });

  it("prefetches on 3g and 4g", () => {
    expect(shouldPrefetch({ effectiveType: "4g" })).toBe(true);
    expect(shouldPrefetch({ effectiveType: "3g", saveData: false })).toBe(true);
  });

  it("skips prefetching on 2g and slow-2g", () => {
    expect(shouldPrefetch({ effectiveType: "2g" })).toBe(false);
    expect(shouldPrefetch({ effectiveType: "slow-2g" })).toBe(false);
    expect(shouldPrefetch({ effectiveType: "SLOW-2G" })).toBe(false);
  });

  it("skips prefetching with data-saver on, whatever the speed", () => {
    expect(shouldPrefetch({ saveData: true })).toBe(false);
    expect(shouldPrefetch({ saveData: true, effectiveType: "4g" })).toBe(false);
  });
});

describe("prefetchBehavior", () => {
  it("gives the Link prefetch value", () => {
    expect(prefetchBehavior({ effectiveType: "4g" })).toBe("intent");
    expect(prefetchBehavior({ saveData: true })).toBe("none");
    expect(prefetchBehavior(undefined)).toBe("intent");
  });
});
