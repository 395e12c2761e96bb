// The browser gets its ICU texts already parsed (message ASTs, as formatjs precompiles them), and
// only its store's language: the UI catalogue (app/i18n/messages.ts) and the error catalogue
// (lib/errors/catalogue.ts) become loaders, and each language's texts of both are one chunk
// (`virtual:kauppa/texts-<locale>`, a file `texts-<locale>-<hash>.js`), which the page's entry loads before hydrating and the HTML
// preloads (decision 0047). So the ICU parser (about 13 KiB gzip) and the other store's texts
// (about 10 KiB) stay out of every page's JavaScript. The server keeps the plain texts of every
// store: it parses each once per process.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";
import { LOCALES, type LocaleCode } from "../../lib/locales.ts";

const PARSER = "@formatjs/icu-messageformat-parser";
const TEXTS = "virtual:kauppa/texts-";
const TEXT_CHUNKS = "virtual:kauppa/text-chunks";
const LOCALE_CODES = Object.keys(LOCALES) as LocaleCode[];

/** A text parsed as intl-messageformat parses it at run time in that store. */
export const parseText = (text: string, locale: LocaleCode) => parse(text, { locale: new Intl.Locale(LOCALES[locale].iso) });

/** Most texts are one literal: they travel as their string (half the bytes of its AST) and become the AST on load. */
const compact = (ast: MessageFormatElement[]) => {
  const only = ast.length === 1 ? ast[0] : undefined;
  return only && only.type === 0 ? only.value : ast;
};
const EXPAND = `const expand = (text) => (typeof text === "string" ? [{ type: 0, value: text }] : text);`;

interface ErrorCatalogueModule {
  INPUT_RULES: readonly string[];
  ERROR_CATALOGUE: Record<string, { params: Record<string, string> } & Record<LocaleCode, string>>;
}

/** One store language's texts, parsed: `ui` (the UI catalogue) and `errors` (each error code's text). */
export function localeTextsModule(
  messages: Record<LocaleCode, Record<string, string>>,
  { ERROR_CATALOGUE }: Pick<ErrorCatalogueModule, "ERROR_CATALOGUE">,
  locale: LocaleCode,
): string {
  const parsed = (texts: Record<string, string>) =>
    Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compact(parseText(text, locale))]));
  const errors = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry[locale]]));
  return `${EXPAND}
export const ui = ${JSON.stringify(parsed(messages[locale]))};
export const errors = ${JSON.stringify(parsed(errors))};
for (const texts of [ui, errors]) for (const key in texts) texts[key] = expand(texts[key]);
`;
}

/** `{ en: () => import("…/en"), … }`: each language's texts, where `specifier` says they are. */
const loaders = (specifier: (locale: LocaleCode) => string) =>
  `{ ${LOCALE_CODES.map((locale) => `${JSON.stringify(locale)}: () => import(${JSON.stringify(specifier(locale))})`).join(", ")} }`;

/** The browser's app/i18n/messages.ts: `messages` holds a store's texts once `loadMessages` has loaded them. */
export function catalogueModule(specifier: (locale: LocaleCode) => string): string {
  return `export const messages = {};
const load = ${loaders(specifier)};
export async function loadMessages(locale) {
  messages[locale] ??= (await load[locale]()).ui;
}
`;
}

/** The browser's lib/errors/catalogue.ts: the same exports; each code's text in a language once `loadErrorTexts` has loaded it. */
export function errorCatalogueModule(
  { INPUT_RULES, ERROR_CATALOGUE }: ErrorCatalogueModule,
  specifier: (locale: LocaleCode) => string,
): string {
  const params = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, { params: entry.params }]));
  return `export const INPUT_RULES = ${JSON.stringify(INPUT_RULES)};
export const ERROR_CATALOGUE = ${JSON.stringify(params)};
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE);
export function isErrorCode(code) {
  return typeof code === "string" && Object.hasOwn(ERROR_CATALOGUE, code);
}
const load = ${loaders(specifier)};
export async function loadErrorTexts(locale) {
  const { errors } = await load[locale]();
  for (const code in errors) ERROR_CATALOGUE[code][locale] = errors[code];
}
`;
}

export function precompiledMessages(): Plugin {
  const modules = new Map<string, (source: never) => string>();
  let root = "";
  const source = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.resolve(root, file)).href)) as T;
  const textsOf = (locale: LocaleCode) => `${TEXTS}${locale}`;
  return {
    name: "kauppa:precompiled-messages",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
      modules.set(path.resolve(root, "app/i18n/messages.ts"), () => catalogueModule(textsOf));
      modules.set(path.resolve(root, "lib/errors/catalogue.ts"), (module: ErrorCatalogueModule) => errorCatalogueModule(module, textsOf));
    },
    // intl-messageformat then has no parser: a text that is not an AST fails loudly, not slowly.
    async resolveId(id, importer) {
      if (id.startsWith(TEXTS)) return `\0${id}`;
      if (id !== PARSER) return null;
      return this.resolve(`${PARSER}/no-parser.js`, importer, { skipSelf: true });
    },
    async load(id) {
      if (id.startsWith(`\0${TEXTS}`)) {
        const locale = id.slice(TEXTS.length + 1) as LocaleCode;
        const { messages } = await source<{ messages: Record<LocaleCode, Record<string, string>> }>("app/i18n/messages.ts");
        return localeTextsModule(messages, await source<ErrorCatalogueModule>("lib/errors/catalogue.ts"), locale);
      }
      const generate = modules.get(id);
      if (!generate) return null;
      return generate((await import(pathToFileURL(id).href)) as never);
    },
  };
}

/**
 * `virtual:kauppa/text-chunks`: where each language's texts chunk is (`/assets/…js`), for the
 * server's HTML to preload it. The browser build runs first and records the files; the server
 * build reads them (one plugin for both builds). In the browser build the map is empty.
 */
export function textChunks(): Plugin {
  const files: Partial<Record<LocaleCode, string>> = {};
  return {
    name: "kauppa:text-chunks",
    apply: "build",
    sharedDuringBuild: true,
    resolveId(id) {
      return id === TEXT_CHUNKS ? `\0${TEXT_CHUNKS}` : null;
    },
    load(id) {
      if (id !== `\0${TEXT_CHUNKS}`) return null;
      return `export const TEXT_CHUNKS = ${JSON.stringify(this.environment.name === "client" ? {} : files)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        const locale = chunk.type === "chunk" ? chunk.facadeModuleId?.match(/^\0virtual:kauppa\/texts-(\w+)$/)?.[1] : undefined;
        if (locale && chunk.type === "chunk") files[locale as LocaleCode] = `${this.environment.config.base}${chunk.fileName}`;
      }
      if (LOCALE_CODES.some((locale) => !files[locale])) this.error(`a language's texts chunk is missing: ${JSON.stringify(files)}`);
    },
  };
}
