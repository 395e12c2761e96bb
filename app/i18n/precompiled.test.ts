// The browser formats its texts from ASTs parsed at build time (scripts/vite/precompiled-messages.ts),
// without the ICU parser: every UI text and every error of both stores must read there as the
// server writes it from the plain text.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type MessageFormatElement, TYPE } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import * as errors from "../../lib/errors/catalogue.ts";
import { LOCALES, type LocaleCode } from "../../lib/locales.ts";
import { catalogueModule, errorCatalogueModule, localeTextsModule } from "../../scripts/vite/precompiled-messages.ts";
import { messages } from "./messages.ts";

const LOCALE_CODES = Object.keys(LOCALES) as LocaleCode[];

/** The modules the browser gets, loaded as it would load them: each language's texts beside the catalogue that loads them. */
async function browserModule(source: (specifier: (locale: LocaleCode) => string) => string): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-precompiled-"));
  for (const locale of LOCALE_CODES) fs.writeFileSync(path.join(dir, `texts-${locale}.mjs`), localeTextsModule(messages, errors, locale));
  const file = path.join(dir, "module.mjs");
  fs.writeFileSync(
    file,
    source((locale) => `./texts-${locale}.mjs`),
  );
  return import(pathToFileURL(file).href);
}

/**
 * Values for every argument of a text: numbers where it counts or formats one, words elsewhere;
 * one set for each branch of each select, so that every branch is formatted.
 */
function sampleValues(ast: MessageFormatElement[], count: number): Record<string, unknown>[] {
  const base: Record<string, unknown> = {};
  const selects: [string, string[]][] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument) base[element.value] ??= `«${element.value}»`;
      if (element.type === TYPE.number || element.type === TYPE.plural) base[element.value] = count;
      if (element.type === TYPE.date || element.type === TYPE.time) base[element.value] = new Date(Date.UTC(2026, 10, 27, 12));
      if (element.type === TYPE.select) {
        base[element.value] ??= Object.keys(element.options)[0];
        selects.push([element.value, Object.keys(element.options)]);
      }
      if (element.type === TYPE.tag) {
        base[element.value] = (chunks: unknown[]) => `<${element.value}>${chunks.join("")}</${element.value}>`;
        walk(element.children);
      }
      if (element.type === TYPE.select || element.type === TYPE.plural)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(ast);
  return [base, ...selects.flatMap(([name, keys]) => keys.map((key) => ({ ...base, [name]: key })))];
}

/** Formats the browser's AST and the server's text with the same values; returns how many were compared. */
function expectSameText(ast: unknown, text: string, locale: LocaleCode, what: string): number {
  expect(Array.isArray(ast), what).toBe(true);
  let compared = 0;
  for (const count of [0, 1, 7]) {
    for (const values of sampleValues(ast as MessageFormatElement[], count)) {
      const expected = new IntlMessageFormat(text, LOCALES[locale].iso).format(values);
      expect(new IntlMessageFormat(ast as MessageFormatElement[], LOCALES[locale].iso).format(values), what).toEqual(expected);
      compared++;
    }
  }
  return compared;
}

describe("the browser's catalogues", () => {
  it("format every UI text of both stores as the server does, with one, several and no items", async () => {
    const module = await browserModule(catalogueModule);
    const browser = module.messages as Record<LocaleCode, Record<string, unknown>>;
    // Nothing until a store's language is loaded, and then only that language.
    expect(browser).toEqual({});
    await (module.loadMessages as (locale: LocaleCode) => Promise<void>)("fi");
    expect(Object.keys(browser)).toEqual(["fi"]);
    await (module.loadMessages as (locale: LocaleCode) => Promise<void>)("en");
    let compared = 0;
    for (const locale of LOCALE_CODES) {
      expect(Object.keys(browser[locale])).toEqual(Object.keys(messages[locale]));
      for (const [key, text] of Object.entries(messages[locale]))
        compared += expectSameText(browser[locale][key], text, locale, `${locale} ${key}`);
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("have the error catalogue's exports and format every error of both stores, each branch, as the server does", async () => {
    const browser = await browserModule((specifier) => errorCatalogueModule(errors, specifier));
    expect(Object.keys(browser).sort()).toEqual(Object.keys(errors).sort());
    expect(browser.INPUT_RULES).toEqual(errors.INPUT_RULES);
    expect(browser.ERROR_CODES).toEqual(errors.ERROR_CODES);
    expect((browser.isErrorCode as typeof errors.isErrorCode)("invalid_input")).toBe(true);
    expect((browser.isErrorCode as typeof errors.isErrorCode)("toString")).toBe(false);
    const catalogue = browser.ERROR_CATALOGUE as Record<string, Record<string, unknown>>;
    expect(catalogue.invalid_input?.fi).toBeUndefined();
    for (const locale of LOCALE_CODES) await (browser.loadErrorTexts as typeof errors.loadErrorTexts)(locale);
    let compared = 0;
    for (const [code, entry] of Object.entries(errors.ERROR_CATALOGUE)) {
      expect(catalogue[code]?.params, code).toEqual(entry.params);
      for (const locale of LOCALE_CODES) compared += expectSameText(catalogue[code]?.[locale], entry[locale], locale, `${locale} ${code}`);
    }
    expect(compared).toBeGreaterThan(300);
  });
});
