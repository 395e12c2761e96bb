// Customer accounts (issue 11, docs/decisions/0014): registration with a mailed confirmation,
// login sessions as random bearer tokens stored hashed, logout, forgotten passwords, and the
// newsletter box at registration (the list itself: server/newsletter). Mails go through the outbox in the transaction that causes them. Mailed
// keys are stored only as their sha256: a confirmation key travels in the outbox payload until
// its mail is sent (then it is removed from the row); a reset key is made when its mail is.
import { createHash, randomBytes } from "node:crypto";
import type { LocaleCode } from "../../lib/locales.ts";
import { NAME_MAX } from "../../lib/registration.ts";
import { email as emailRule, maxLength, required } from "../../lib/validation.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import type { Store } from "../catalog/service.ts";
import type { Db } from "../db/client.ts";
import { AppError, badInput } from "../errors.ts";
import { loyaltyQueries } from "../loyalty/repository.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { MailQueue } from "../mail/outbox.ts";
import type { Owner } from "../identity.ts";
import { renderAccountMail } from "../mail/templates/account-mails.ts";
import { newsletterQueries } from "../newsletter/repository.ts";
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from "./passwords.ts";
import { type AccountExecutor, type Customer, customerQueries, type TokenKind } from "./repository.ts";
import type { RateLimits } from "../rate-limits/service.ts";
import type { CaptchaService } from "../captcha/service.ts";

export type { Customer } from "./repository.ts";

/** Outbox kinds of the account mails. */
export const ACCOUNT_MAILS = {
  confirm: "account_confirmation",
  reset: "account_password_reset",
  /** Rendered by the newsletter service (server/newsletter/service.ts), with its unsubscribe link. */
  newsletter: "newsletter_welcome",
} as const;

export const NAME_MAX_LENGTH = NAME_MAX;

/** Default lifetimes (docs/decisions/0014). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CONFIRM_TTL_MS = 72 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** Reset mails to one address, at most one per this time (a form sent twice, a mailbox flooded). */
const RESET_MAIL_GAP_MS = 60 * 1000;
/** An unconfirmed customer who logs in gets a new confirmation link, at most this often. */
const CONFIRM_RESEND_MS = 10 * 60 * 1000;

/**
 * Failed logins (docs/decisions/0014, 0067), counted three ways: per account and client (the
 * browser's login-device key when it has logged in to the account before, else the client
 * address), per account over every client, and per client address. Up to `free` failures cost
 * nothing; then each one makes the next attempt wait 1 s, 2 s, 4 s, …; from `blockAt` on, the
 * next attempt waits `blockMs`. A quiet `windowMs` since the last failure starts the count again.
 * Attempts during a wait are refused without checking the password and without counting, so a
 * block always ends. The account's own wait never refuses a browser its owner has logged in
 * from, nor a client that answers the check against bots: whoever knows an email cannot keep
 * its owner out (issue 36).
 */
export const THROTTLE = {
  windowMs: 60 * 60 * 1000,
  client: { free: 5, blockAt: 10, blockMs: 15 * 60 * 1000 },
  account: { free: 10, blockAt: 20, blockMs: 15 * 60 * 1000 },
  address: { free: 20, blockAt: 50, blockMs: 15 * 60 * 1000 },
} as const;

type Policy = { free: number; blockAt: number; blockMs: number };
const waitAfter = (failures: number, p: Policy) =>
  failures < p.free ? 0 : failures >= p.blockAt ? p.blockMs : Math.min(p.blockMs, 1000 * 2 ** (failures - p.free));

export interface LoginInput {
  email: string;
  password: string;
  /** The answer of the check against bots: lets a client through the account's own wait. */
  captcha?: string;
}

/** Who is logging in: the client address, and the browser's login-device key if it has one. */
export interface LoginClient {
  address: string;
  device?: string | null;
}

export interface RegisterInput {
  firstname: string;
  lastname: string;
  email: string;
  newPassword: string;
  confirmPassword: string;
  is_subscribed?: boolean;
  /** "I am a member already": links the membership joined at a brand store's till with this email. */
  loyalty_member?: boolean;
}

export interface CustomerServiceOptions {
  db: Db;
  mail: MailQueue;
  clock?: () => number;
  /** The store's public origin (configured, never a request's Host), without a trailing slash. */
  publicUrl: (storeCode: string) => string;
  storeLocale: (storeCode: string) => Promise<LocaleCode | undefined>;
  sessionTtlMs?: number;
  /** Registrations, logins and password resets per client address and email (docs/decisions/0035). */
  limits?: RateLimits;
  /** The check against bots, which lets a client through an account's own failed-login wait. */
  captcha?: Pick<CaptchaService, "verify">;
}

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
/** 256 random bits, URL-safe. */
const newToken = () => randomBytes(32).toString("base64url");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** A key can only belong to a customer id the database can hold; anything else is an unknown key. */
const isCustomerId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;
const keyShape = (customerId: number, token: string) => isCustomerId(customerId) && TOKEN_SHAPE.test(token);

/** The customer as the API shows it. */
export function customerView(c: Customer) {
  return {
    id: c.id,
    email: c.email,
    firstname: c.firstname,
    lastname: c.lastname,
    is_subscribed: c.isSubscribed,
    confirmed: c.confirmedAt !== null,
    created_at: c.createdAt.toISOString(),
    voyado_customer_key: c.engagementKey,
  };
}

export function createCustomerService({
  db,
  mail,
  clock = Date.now,
  publicUrl,
  storeLocale,
  sessionTtlMs = SESSION_TTL_MS,
  limits,
  captcha,
}: CustomerServiceOptions) {
  const now = () => new Date(clock());
  // A hash of nothing anyone knows, checked for unknown addresses so they cost a known one's time.
  const dummyHash = hashPassword(newToken());

  function checkEmail(value: string, field = "email"): string {
    const problem = emailRule(value);
    if (problem) throw badInput(field, inputProblem(problem));
    return value.trim();
  }

  function checkName(value: string, field: string): string {
    const problem = required(value) ?? maxLength(NAME_MAX_LENGTH)(value.trim());
    if (problem) throw badInput(field, inputProblem(problem));
    return value.trim();
  }

  function checkNewPassword(password: string, confirm: string) {
    const problem = passwordProblem(password, confirm);
    if (problem) throw badInput(problem.rule === "passwordsMatch" ? "confirmPassword" : "newPassword", problem);
  }

  /**
   * Writes a confirmation key and its mail on the caller's transaction: the key rides in the
   * outbox payload until the mail is sent (the sender then removes it from the row).
   */
  async function mailConfirmation(q: AccountExecutor, customerId: number, storeCode: string) {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + CONFIRM_TTL_MS);
    await customerQueries(q).insertToken({ customerId, kind: "confirm", tokenHash: sha256(token), createdAt: at, expiresAt });
    await mail.enqueue(q, ACCOUNT_MAILS.confirm, { customerId, store: storeCode, secret: token });
  }

  /** The wait left on the keys, in whole seconds (0: none). */
  async function waitLeft(keys: string[]): Promise<number> {
    const rows = await customerQueries(db).throttleRows(keys);
    const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
    return Math.max(0, Math.ceil((until - clock()) / 1000));
  }

  /** Refuses an attempt while a key waits. */
  async function throttleWait(keys: string[]) {
    const seconds = await waitLeft(keys);
    if (seconds > 0) throw new AppError(429, "login_throttled", { params: { seconds } });
  }

  /**
   * The account's own wait, for a client its owner has not logged in from: refused unless the
   * client answers the check against bots (the answer is spent only then).
   */
  async function accountWait(accountKey: string, captchaAnswer: string | undefined, clientAddress: string) {
    const seconds = await waitLeft([accountKey]);
    if (seconds === 0) return;
    if (!captchaAnswer || !captcha) throw new AppError(429, "login_check_required", { params: { seconds }, field: "captcha" });
    await captcha.verify(captchaAnswer, clientAddress);
  }

  async function countFailure(keys: [string, Policy][]) {
    const at = now();
    await db.transaction(async (tx) => {
      const q = customerQueries(tx);
      for (const [key, policy] of keys) {
        const failures = await q.countFailure(key, at, THROTTLE.windowMs);
        const wait = waitAfter(failures, policy);
        if (wait > 0) await q.block(key, new Date(at.getTime() + wait));
      }
    });
  }

  return {
    /** clientAddress: the request's (docs/decisions/0035); a well-formed registration counts under its limit. */
    async register(store: Store, input: RegisterInput, clientAddress?: string) {
      const firstname = checkName(input.firstname, "firstname");
      const lastname = checkName(input.lastname, "lastname");
      const email = checkEmail(input.email);
      checkNewPassword(input.newPassword, input.confirmPassword);
      await limits?.take(["registrationsPerAddress", clientAddress]);
      const passwordHash = await hashPassword(input.newPassword);
      const customerId = await db.transaction(async (tx) => {
        const q = customerQueries(tx);
        const id = await q.insertCustomer({ email, firstname, lastname, passwordHash, storeCode: store.code });
        if (id === null) throw new AppError(409, "email_taken", { field: "email" });
        // "I am a member already": the membership joined at a till with this email (decision 0072).
        if (input.loyalty_member && !(await loyaltyQueries(tx).linkInStoreMember(email, id)))
          throw new AppError(400, "loyalty_member_not_found", { field: "email" });
        await mailConfirmation(tx, id, store.code);
        if (input.is_subscribed && (await newsletterQueries(tx).subscribe(email, store.code)))
          await mail.enqueue(tx, ACCOUNT_MAILS.newsletter, { email, store: store.code });
        return id;
      });
      mail.nudge();
      const customer = await customerQueries(db).customerById(customerId);
      if (!customer) throw new AppError(500, "internal_error");
      return customer;
    },

    /** Confirms a registration with its mailed key: once, before it expires. */
    async confirmRegistration(customerId: number, token: string) {
      const result = await db.transaction(async (tx) => {
        const q = customerQueries(tx);
        const row = keyShape(customerId, token) ? await q.lockToken(customerId, "confirm", sha256(token)) : undefined;
        if (!row || row.usedAt) return "confirmation_failed" as const;
        if (row.expiresAt.getTime() <= clock()) return "confirmation_expired" as const;
        const at = now();
        await q.spendTokens(customerId, "confirm", at);
        await q.confirm(customerId, at);
        return null;
      });
      if (result) throw new AppError(400, result);
      const customer = await customerQueries(db).customerById(customerId);
      if (!customer) throw new AppError(400, "confirmation_failed");
      return customer;
    },

    /**
     * A session for a confirmed customer's right password. A wrong password and an unknown
     * address answer alike, in the same time (the password is hashed either way). Every attempt
     * counts under the client address's limit first: each one costs a deliberate hash. The
     * answer names the login-device key for the browser to keep (decision 0067).
     */
    async login(store: Store, input: LoginInput, client: LoginClient) {
      await limits?.take(["loginsPerAddress", client.address]);
      const email = input.email.trim();
      const accountKey = `account:${email.toLowerCase()}`;
      const found = email ? await customerQueries(db).customerByEmail(email) : undefined;
      const device = client.device && TOKEN_SHAPE.test(client.device) ? client.device : null;
      const known = found !== undefined && device !== null && (await customerQueries(db).isLoginDevice(found.id, sha256(device)));
      const clientKey = `${accountKey}|${known && device ? `device:${sha256(device)}` : `address:${client.address}`}`;
      const addressKey = `address:${client.address}`;
      await throttleWait([clientKey, addressKey]);
      if (!known) await accountWait(accountKey, input.captcha, client.address);
      const ok = await verifyPassword(input.password, found?.passwordHash ?? (await dummyHash));
      if (!found || !ok) {
        await countFailure([
          [clientKey, THROTTLE.client],
          [accountKey, THROTTLE.account],
          [addressKey, THROTTLE.address],
        ]);
        throw new AppError(401, "login_failed");
      }
      if (!found.confirmedAt) {
        // The link may have expired or been lost: a fresh one, unless one went out just now.
        const sent = await db.transaction(async (tx) => {
          if (await customerQueries(tx).hasOpenToken(found.id, "confirm", new Date(clock() - CONFIRM_RESEND_MS))) return false;
          await mailConfirmation(tx, found.id, store.code);
          return true;
        });
        if (sent) mail.nudge();
        throw new AppError(403, "account_not_confirmed");
      }
      const token = newToken();
      const deviceKey = device ?? newToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + sessionTtlMs);
      await db.transaction(async (tx) => {
        const q = customerQueries(tx);
        await q.insertSession({ customerId: found.id, tokenHash: sha256(token), createdAt: at, expiresAt });
        // The owner is in: the counts of this client and of the account start again.
        await q.clearThrottle(clientKey);
        await q.clearThrottle(accountKey);
        await q.rememberLoginDevice(found.id, sha256(deviceKey), at);
        if (needsRehash(found.passwordHash)) await q.setPassword(found.id, await hashPassword(input.password), at);
      });
      return { accessToken: token, expiresAt, customerId: found.id, device: deviceKey };
    },

    /** The customer a bearer token belongs to while its session lives, else null. */
    async authenticate(token: string | null | undefined): Promise<Customer | null> {
      if (!token || !TOKEN_SHAPE.test(token)) return null;
      return (await customerQueries(db).customerBySession(sha256(token), now())) ?? null;
    },

    /** Ends the token's session on the server (a stolen copy stops working too). */
    async logout(token: string) {
      if (TOKEN_SHAPE.test(token)) await customerQueries(db).revokeSession(sha256(token), now());
    },

    /** Asks for a reset link; only an address with an account gets one (the caller answers the same either way). */
    async forgotPassword(store: Store, emailInput: string, clientAddress?: string) {
      const email = checkEmail(emailInput);
      // Every request counts, whether the address has an account or not: a refusal tells nothing either.
      await limits?.take(["passwordResetsPerAddress", clientAddress], ["passwordResetsPerEmail", email.toLowerCase()]);
      // The same work for every address (a turn, one outbox row): whether it has an account
      // is decided when the mail is rendered, so neither the answer nor its time tells.
      const queued = await db.transaction(async (tx) => {
        if (!(await customerQueries(tx).takeTurn(`reset:${email.toLowerCase()}`, now(), RESET_MAIL_GAP_MS))) return false;
        await mail.enqueue(tx, ACCOUNT_MAILS.reset, { email, store: store.code });
        return true;
      });
      if (queued) mail.nudge();
    },

    /**
     * Sets a new password with a mailed reset key (once, before it expires): every session of
     * the customer ends, older reset links stop working, and the address counts as confirmed.
     */
    async resetPassword(
      input: { customerId: number; resetToken: string; newPassword: string; confirmPassword: string },
      clientAddress?: string,
    ) {
      checkNewPassword(input.newPassword, input.confirmPassword);
      await limits?.take(["passwordResetsPerAddress", clientAddress]);
      const passwordHash = await hashPassword(input.newPassword);
      const result = await db.transaction(async (tx) => {
        const q = customerQueries(tx);
        const row = keyShape(input.customerId, input.resetToken)
          ? await q.lockToken(input.customerId, "reset", sha256(input.resetToken))
          : undefined;
        if (!row || row.usedAt) return "reset_link_invalid" as const;
        if (row.expiresAt.getTime() <= clock()) return "reset_link_expired" as const;
        const at = now();
        await q.spendTokens(input.customerId, "reset", at);
        await q.setPassword(input.customerId, passwordHash, at);
        await q.confirm(input.customerId, at);
        await q.revokeSessionsOf(input.customerId, at);
        const customer = await q.customerById(input.customerId);
        // The owner proved the mailbox: the account's failed-login wait ends.
        if (customer) await q.clearThrottles(`account:${customer.email.toLowerCase()}`);
        return null;
      });
      if (result) throw new AppError(400, result);
    },

    /**
     * A logged-in customer's new password (spec §5 rules), given the current one; every other
     * session of the account ends, the one in use stays.
     */
    async changePassword(
      owner: Owner,
      sessionToken: string,
      input: { currentPassword: string; newPassword: string; confirmPassword: string },
    ) {
      if (owner.customerId === null) throw new AppError(401, "not_logged_in");
      const customerId = owner.customerId;
      const hash = await customerQueries(db).passwordHashOf(customerId);
      if (!hash || !(await verifyPassword(input.currentPassword, hash)))
        throw new AppError(400, "current_password_wrong", { field: "currentPassword" });
      checkNewPassword(input.newPassword, input.confirmPassword);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        const q = customerQueries(tx);
        const at = now();
        await q.setPassword(customerId, passwordHash, at);
        await q.revokeOtherSessions(customerId, sha256(sessionToken), at);
      });
    },

    /** Removes ended sessions, spent keys and quiet failure counts (hourly, from services.ts). */
    deleteExpired: () => customerQueries(db).deleteExpired(now(), THROTTLE.windowMs),

    /** Outbox renderers: the mail as things are when it is sent (nothing for a key already used). */
    mails: {
      async [ACCOUNT_MAILS.confirm](payload: Record<string, unknown>, q: AccountExecutor) {
        return tokenMail("confirm", payload, q);
      },
      /**
       * The reset key is made here, on the sender's transaction, so it exists only if its mail
       * goes out (and is never written anywhere else); a retried send makes a new one.
       */
      async [ACCOUNT_MAILS.reset](payload: Record<string, unknown>, q: AccountExecutor) {
        const queries = customerQueries(q);
        const customer = await queries.customerByEmail(String(payload.email));
        if (!customer) return null;
        const secret = newToken();
        const at = now();
        await queries.insertToken({
          customerId: customer.id,
          kind: "reset",
          tokenHash: sha256(secret),
          createdAt: at,
          expiresAt: new Date(at.getTime() + RESET_TTL_MS),
        });
        return tokenMail("reset", { customerId: customer.id, store: payload.store, secret }, q);
      },
    },
  };

  async function tokenMail(kind: TokenKind, payload: Record<string, unknown>, q: AccountExecutor): Promise<MailMessage | null> {
    const secret = typeof payload.secret === "string" ? payload.secret : null;
    const customerId = Number(payload.customerId);
    const storeCode = String(payload.store);
    if (!secret) return null;
    const queries = customerQueries(q);
    const customer = await queries.customerById(customerId);
    const token = await queries.tokenByHash(sha256(secret));
    if (!customer || !token || token.usedAt || token.expiresAt.getTime() <= clock()) return null;
    const locale = (await storeLocale(storeCode)) ?? "en";
    const page = kind === "confirm" ? "/account/confirm" : "/account/reset-password";
    const query = new URLSearchParams({ id: String(customerId), key: secret });
    return renderAccountMail({
      kind,
      locale,
      to: customer.email,
      firstname: customer.firstname,
      link: `${publicUrl(storeCode)}${page}?${query}`,
      values: kind === "confirm" ? { hours: CONFIRM_TTL_MS / 3_600_000 } : { minutes: RESET_TTL_MS / 60_000 },
    });
  }
}

export type CustomerService = ReturnType<typeof createCustomerService>;
