import { describe, expect, it } from "vitest";
import { hashPassword, isCommonPassword, needsRehash, passwordProblem, SCRYPT_COST, verifyPassword } from "./passwords.ts";

describe("password rules (spec §5)", () => {
  it.each([
    ["", "", { rule: "required" }],
    ["Ab1!xyz", "Ab1!xyz", { rule: "passwordLength", minLength: 8 }],
    ["abcdefgh12", "abcdefgh12", { rule: "passwordClasses" }],
    ["Password1", "Password1", { rule: "commonPassword" }],
    ["Qwerty123", "Qwerty123", { rule: "commonPassword" }],
    ["Tuuli-Puu7", "Tuuli-Puu8", { rule: "passwordsMatch" }],
    [`Aa1!${"x".repeat(253)}`, `Aa1!${"x".repeat(253)}`, { rule: "maxLength", maxLength: 256 }],
  ])("%j / %j breaks %j", (password, confirm, rule) => {
    expect(passwordProblem(password, confirm)).toEqual(rule);
  });

  it("takes 3 of the 4 classes in any combination, and 256 characters", () => {
    for (const good of ["tuuli-puu7", "TUULI-PUU7", "Tuulipuu77", "Tuuli-Puuta", `Aa1!${"x".repeat(252)}`])
      expect(passwordProblem(good, good), good).toBeNull();
  });

  it("knows the most common passwords in any case", () => {
    expect(isCommonPassword("abc123")).toBe(false); // 8 characters or more only: shorter ones fail the length rule first
    expect(isCommonPassword("iloveyou")).toBe(true);
    expect(isCommonPassword("PASSWORD1")).toBe(true);
    expect(isCommonPassword("Tuuli-Puu7")).toBe(false);
  });
});

describe("password hashes", () => {
  it("verify the password they were made from, whole (no truncation), and nothing else", async () => {
    const long = `Kauppa-${"pitkä salasana ".repeat(6)}9`; // 98 characters, not ASCII only
    const hash = await hashPassword(long);
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword(long, hash)).toBe(true);
    expect(await verifyPassword(long.slice(0, 72), hash)).toBe(false);
    expect(await verifyPassword(`${long}x`, hash)).toBe(false);
    expect(await verifyPassword(long, await hashPassword(long))).toBe(true); // salted: another hash, still verifies
    expect(await hashPassword(long)).not.toBe(hash);
  });

  it("carry their cost, so a cheaper old hash is renewed", async () => {
    const cheap = await hashPassword("Tuuli-Puu7", { N: 2 ** 10, r: 8, p: 1 });
    expect(await verifyPassword("Tuuli-Puu7", cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(await hashPassword("Tuuli-Puu7", SCRYPT_COST))).toBe(false);
    expect(await verifyPassword("Tuuli-Puu7", "not a hash")).toBe(false);
  });
});
