// Passing the shop's check against bots as a browser's widget does (docs/decisions/0019): a
// challenge from GET /api/altcha/challenge, solved with altcha-lib, sent as `captcha`. Cheap
// because test shops run at a low cost (ALTCHA_TEST_SETTINGS), never by switching the check off.
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/** Settings that make a challenge cheap to solve (a few dozen PBKDF2 rounds of one iteration). */
export const ALTCHA_TEST_SETTINGS = { ALTCHA_COST: 1, ALTCHA_MAX_COUNTER: 50 } as const;
export const ALTCHA_TEST_ENV = { ALTCHA_COST: "1", ALTCHA_MAX_COUNTER: "50" } as const;

/** The answer to a challenge, as the widget sends it: base64(JSON { challenge, solution }). */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A fresh answer from a shop reached through `get` (app.request in-process, or fetch). */
export async function solvedCaptcha(get: (path: string) => Promise<Response>): Promise<string> {
  const response = await get("/api/altcha/challenge");
  if (!response.ok) throw new Error(`challenge: ${response.status}`);
  return solve((await response.json()) as Challenge);
}
