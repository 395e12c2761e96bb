// The Content-Security-Policy (docs/decisions/0029). Inline scripts run only with the page's
// nonce (no 'unsafe-inline' for scripts): the consent-mode script in the head and React
// Router's hydration scripts carry it. The tag manager's hosts are admitted only when a
// container is configured; reCAPTCHA's only when it is the bot check (decision 0019).
import { randomBytes } from "node:crypto";

/** Google's list for the tag manager with GA4 (its script, its beacons, the regional collectors). */
const TAG_MANAGER = {
  script: ["https://www.googletagmanager.com"],
  connect: [
    "https://www.googletagmanager.com",
    "https://www.google-analytics.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
  ],
  img: ["https://www.googletagmanager.com", "https://www.google-analytics.com", "https://*.google-analytics.com"],
};
const RECAPTCHA = ["https://www.google.com", "https://www.gstatic.com"];

export interface CspOptions {
  /** The page's nonce; none for answers that are not pages (the API, files). */
  nonce?: string;
  tagManager: boolean;
  recaptcha: boolean;
}

const NONCE_BYTES = 16;
/** Nonces drawn at once: one call to the system's random source serves this many pages. */
const NONCES_PER_DRAW = 256;
let drawn = Buffer.alloc(0);
let taken = 0;

/** A fresh nonce: 128 random bits, bytes no other nonce was given. */
export function newNonce(): string {
  if (taken >= drawn.length) {
    drawn = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    taken = 0;
  }
  const nonce = drawn.toString("base64", taken, taken + NONCE_BYTES);
  taken += NONCE_BYTES;
  return nonce;
}

export function contentSecurityPolicy({ nonce, tagManager, recaptcha }: CspOptions): string {
  const gtm = tagManager ? TAG_MANAGER : { script: [], connect: [], img: [] };
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...gtm.script, ...(recaptcha ? RECAPTCHA : [])]],
    ["frame-src", recaptcha ? RECAPTCHA : ["'none'"]],
    ["worker-src", ["'self'"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", ...gtm.img]],
    ["connect-src", ["'self'", ...gtm.connect]],
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}
