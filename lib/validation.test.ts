import { describe, expect, it } from "vitest";
import { check, confirmation, email, maxLength, password, required } from "./validation.ts";

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
