import { describe, expect, it } from "vitest";
import {
  ageOn,
  birthday,
  check,
  confirmation,
  email,
  maxLength,
  minLength,
  parseDottedDate,
  password,
  required,
  visibleLength,
} from "./validation.ts";

describe("field rules (spec §5)", () => {
  it.each(["", "   "])("%j is required", (value) => {
    expect(required(value)).toEqual({ key: "validation.required" });
  });
  it.each(["matti@example.fi", "a.b+c@sub.example.com"])("%s is an email address", (value) => {
    expect(email(value)).toBeNull();
  });
  it.each(["matti", "matti@", "@example.fi", "matti@example", "ma tti@example.fi"])("%s is not", (value) => {
    expect(email(value)).toEqual({ key: "validation.email" });
  });
  it("asks for the field before the format", () => {
    expect(email("")).toEqual({ key: "validation.required" });
  });
  it.each([
    ["Short1!", { key: "validation.passwordLength", values: { minLength: 8 } }],
    ["alllowercase", { key: "validation.passwordClasses" }],
    ["lower and UPPER", null],
    ["lower1234", { key: "validation.passwordClasses" }],
    ["Lower1234", null],
  ])("password %s", (value, expected) => {
    expect(password(value)).toEqual(expected);
  });
  it("needs the confirmation to match", () => {
    expect(confirmation("a", "b")).toEqual({ key: "validation.passwordsMatch" });
    expect(confirmation("a", "a")).toBeNull();
  });
  it("limits length and stops at the first problem", () => {
    expect(check("abcdef", required, maxLength(5))).toEqual({ key: "validation.maxLength", values: { maxLength: 5 } });
    expect(check("", required, maxLength(5))).toEqual({ key: "validation.required" });
  });
});

describe("birthday (spec §5: dd.MM.yyyy, age 15 to 100)", () => {
  const on = { year: 2026, month: 3, day: 1 };
  it("reads real dates only, with or without leading zeros", () => {
    expect(parseDottedDate("05.03.1990")).toEqual({ year: 1990, month: 3, day: 5 });
    expect(parseDottedDate("5.3.1990")).toEqual({ year: 1990, month: 3, day: 5 });
    expect(parseDottedDate("29.02.2023")).toBeNull();
    expect(parseDottedDate("1990-03-05")).toBeNull();
    expect(parseDottedDate("32.01.1990")).toBeNull();
  });
  it("counts whole years, a 29 February birthday turning on 1 March", () => {
    expect(ageOn({ year: 2008, month: 2, day: 29 }, on)).toBe(18);
    expect(ageOn({ year: 2008, month: 3, day: 2 }, on)).toBe(17);
  });
  it("names the rule a birthday breaks", () => {
    expect(birthday("", on)).toBeNull();
    expect(birthday("01.03.2011", on)).toBeNull();
    expect(birthday("02.03.2011", on)).toEqual({ key: "validation.minAge", values: { minAge: 15 } });
    expect(birthday("01.03.1926", on)).toBeNull();
    expect(birthday("28.02.1925", on)).toEqual({ key: "validation.maxAge", values: { maxAge: 100 } });
    expect(birthday("02.03.2026", on)).toEqual({ key: "validation.dateFuture" });
    expect(birthday("2.3", on)).toEqual({ key: "validation.dateFormat" });
  });
});

describe("minLength (spec §5: Insert at least {count} characters)", () => {
  it("counts the text without the spaces at its ends", () => {
    expect(minLength(10)("  lyhyt    ")).toEqual({ key: "validation.minLength", values: { minLength: 10 } });
    expect(minLength(10)("kymmenen m")).toBeNull();
  });
});

describe("lengths as a person counts them (issue 37)", () => {
  it("counts an emoji, a flag, a family and a letter with a combining accent as one character each", () => {
    expect(visibleLength("Virtanen")).toBe(8);
    expect(visibleLength("Äijälä")).toBe(6);
    expect(visibleLength("😀")).toBe(1);
    expect(visibleLength("🇫🇮")).toBe(1);
    expect(visibleLength("👨‍👩‍👧")).toBe(1);
    expect(visibleLength("A\u0308iti")).toBe(4);
    // A 49-letter last name with one emoji is 50 characters: within a limit of 50.
    const name = `${"a".repeat(49)}😀`;
    expect(name.length).toBe(51);
    expect(maxLength(50)(name)).toBeNull();
    expect(maxLength(50)(`${name}b`)).toEqual({ key: "validation.maxLength", values: { maxLength: 50 } });
  });
});
