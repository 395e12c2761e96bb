import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { LOCALE_CODES, LOCALES } from "../locales.ts";
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode, INPUT_RULES } from "./catalogue.ts";
import { errorMessage } from "./format.ts";

const SAMPLE = { text: "SUMMER24", number: 7, money: 50 } as const;

/** Sample parameters of a code, from its declared shape (every optional one too). */
function sampleParams(code: ErrorCode): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(ERROR_CATALOGUE[code].params)) {
    params[name] = SAMPLE[kind.replace("?", "") as keyof typeof SAMPLE];
  }
  return params;
}

/** The placeholders a message uses, at any depth (select and plural branches included). */
function placeholders(message: string, locale: string): Set<string> {
  const names = new Set<string>();
  const walk = (nodes: unknown[]) => {
    for (const node of nodes as { type: number; value?: string; options?: Record<string, { value: unknown[] }> }[]) {
      if (node.type !== 0 && node.type !== 7 && typeof node.value === "string") names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return names;
}

/** Words that would mean English was left in a Finnish text (proper nouns such as Finnair Plus are fine). */
const ENGLISH = /\b(the|please|is|not|and|of|to|your|you|could|must|cart|order|found|has|been|with|at least)\b/i;

// Every variant a code can take: invalid_input once per rule.
const cases: [ErrorCode, Record<string, string | number>][] = ERROR_CODES.flatMap((code) =>
  code === "invalid_input"
    ? INPUT_RULES.map((rule): [ErrorCode, Record<string, string | number>] => [code, { ...sampleParams(code), rule }])
    : [[code, sampleParams(code)] as [ErrorCode, Record<string, string | number>]],
);

describe("the error catalogue", () => {
  it.each(ERROR_CODES)("%s declares every placeholder its messages use, the same in both languages", (code) => {
    const declared = new Set([...Object.keys(ERROR_CATALOGUE[code].params), "field"]);
    const en = placeholders(ERROR_CATALOGUE[code].en, LOCALES.en.iso);
    const fi = placeholders(ERROR_CATALOGUE[code].fi, LOCALES.fi.iso);
    for (const name of [...en, ...fi]) expect(declared, `${code}: {${name}}`).toContain(name);
    expect([...fi].sort()).toEqual([...en].sort());
  });

  it.each(cases)("%s %j has a text in both languages, Finnish in fi", (code, params) => {
    const texts = Object.fromEntries(LOCALE_CODES.map((locale) => [locale, errorMessage({ code, params, field: "email" }, locale)]));
    for (const locale of LOCALE_CODES) {
      const text = texts[locale] ?? "";
      expect(text.length, `${code} ${locale}`).toBeGreaterThan(5);
      expect(text, `${code} ${locale}: a placeholder left unformatted`).not.toMatch(/[{}]/);
      for (const [name, kind] of Object.entries(ERROR_CATALOGUE[code].params))
        if (kind.startsWith("money") && placeholders(ERROR_CATALOGUE[code][locale], "en").has(name))
          expect(text, `${code} ${locale}`).toContain("50,00\u00a0€");
    }
    expect(texts.fi).not.toBe(texts.en);
    expect(texts.fi, `${code}: English in the Finnish text`).not.toMatch(ENGLISH);
  });

  it("words amounts as the store shows prices", () => {
    expect(errorMessage({ code: "invoice_minimum", params: { minimum: 50 } }, "fi")).toBe(
      "Laskulla voi maksaa tilaukset, joiden summa on vähintään 50,00\u00a0€",
    );
    expect(errorMessage({ code: "invoice_minimum", params: { minimum: 1234.5 } }, "en")).toBe(
      "Invoice is available for orders of at least 1\u00a0234,50\u00a0€",
    );
    expect(errorMessage({ code: "total_changed", params: { grandTotal: 104.7 } }, "en", { symbol: "$", leftSide: true })).toContain(
      "$104,70",
    );
  });

  it("uses the spec's texts (§5, §8) in English", () => {
    expect(errorMessage({ code: "qty" }, "en")).toBe("Unfortunately the requested quantity is not available");
    expect(errorMessage({ code: "payment_failed" }, "en")).toBe("Payment failed. Please try placing the order again.");
    expect(errorMessage({ code: "invalid_input", params: { rule: "required" } }, "en")).toBe("This field is required and cannot be empty");
    expect(errorMessage({ code: "invalid_input", params: { rule: "passwordLength", minLength: 8 } }, "en")).toBe(
      "Password length must be at least 8 characters",
    );
  });

  it("words a code it does not know (a newer server) in the page's language, never blank", () => {
    expect(errorMessage({ code: "something_new", params: { x: 1 } }, "fi")).toBe(errorMessage({ code: "internal_error" }, "fi"));
  });
});
