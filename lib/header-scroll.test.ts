import { describe, expect, it } from "vitest";
import { HEADER_OFFSET_DESKTOP, headerAfterScroll, type HeaderScroll } from "./header-scroll.ts";

/** Whether the header is away after each scroll position, from the top. */
function run(ys: number[], offset = HEADER_OFFSET_DESKTOP): boolean[] {
  let state: HeaderScroll = { hidden: false, y: 0 };
  return ys.map((y) => {
    state = headerAfterScroll(state, y, offset);
    return state.hidden;
  });
}

describe("the header on scroll (spec §9)", () => {
  it("stays while the page is within the offset, and slides away scrolling down past it", () => {
    expect(run([40, 78, 79, 300])).toEqual([false, false, true, true]);
    expect(run([1], 0)).toEqual([true]);
  });
  it("comes back scrolling up by more than 2 px, not by 2 or less, and at the top", () => {
    expect(run([400, 398, 397])).toEqual([true, true, false]);
    expect(run([400, 399, 398, 500, 497])).toEqual([true, true, true, true, false]);
    expect(run([400, 60])).toEqual([true, false]);
  });
});
