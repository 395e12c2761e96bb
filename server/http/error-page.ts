// A refusal answered as a page (a browser's form post the shop will not take, docs/decisions/0034):
// the catalogue's text in the store's language, on a page of its own with nothing to load.
import type { ErrorCode, ErrorParams } from "../../lib/errors/catalogue.ts";
import { errorMessage } from "../../lib/errors/format.ts";
import type { ErrorLanguage } from "./errors.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

export function errorPage<C extends ErrorCode>(language: ErrorLanguage, status: number, code: C, params?: ErrorParams<C>): Response {
  const message = escapeHtml(
    errorMessage({ code, params: params as Record<string, string | number> | undefined }, language.locale, language.price),
  );
  const html = `<!doctype html><html lang="${language.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${message}</title></head><body><main><h1>${message}</h1></main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
