// Every environment variable the shop reads, parsed once. Nothing else reads process.env.
import path from "node:path";
import { z } from "zod";

const storeDomains = z.string().transform((value, ctx) => {
  const map: Record<string, string> = {};
  for (const pair of value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [code, host] = pair.split("=").map((s) => s.trim());
    if (!code || !host || !/^[a-z]{2}$/.test(code)) {
      ctx.addIssue({ code: "custom", message: `expected code=host pairs such as en=shop.example.com, got "${pair}"` });
      return z.NEVER;
    }
    map[code] = host.toLowerCase();
  }
  return map;
});

/** The card payment providers built in (docs/payments.md): the sandbox only, so far. */
export const PAYMENT_PROVIDER_CODES = ["sandbox"] as const;
export type PaymentProviderCode = (typeof PAYMENT_PROVIDER_CODES)[number];

const paymentProviders = z.string().transform((value, ctx) => {
  const codes = value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (codes.length === 1 && codes[0] === "none") return [];
  const known = PAYMENT_PROVIDER_CODES as readonly string[];
  const unknown = codes.filter((code) => !known.includes(code));
  if (unknown.length || codes.length === 0) {
    ctx.addIssue({ code: "custom", message: `expected "none" or a list of ${known.join(", ")}, got "${value}"` });
    return z.NEVER;
  }
  return [...new Set(codes)] as PaymentProviderCode[];
});
/** A comma-separated list (blanks dropped). */
const list = z.string().transform((value) =>
  value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean),
);
/** A rate limit (docs/decisions/0035): "<count>/<window>", the window in s, m or h ("10/10m"); "off" for none. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      if (value.trim() === "off") return null;
      const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,6})\s*(s|m|h)\s*$/.exec(value);
      const unit = { s: 1, m: 60, h: 3600 }[match?.[3] ?? "s"] ?? 1;
      const max = Number(match?.[1]);
      const windowSeconds = Number(match?.[2]) * unit;
      if (!match || max < 1 || windowSeconds < 1 || windowSeconds > 86_400) {
        ctx.addIssue({ code: "custom", message: `expected a count per window such as 10/10m (at most 24h), or off; got "${value}"` });
        return z.NEVER;
      }
      return { max, windowSeconds };
    });

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Cart and checkout write transactions at once; more wait their turn (server/limiter.ts). */
  CART_WRITE_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(5),
  STORE_DOMAINS: storeDomains.default({ en: "localhost", fi: "fi.localhost" }),
  PUBLIC_URL_EN: z.url().optional(),
  PUBLIC_URL_FI: z.url().optional(),
  SEED_DEMO_DATA: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  // What one request may cost (docs/decisions/0034).
  /** The largest request body, in bytes (the CMS forms have their own, CONTACT_ATTACHMENT_MAX_MB); larger: 413. */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(16_777_216).default(65_536),
  /** A request body silent for this long mid-way is answered 408 and its connection closed. */
  BODY_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(10),
  /** A whole request (headers and body) must arrive within this time, else 408 and the connection closed. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Image renders waiting for a request not of the shop's own sizes; past it, 503 with Retry-After. */
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000).default(32),
  /** The rendered images kept on disk (DATA_DIR/cache/img), in megabytes; the least recently used go first. */
  IMAGE_CACHE_MAX_MB: z.coerce.number().min(1).max(1_000_000).default(1024),
  HTML_CACHE_ENTRIES: z.coerce.number().int().min(0).default(2000),
  HTML_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Kauppa <noreply@kauppa.example>"),
  /** How long a login session lasts (docs/decisions/0014): 7 days. */
  AUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(604_800),
  /**
   * Proxies in front of the shop that append to X-Forwarded-For and say the scheme in
   * X-Forwarded-Proto; 0: both headers are ignored.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Strict-Transport-Security's max-age on answers over TLS (decision 0036); 0: no such header. */
  HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(63_072_000).default(31_536_000),
  /**
   * The Bearer token that opens /metrics (decision 0036). Unset: /metrics does not exist (404).
   * At least 32 characters: it is guessed at online.
   */
  METRICS_TOKEN: z.string().min(32).max(512).optional(),
  // Rate limits (docs/decisions/0035), counted in the database so that every process shares them.
  /** Coupon and gift-card attempts on one cart. */
  RATE_LIMIT_CODES_PER_CART: rateLimit("10/10m"),
  /** Coupon and gift-card attempts from one client address. */
  RATE_LIMIT_CODES_PER_ADDRESS: rateLimit("30/10m"),
  /** New carts from one client address. */
  RATE_LIMIT_CARTS_PER_ADDRESS: rateLimit("60/1h"),
  /** Requests naming a cart id that does not exist, from one client address (guessing). */
  RATE_LIMIT_UNKNOWN_CARTS_PER_ADDRESS: rateLimit("100/10m"),
  /** Registrations from one client address. */
  RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: rateLimit("10/1h"),
  /** Password reset requests and new passwords set with a reset key, from one client address. */
  RATE_LIMIT_PASSWORD_RESETS_PER_ADDRESS: rateLimit("10/1h"),
  /** Password reset requests for one email address. */
  RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL: rateLimit("5/1h"),
  /** Login attempts (each a deliberate password hash), right or wrong, from one client address. */
  RATE_LIMIT_LOGINS_PER_ADDRESS: rateLimit("30/10m"),
  /** Search result pages, suggestions and search API calls from one client address. */
  RATE_LIMIT_SEARCHES_PER_ADDRESS: rateLimit("120/1m"),
  /** Guest order lookups (number, email and postcode) from one client address, found or not. */
  RATE_LIMIT_ORDER_LOOKUPS_PER_ADDRESS: rateLimit("10/10m"),
  // The check against bots on registration and the newsletter (docs/decisions/0019): ALTCHA,
  // self-hosted proof of work, unless both reCAPTCHA keys are set.
  /** HMAC key signing ALTCHA challenges; unset: one made once and kept in the database for every process. */
  ALTCHA_HMAC_KEY: z.string().min(32).optional(),
  /** PBKDF2 iterations per attempt; the browser makes on average ALTCHA_MAX_COUNTER × 3/5 attempts. */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(5).max(1_000_000).default(5000),
  /** How long a challenge can be solved and sent; a solution counts once. */
  ALTCHA_EXPIRES_SECONDS: z.coerce.number().int().min(30).max(86_400).default(1200),
  /** A form sent without a solution (a browser without JavaScript): one per client address in this time. */
  CAPTCHA_FALLBACK_SECONDS: z.coerce.number().int().min(0).max(3600).default(600),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  /** 2: the "I'm not a robot" checkbox; 3: invisible, scored. */
  RECAPTCHA_VERSION: z.enum(["2", "3"]).default("3"),
  /** reCAPTCHA v3: the lowest score accepted (0 bot … 1 human). */
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
  /**
   * The warehouse's key to the operator API (shipments, decision 0020), sent as a Bearer token.
   * Unset: the operator API does not exist (404). At least 32 characters: it is guessed at online.
   */
  OPERATOR_TOKEN: z.string().min(32).max(512).optional(),
  // The CMS forms (docs/decisions/0028).
  /** The largest image a contact form takes, in megabytes (spec §5 names it in its message). */
  CONTACT_ATTACHMENT_MAX_MB: z.coerce.number().min(0.1).max(25).default(5),
  /** Where the contact and accessibility feedback forms are mailed. */
  CUSTOMER_SERVICE_EMAIL: z.email().default("asiakaspalvelu@kauppa.example"),
  /**
   * The secret that opens CMS previews (drafts; decision 0026): /api/contentful/preview and
   * /preview/* pages, as `secret` or a Bearer token. Unset: preview is refused.
   */
  CONTENT_PREVIEW_SECRET: z.string().min(16).max(512).optional(),
  /**
   * The tag manager's container ("GTM-XXXXXXX", docs/decisions/0029). Unset: no external script
   * loads and the Content-Security-Policy admits none of its hosts; the data layer is filled all the same.
   */
  // Card payments (docs/payments.md, docs/decisions/0037).
  /**
   * The providers that take card payments, the first for new payments; "none": card payment is
   * not offered. Unset: the sandbox for the demo (SEED_DEMO_DATA=true), none otherwise.
   */
  PAYMENT_PROVIDERS: paymentProviders.optional(),
  /**
   * "allow": the sandbox may run in production mode outside the demo. The sandbox lets the buyer
   * approve their own payment with no money moved, so a real shop refuses to start with it.
   */
  PAYMENTS_SANDBOX: z.enum(["allow"]).optional(),
  /** The HMAC key signing the sandbox's notifications; unset: one made once and kept in the database. */
  PAYMENTS_SANDBOX_SECRET: z.string().min(32).max(512).optional(),
  // Order events for the warehouse and ERP (decision 0082, docs/operations.md).
  /** The endpoints every order event is POSTed to, comma-separated (http or https). */
  WEBHOOK_URLS: list.pipe(z.array(z.url({ protocol: /^https?$/ }))).optional(),
  /** Each endpoint's signing secret, in the order of WEBHOOK_URLS (at least 24 characters each). */
  WEBHOOK_SECRETS: list.pipe(z.array(z.string().min(24).max(512))).optional(),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, "expected a container id such as GTM-ABC1234")
    .optional(),
});

export type Config = Omit<z.infer<typeof schema>, "PAYMENT_PROVIDERS"> & {
  dataDir: string;
  /** The card providers on, resolved from PAYMENT_PROVIDERS and the demo default. */
  PAYMENT_PROVIDERS: PaymentProviderCode[];
};

export class ConfigError extends Error {}

/** Parses settings; a bad one throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema
    .refine((c) => (c.RECAPTCHA_SITE_KEY === undefined) === (c.RECAPTCHA_SECRET === undefined), {
      message: "set both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET, or neither",
      path: ["RECAPTCHA_SECRET"],
    })
    .refine((c) => (c.WEBHOOK_URLS?.length ?? 0) === (c.WEBHOOK_SECRETS?.length ?? 0), {
      message: "give one secret in WEBHOOK_SECRETS for each endpoint in WEBHOOK_URLS, in the same order",
      path: ["WEBHOOK_SECRETS"],
    })
    .refine(
      (c) =>
        c.NODE_ENV !== "production" ||
        c.PAYMENTS_SANDBOX === "allow" ||
        !(c.PAYMENT_PROVIDERS ?? (c.SEED_DEMO_DATA ? ["sandbox"] : [])).includes("sandbox") ||
        c.SEED_DEMO_DATA,
      {
        message:
          "the sandbox lets buyers approve their own payments with no money moved: it runs in production mode " +
          "(NODE_ENV=production) only for the demo (SEED_DEMO_DATA=true) or with PAYMENTS_SANDBOX=allow",
        path: ["PAYMENT_PROVIDERS"],
      },
    )
    .safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const data = result.data;
  return {
    ...data,
    dataDir: path.resolve(data.DATA_DIR),
    PAYMENT_PROVIDERS: data.PAYMENT_PROVIDERS ?? (data.SEED_DEMO_DATA ? ["sandbox"] : []),
  };
}

/** What start-up warns about on every start: a provider that moves no money. */
export function paymentWarnings(config: Pick<Config, "PAYMENT_PROVIDERS">): string[] {
  return config.PAYMENT_PROVIDERS.includes("sandbox")
    ? ["card payments go to the sandbox: buyers approve their own payments and no money moves (PAYMENT_PROVIDERS, docs/payments.md)"]
    : [];
}
