// Password rules (spec §5, docs/decisions/0014) and hashing. The rules are the browser's
// (lib/validation.ts: at least 8 characters, 3 of the 4 character classes, confirmation
// equal) plus what only the server checks: at most 256 characters (never truncated: scrypt
// reads every byte) and not one of the 10,000 most common passwords of 8 or more characters.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import { promisify } from "node:util";
import type { ErrorParams } from "../../lib/errors/catalogue.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import { confirmation, password as passwordRule } from "../../lib/validation.ts";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * scrypt cost: N = 2^15, r = 8, p = 1 (32 MiB, about 100 ms on one core of the shop's
 * machine). The hash names its parameters, so a later, higher cost applies to new hashes
 * and to old ones at their next login.
 */
export const SCRYPT_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

type ScryptParams = { N: number; r: number; p: number };
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;
const derive = (password: string, salt: Buffer, cost: ScryptParams) =>
  // maxmem: Node's default (32 MiB) is exactly what N = 2^15, r = 8 needs, and it refuses at the limit.
  scryptAsync(password.normalize("NFC"), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r });

/** The public list (lower case), read once; a password is compared in lower case, so "Password1" counts as "password1". */
const COMMON = new Set(
  fs
    .readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean),
);

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());

export type PasswordRule = ErrorParams<"invalid_input">;

/** The first rule a new password and its confirmation break, as `invalid_input` params, or null. */
export function passwordProblem(password: string, confirm: string): PasswordRule | null {
  const problem = passwordRule(password, PASSWORD_MIN_LENGTH);
  if (problem) return inputProblem(problem);
  if (password.length > PASSWORD_MAX_LENGTH) return { rule: "maxLength", maxLength: PASSWORD_MAX_LENGTH };
  if (isCommonPassword(password)) return { rule: "commonPassword" };
  const mismatch = confirmation(confirm, password);
  return mismatch ? inputProblem(mismatch) : null;
}

/** `scrypt$N$r$p$salt$key` (base64url), so the cost travels with the hash. */
export async function hashPassword(password: string, cost: ScryptParams = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether a password matches a stored hash, in time that does not depend on where they differ. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made at a lower cost than today's (rehash after a successful login). */
export function needsRehash(stored: string, cost: ScryptParams = SCRYPT_COST): boolean {
  const [, n, r, p] = stored.split("$");
  return Number(n) !== cost.N || Number(r) !== cost.r || Number(p) !== cost.p;
}
