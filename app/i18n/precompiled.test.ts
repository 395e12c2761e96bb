// The browser formats the texts from ASTs parsed at build time (scripts/vite/precompiled-messages.ts),
// without the ICU parser: every text of both stores must read there as the server writes it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type MessageFormatElement, TYPE } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { LOCALES, type LocaleCode } from "../../lib/locales.ts";
import { catalogueModule } from "../../scripts/vite/precompiled-messages.ts";
import { messages } from "./messages.ts";

/** A value for each argument of a text: numbers where it counts or formats one, words elsewhere. */
function sampleValues(ast: MessageFormatElement[], values: Record<string, unknown>, count: number) {
  for (const element of ast) {
    if (element.type === TYPE.argument) values[element.value] ??= `«${element.value}»`;
    if (element.type === TYPE.number || element.type === TYPE.plural) values[element.value] = count;
    if (element.type === TYPE.date || element.type === TYPE.time) values[element.value] = new Date(Date.UTC(2026, 10, 27, 12));
    if (element.type === TYPE.select) values[element.value] ??= Object.keys(element.options)[0];
    if (element.type === TYPE.tag) {
      values[element.value] = (chunks: unknown[]) => `<${element.value}>${chunks.join("")}</${element.value}>`;
      sampleValues(element.children, values, count);
    }
    if (element.type === TYPE.select || element.type === TYPE.plural)
      for (const option of Object.values(element.options)) sampleValues(option.value, values, count);
  }
  return values;
}

describe("the browser's catalogue", () => {
  it("formats every text of both stores as the server does from the plain text, with one, several and no items", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-messages-")), "messages.mjs");
    fs.writeFileSync(file, catalogueModule(messages));
    const browser = (await import(pathToFileURL(file).href)).messages as Record<LocaleCode, Record<string, MessageFormatElement[]>>;
    let compared = 0;
    for (const locale of Object.keys(messages) as LocaleCode[]) {
      const iso = LOCALES[locale].iso;
      expect(Object.keys(browser[locale])).toEqual(Object.keys(messages[locale]));
      for (const [key, text] of Object.entries(messages[locale])) {
        const ast = browser[locale][key] as MessageFormatElement[];
        expect(Array.isArray(ast), key).toBe(true);
        for (const count of [0, 1, 7]) {
          const values = sampleValues(ast, {}, count);
          const expected = new IntlMessageFormat(text, iso).format(values);
          expect(new IntlMessageFormat(ast, iso).format(values), `${locale} ${key}`).toEqual(expected);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});
