// The check against bots on registration and the newsletter (docs/decisions/0019).
// ALTCHA by default: the shop signs a proof-of-work challenge (GET /api/altcha/challenge), the
// browser's widget (or an API client, with altcha-lib's solveChallenge) solves it, and the
// answer comes back with the form as `captcha`. An answer counts once (its nonce is kept in
// captcha_solutions until the challenge would have expired) and only before it expires.
// reCAPTCHA v2/v3 instead when both of its keys are configured: the token is checked with the
// configured verify URL (v3: at least the configured score).
// A page form without any answer (a browser without JavaScript cannot solve anything) is
// accepted once per client address per CAPTCHA_FALLBACK_SECONDS; the API always needs one.
import { createHmac } from "node:crypto";
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { keptSecret } from "../db/secrets.ts";
import { customerQueries } from "../customers/repository.ts";
import { AppError } from "../errors.ts";

export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
/** Where browsers and API clients fetch a challenge. */
export const ALTCHA_CHALLENGE_PATH = "/api/altcha/challenge";
/** The form and body field that carries the answer, whatever the provider. */
export const CAPTCHA_FIELD = "captcha";
/** An answer is a few hundred characters; anything much longer is not one. */
const MAX_ANSWER_LENGTH = 4000;
const HMAC_KEY_NAME = "altcha_hmac_key";

export interface CaptchaSettings {
  altcha: { hmacKey?: string; cost: number; maxCounter: number; expiresSeconds: number };
  /** A page form without an answer: one per client address in this many seconds (0: never). */
  fallbackSeconds: number;
  recaptcha?: { siteKey: string; secret: string; version: 2 | 3; minScore: number; verifyUrl: string };
}

/** What the pages (and API clients) need to know: public, the same for every shopper. */
export type CaptchaPublic = { provider: "altcha"; challengeUrl: string } | { provider: "recaptcha"; version: 2 | 3; siteKey: string };

export interface CaptchaServiceOptions {
  db: Db;
  settings: CaptchaSettings;
  clock?: () => number;
  fetch?: typeof fetch;
}

interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

function parseAltcha(answer: string): AltchaPayload | null {
  try {
    const text = answer.trimStart().startsWith("{") ? answer : Buffer.from(answer, "base64").toString("utf8");
    const value = JSON.parse(text) as Partial<AltchaPayload> | null;
    if (!value || typeof value !== "object") return null;
    const { challenge, solution } = value;
    if (!challenge || typeof challenge !== "object" || !challenge.parameters || typeof challenge.parameters !== "object") return null;
    if (!solution || typeof solution !== "object") return null;
    if (typeof challenge.parameters.nonce !== "string" || challenge.parameters.algorithm !== ALTCHA_ALGORITHM) return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

export function captchaSettings(config: {
  ALTCHA_HMAC_KEY?: string;
  ALTCHA_COST?: number;
  ALTCHA_MAX_COUNTER?: number;
  ALTCHA_EXPIRES_SECONDS?: number;
  CAPTCHA_FALLBACK_SECONDS?: number;
  RECAPTCHA_SITE_KEY?: string;
  RECAPTCHA_SECRET?: string;
  RECAPTCHA_VERSION?: "2" | "3";
  RECAPTCHA_MIN_SCORE?: number;
  RECAPTCHA_VERIFY_URL?: string;
}): CaptchaSettings {
  return {
    altcha: {
      hmacKey: config.ALTCHA_HMAC_KEY,
      cost: config.ALTCHA_COST ?? 1000,
      maxCounter: config.ALTCHA_MAX_COUNTER ?? 5000,
      expiresSeconds: config.ALTCHA_EXPIRES_SECONDS ?? 1200,
    },
    fallbackSeconds: config.CAPTCHA_FALLBACK_SECONDS ?? 600,
    recaptcha:
      config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET
        ? {
            siteKey: config.RECAPTCHA_SITE_KEY,
            secret: config.RECAPTCHA_SECRET,
            version: config.RECAPTCHA_VERSION === "2" ? 2 : 3,
            minScore: config.RECAPTCHA_MIN_SCORE ?? 0.5,
            verifyUrl: config.RECAPTCHA_VERIFY_URL ?? "https://www.google.com/recaptcha/api/siteverify",
          }
        : undefined,
  };
}

export function createCaptchaService({ db, settings, clock = Date.now, fetch: fetchImpl = fetch }: CaptchaServiceOptions) {
  const { altcha, recaptcha } = settings;
  let keys: Promise<{ signature: string; keySignature: string }> | undefined;

  /**
   * The HMAC key: the operator's, else one made by the first process and kept in the
   * database, so that a challenge one process signed verifies in every other.
   */
  function hmacKeys() {
    keys ??= (async () => {
      const key = await keptSecret(db, HMAC_KEY_NAME, altcha.hmacKey);
      return { signature: key, keySignature: createHmac("sha256", key).update("altcha-key-signature").digest("hex") };
    })();
    keys.catch(() => {
      keys = undefined;
    });
    return keys;
  }

  async function checkAltcha(answer: string) {
    const payload = parseAltcha(answer);
    if (!payload) throw new AppError(400, "captcha_failed", { field: CAPTCHA_FIELD });
    const expiresAt = payload.challenge.parameters.expiresAt;
    if (!expiresAt || expiresAt * 1000 <= clock()) throw new AppError(400, "captcha_expired", { field: CAPTCHA_FIELD });
    const secrets = await hmacKeys();
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secrets.signature,
        hmacKeySignatureSecret: secrets.keySignature,
      });
      if (result.expired) throw new AppError(400, "captcha_expired", { field: CAPTCHA_FIELD });
      verified = result.verified;
    } catch (error) {
      if (error instanceof AppError) throw error;
      verified = false; // a malformed challenge the library refuses to read
    }
    if (!verified) throw new AppError(400, "captcha_failed", { field: CAPTCHA_FIELD });
    // Single use across every process: the first to record the nonce wins.
    const recorded = await db.execute(
      sql`INSERT INTO captcha_solutions (id, expires_at) VALUES (${payload.challenge.parameters.nonce}, ${new Date(expiresAt * 1000).toISOString()}::timestamptz)
          ON CONFLICT (id) DO NOTHING RETURNING id`,
    );
    if (recorded.rows.length === 0) throw new AppError(400, "captcha_replayed", { field: CAPTCHA_FIELD });
  }

  async function checkRecaptcha(config: NonNullable<CaptchaSettings["recaptcha"]>, answer: string, clientAddress: string) {
    const body = new URLSearchParams({ secret: config.secret, response: answer });
    if (clientAddress && clientAddress !== "unknown") body.set("remoteip", clientAddress);
    let reply: { success?: boolean; score?: number };
    try {
      const response = await fetchImpl(config.verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`reCAPTCHA verify answered ${response.status}`);
      reply = (await response.json()) as typeof reply;
    } catch {
      throw new AppError(503, "captcha_unavailable");
    }
    // Google itself refuses a token used before ("timeout-or-duplicate").
    if (reply.success !== true) throw new AppError(400, "captcha_failed", { field: CAPTCHA_FIELD });
    if (config.version === 3 && !(typeof reply.score === "number" && reply.score >= config.minScore))
      throw new AppError(400, "captcha_failed", { field: CAPTCHA_FIELD });
  }

  /** Checks an answer: a missing one is 400 captcha_required. */
  async function verify(answer: string | null | undefined, clientAddress: string) {
    if (!answer) throw new AppError(400, "captcha_required", { field: CAPTCHA_FIELD });
    if (answer.length > MAX_ANSWER_LENGTH) throw new AppError(400, "captcha_failed", { field: CAPTCHA_FIELD });
    if (recaptcha) await checkRecaptcha(recaptcha, answer, clientAddress);
    else await checkAltcha(answer);
  }

  return {
    publicConfig(): CaptchaPublic {
      return recaptcha
        ? { provider: "recaptcha", version: recaptcha.version, siteKey: recaptcha.siteKey }
        : { provider: "altcha", challengeUrl: ALTCHA_CHALLENGE_PATH };
    },

    /** A new signed ALTCHA challenge (404 while reCAPTCHA is the shop's check). */
    async challenge(): Promise<Challenge> {
      if (recaptcha) throw new AppError(404, "not_found");
      const secrets = await hmacKeys();
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: altcha.cost,
        // The solver counts up from 0 to this number: the work asked is counter × cost.
        counter: randomInt(altcha.maxCounter, Math.max(1, Math.floor(altcha.maxCounter / 5))),
        deriveKey,
        expiresAt: new Date(clock() + altcha.expiresSeconds * 1000),
        hmacSignatureSecret: secrets.signature,
        hmacKeySignatureSecret: secrets.keySignature,
      });
    },

    /** For API requests: an answer is required. */
    verify,

    /**
     * For the pages' forms: with an answer, as `verify`; without one (no JavaScript), one
     * form per client address per `fallbackSeconds`, else 429 captcha_fallback_limit.
     */
    async verifyForm(answer: string | null | undefined, clientAddress: string) {
      if (answer) return verify(answer, clientAddress);
      if (settings.fallbackSeconds <= 0) throw new AppError(400, "captcha_required", { field: CAPTCHA_FIELD });
      const taken = await customerQueries(db).takeTurn(`captchaless:${clientAddress}`, new Date(clock()), settings.fallbackSeconds * 1000);
      if (!taken) throw new AppError(429, "captcha_fallback_limit", { params: { minutes: Math.ceil(settings.fallbackSeconds / 60) } });
    },

    /** Drops the record of answers whose challenges have expired (hourly, from services.ts). */
    async deleteExpired() {
      await db.execute(sql`DELETE FROM captcha_solutions WHERE expires_at < ${new Date(clock()).toISOString()}::timestamptz`);
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
