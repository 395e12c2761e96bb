// The browser gets the UI texts already parsed (ICU message ASTs, as formatjs precompiles them),
// so the ICU parser and its skeleton parser (about 13 KiB gzip) stay out of every page's
// JavaScript. The server keeps the plain catalogue: it parses each text once per process.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";
import { LOCALES, type LocaleCode } from "../../lib/locales.ts";

const PARSER = "@formatjs/icu-messageformat-parser";

/** Each store's texts parsed as intl-messageformat parses them at run time. */
export function precompile(messages: Record<LocaleCode, Record<string, string>>) {
  return Object.fromEntries(
    Object.entries(messages).map(([locale, texts]) => {
      const options = { locale: new Intl.Locale(LOCALES[locale as LocaleCode].iso) };
      return [locale, Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, parse(text, options)]))];
    }),
  ) as Record<LocaleCode, Record<string, ReturnType<typeof parse>>>;
}

/**
 * The module the browser gets for app/i18n/messages.ts. Most texts are one literal: they travel
 * as their string and become the literal's AST on load (half the bytes of the JSON AST).
 */
export function catalogueModule(messages: Record<LocaleCode, Record<string, string>>): string {
  const compact = Object.fromEntries(
    Object.entries(precompile(messages)).map(([locale, texts]) => [
      locale,
      Object.fromEntries(
        Object.entries(texts).map(([key, ast]) => {
          const only = ast.length === 1 ? ast[0] : undefined;
          return [key, only && only.type === 0 ? only.value : ast];
        }),
      ),
    ]),
  );
  return `export const messages = ${JSON.stringify(compact)};
for (const texts of Object.values(messages))
  for (const key in texts) if (typeof texts[key] === "string") texts[key] = [{ type: 0, value: texts[key] }];
`;
}

export function precompiledMessages(): Plugin {
  let catalogue = "";
  return {
    name: "kauppa:precompiled-messages",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      catalogue = path.resolve(config.root, "app/i18n/messages.ts");
    },
    // intl-messageformat then has no parser: a text that is not an AST fails loudly, not slowly.
    async resolveId(source, importer) {
      if (source !== PARSER) return null;
      return this.resolve(`${PARSER}/no-parser.js`, importer, { skipSelf: true });
    },
    async load(id) {
      if (id !== catalogue) return null;
      const { messages } = (await import(pathToFileURL(id).href)) as { messages: Record<LocaleCode, Record<string, string>> };
      return catalogueModule(messages);
    },
  };
}
