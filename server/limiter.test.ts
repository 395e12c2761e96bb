import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter.ts";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("createLimiter", () => {
  it("runs at most max at once, the rest in their order of arrival", async () => {
    const limiter = createLimiter(2);
    const started: number[] = [];
    const release: (() => void)[] = [];
    const runs = [0, 1, 2, 3].map((n) =>
      limiter.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => release.push(resolve));
        return n;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.waiting]).toEqual([2, 2]);
    release[0]?.();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    release[1]?.();
    await tick();
    release[2]?.();
    release[3]?.();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it("frees the place of a run that fails", async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await limiter.run(async () => "next")).toBe("next");
    expect(limiter.active).toBe(0);
  });

  it("refuses a limit below one", () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});
