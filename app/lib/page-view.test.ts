// Page views (spec §4, §9): one push per full route change, 250 ms after it; a quicker
// navigation cancels the pending one; hash-only changes do not count.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildPageView, createPageViewScheduler, PAGE_VIEW_DELAY_MS, type PageViewEvent, pageViewKey } from "./page-view.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const ORIGIN = "https://kauppa.example";
const at = (pathname: string, search = "", hash = "") => ({ pathname, search, hash });

function setup() {
  const pushed: PageViewEvent[] = [];
  const scheduler = createPageViewScheduler((e) => pushed.push(e));
  let title = "Title";
  const visit = (location: ReturnType<typeof at>) =>
    scheduler.schedule(pageViewKey(location), () => buildPageView(location, ORIGIN, title));
  return { pushed, scheduler, visit, setTitle: (t: string) => (title = t) };
}

describe("page views", () => {
  it("push page_view 250 ms after a route change, with the title of that moment", () => {
    const { pushed, visit, setTitle } = setup();
    expect(PAGE_VIEW_DELAY_MS).toBe(250);
    visit(at("/c/women", "?sort=price_asc"));
    setTitle("Women | Kauppa");
    vi.advanceTimersByTime(249);
    expect(pushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(pushed).toEqual([
      {
        event: "page_view",
        page_path: "/c/women?sort=price_asc",
        page_location: "https://kauppa.example/c/women?sort=price_asc",
        page_title: "Women | Kauppa",
      },
    ]);
  });

  it("a navigation within 250 ms cancels the pending push", () => {
    const { pushed, visit } = setup();
    visit(at("/"));
    vi.advanceTimersByTime(100);
    visit(at("/c/men"));
    vi.advanceTimersByTime(249);
    expect(pushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(pushed.map((e) => e.page_path)).toEqual(["/c/men"]);
  });

  it("one push per navigation; a hash-only change is not a new page", () => {
    const { pushed, visit } = setup();
    visit(at("/"));
    vi.advanceTimersByTime(300);
    visit(at("/", "", "#language"));
    vi.advanceTimersByTime(300);
    visit(at("/c/women"));
    vi.advanceTimersByTime(300);
    visit(at("/c/women", "?page=2"));
    vi.advanceTimersByTime(300);
    visit(at("/"));
    vi.advanceTimersByTime(300);
    expect(pushed.map((e) => e.page_path)).toEqual(["/", "/c/women", "/c/women?page=2", "/"]);
  });

  it("going away and straight back within 250 ms counts the page again", () => {
    const { pushed, visit } = setup();
    visit(at("/"));
    vi.advanceTimersByTime(300);
    visit(at("/c/men"));
    vi.advanceTimersByTime(100);
    visit(at("/"));
    vi.advanceTimersByTime(300);
    expect(pushed.map((e) => e.page_path)).toEqual(["/", "/"]);
  });

  it("cancel (unmount, StrictMode's double effect) drops the pending push; scheduling again pushes once", () => {
    const { pushed, visit, scheduler } = setup();
    visit(at("/p/jacket"));
    scheduler.cancel();
    visit(at("/p/jacket"));
    visit(at("/p/jacket"));
    vi.advanceTimersByTime(1000);
    expect(pushed.map((e) => e.page_path)).toEqual(["/p/jacket"]);
    // Remounted on the same page: already counted.
    visit(at("/p/jacket"));
    vi.advanceTimersByTime(1000);
    expect(pushed).toHaveLength(1);
  });
});
