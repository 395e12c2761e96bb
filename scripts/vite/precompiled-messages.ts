// The browser gets its ICU texts already parsed (message ASTs, as formatjs precompiles them):
// the UI catalogue (app/i18n/messages.ts) and the error catalogue (lib/errors/catalogue.ts). So
// the ICU parser and its skeleton parser (about 13 KiB gzip) stay out of every page's
// JavaScript. The server keeps the plain texts: it parses each once per process.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";
import { LOCALES, type LocaleCode } from "../../lib/locales.ts";

const PARSER = "@formatjs/icu-messageformat-parser";

/** A text parsed as intl-messageformat parses it at run time in that store. */
export const parseText = (text: string, locale: LocaleCode) => parse(text, { locale: new Intl.Locale(LOCALES[locale].iso) });

/** Most texts are one literal: they travel as their string (half the bytes of its AST) and become the AST on load. */
const compact = (ast: MessageFormatElement[]) => {
  const only = ast.length === 1 ? ast[0] : undefined;
  return only && only.type === 0 ? only.value : ast;
};
const EXPAND = `const expand = (text) => (typeof text === "string" ? [{ type: 0, value: text }] : text);`;

/** The browser's app/i18n/messages.ts: `messages` with each store's texts parsed. */
export function catalogueModule(messages: Record<LocaleCode, Record<string, string>>): string {
  const parsed = Object.fromEntries(
    Object.entries(messages).map(([locale, texts]) => [
      locale,
      Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compact(parseText(text, locale as LocaleCode))])),
    ]),
  );
  return `${EXPAND}
export const messages = ${JSON.stringify(parsed)};
for (const texts of Object.values(messages)) for (const key in texts) texts[key] = expand(texts[key]);
`;
}

interface ErrorCatalogueModule {
  INPUT_RULES: readonly string[];
  ERROR_CATALOGUE: Record<string, { params: Record<string, string> } & Record<LocaleCode, string>>;
}

/** The browser's lib/errors/catalogue.ts: the same exports, each code's texts parsed. */
export function errorCatalogueModule({ INPUT_RULES, ERROR_CATALOGUE }: ErrorCatalogueModule): string {
  const locales = Object.keys(LOCALES) as LocaleCode[];
  const parsed = Object.fromEntries(
    Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [
      code,
      { params: entry.params, ...Object.fromEntries(locales.map((locale) => [locale, compact(parseText(entry[locale], locale))])) },
    ]),
  );
  return `${EXPAND}
export const INPUT_RULES = ${JSON.stringify(INPUT_RULES)};
export const ERROR_CATALOGUE = ${JSON.stringify(parsed)};
for (const entry of Object.values(ERROR_CATALOGUE)) for (const locale of ${JSON.stringify(locales)}) entry[locale] = expand(entry[locale]);
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE);
export function isErrorCode(code) {
  return typeof code === "string" && Object.hasOwn(ERROR_CATALOGUE, code);
}
`;
}

export function precompiledMessages(): Plugin {
  const modules = new Map<string, (source: never) => string>();
  return {
    name: "kauppa:precompiled-messages",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      modules.set(path.resolve(config.root, "app/i18n/messages.ts"), (module: { messages: never }) => catalogueModule(module.messages));
      modules.set(path.resolve(config.root, "lib/errors/catalogue.ts"), errorCatalogueModule);
    },
    // intl-messageformat then has no parser: a text that is not an AST fails loudly, not slowly.
    async resolveId(source, importer) {
      if (source !== PARSER) return null;
      return this.resolve(`${PARSER}/no-parser.js`, importer, { skipSelf: true });
    },
    async load(id) {
      const generate = modules.get(id);
      if (!generate) return null;
      return generate((await import(pathToFileURL(id).href)) as never);
    },
  };
}
