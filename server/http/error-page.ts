// A refusal answered as a page (a browser's request the shop will not take: characters no text may
// hold, decision 0033; a body too large or too slow, decision 0034): the catalogue's text and a way
// home, in the store's language, on a page of its own that needs neither the database nor a script,
// and is never cached.
import { messages } from "../../app/i18n/messages.ts";
import type { ErrorCode, ErrorParams } from "../../lib/errors/catalogue.ts";
import { errorMessage } from "../../lib/errors/format.ts";
import { contentSecurityPolicy, styleHash } from "./csp.ts";
import type { ErrorLanguage } from "./errors.ts";
import { ERROR_CODE_HEADER } from "./refusals.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The shop's own fonts and colours (app/app.css) are in a hashed file this module does not know.
const STYLE =
  "body{margin:0;font-family:system-ui,sans-serif;color:#1d2421;line-height:1.5}main{max-width:40rem;margin:0 auto;padding:3rem 1rem}h1{font-size:1.75rem;margin:0 0 1rem}a{color:#1f5c4a;font-weight:600}a:focus-visible{outline:2px solid #1f5c4a;outline-offset:2px}";

/** The page's own policy: no script, and its one style element by its hash. */
const POLICY = contentSecurityPolicy({ tagManager: false, recaptcha: false, styleElements: [styleHash(STYLE)] });

export function errorPage<C extends ErrorCode>(language: ErrorLanguage, status: number, code: C, params?: ErrorParams<C>): Response {
  const t = messages[language.locale];
  const message = errorMessage({ code, params: params as Record<string, string | number> | undefined }, language.locale, language.price);
  const title = escapeHtml(t["error.title"]);
  const html = `<!doctype html><html lang="${language.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head><body><main><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(t["error.home"])}</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": POLICY,
      [ERROR_CODE_HEADER]: code,
    },
  });
}
