import { describe, expect, it } from "vitest";
import { movesFocus } from "./route-focus.ts";

const at = (pathname: string, search = "") => ({ pathname, search });

describe("focus after a client-side navigation", () => {
  it("leaves the first load alone", () => {
    expect(movesFocus(null, at("/c/women"), true)).toBe(false);
  });

  it("moves to the heading of a new page, wherever the focus was", () => {
    expect(movesFocus(at("/"), at("/c/women"), true)).toBe(true);
    expect(movesFocus(at("/"), at("/c/women"), false)).toBe(true);
    expect(movesFocus(at("/c/women", "?color=black"), at("/p/shirt"), false)).toBe(true);
  });

  it("keeps a filter or sort change where the shopper is, unless their control went away", () => {
    expect(movesFocus(at("/c/women"), at("/c/women", "?color=black"), false)).toBe(false);
    expect(movesFocus(at("/c/women", "?color=black"), at("/c/women"), true)).toBe(true);
  });

  it("leaves the same address alone", () => {
    expect(movesFocus(at("/c/women", "?page=2"), at("/c/women", "?page=2"), true)).toBe(false);
  });
});
