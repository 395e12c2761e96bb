// The Content-Security-Policy (docs/decisions/0029). Inline scripts run only with the page's
// nonce (no 'unsafe-inline' for scripts): the consent-mode script in the head and React
// Router's hydration scripts carry it. Nor for styles (issue 36, decision 0068): the few style
// attributes a page is drawn with (a colour swatch, a CMS banner's colours) are admitted by
// their hashes, each page its own; a style element by its hash. The tag manager's hosts are
// admitted only when a container is configured; reCAPTCHA's only when it is the bot check
// (decision 0019).
import { createHash, randomBytes } from "node:crypto";

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
  /** CSP hash sources ('sha256-…') of the page's style attributes: admitted with 'unsafe-hashes'. */
  styleAttributes?: readonly string[];
  /** CSP hash sources of the answer's style elements. */
  styleElements?: readonly string[];
}

/** The internal header a page's render names its style attributes' hashes in (pages.ts turns it into the policy). */
export const STYLE_HASHES_HEADER = "x-kauppa-style-hashes";

/** A CSP hash source of a style's text ('sha256-…'), as the browser hashes it. */
export const styleHash = (css: string) => `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" };
const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;

/** The hash sources of every distinct style attribute in a document, as the browser reads them (entities decoded). */
export function styleAttributeHashes(html: string): string[] {
  const values = new Set<string>();
  for (const match of html.matchAll(STYLE_ATTRIBUTE)) values.add(match[1] ?? "");
  return [...values].map((value) => styleHash(value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e)));
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

export function contentSecurityPolicy({ nonce, tagManager, recaptcha, styleAttributes = [], styleElements = [] }: CspOptions): string {
  const gtm = tagManager ? TAG_MANAGER : { script: [], connect: [], img: [] };
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...gtm.script, ...(recaptcha ? RECAPTCHA : [])]],
    ["frame-src", recaptcha ? RECAPTCHA : ["'none'"]],
    ["worker-src", ["'self'"]],
    ["style-src", ["'self'", ...styleElements, ...(styleAttributes.length > 0 ? ["'unsafe-hashes'", ...styleAttributes] : [])]],
    ["img-src", ["'self'", "data:", ...gtm.img]],
    ["connect-src", ["'self'", ...gtm.connect]],
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}
