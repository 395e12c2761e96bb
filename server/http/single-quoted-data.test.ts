import { describe, expect, it } from "vitest";
import { singleQuotedLiteral } from "./single-quoted-data.ts";

/** A JS string literal's value, as the browser reads the script. */
const literalValue = (literal: string) => new Function(`return ${literal};`)() as string;

/** React Router's own literal for the same data (its single-fetch.js, escapeHtml included). */
const routerLiteral = (value: string) =>
  JSON.stringify(value).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

// Data with every kind of escape: JSON's own quotes, a quote and a backslash inside a value,
// a value ending in a backslash, an apostrophe, markup, line breaks and terminators, a control
// character, Finnish letters.
const data = JSON.stringify([
  {
    name: 'Lasten "Nietos" sadetakki',
    path: "C:\\temp\\",
    text: "Kids' boots </script> <!-- & <b>",
    note: "rivi\nrivi\r\u0000\u2028\u2029\t",
    å: "äö",
  },
]);

describe("the page's data in a single-quoted string", () => {
  it("keeps the value", () => {
    expect(literalValue(singleQuotedLiteral(data))).toBe(data);
    // Data with nothing but JSON's own quotes (most pages).
    const plain = JSON.stringify([{ _1: 2 }, "loaderData", 249.5, "/p/x?w=1&h=2"]);
    expect(literalValue(singleQuotedLiteral(plain))).toBe(plain);
  });

  it("cannot end or change the script it is in", () => {
    const literal = singleQuotedLiteral(data);
    expect(literal).not.toMatch(/[<>&\n\r\u2028\u2029]/);
    expect(literal.slice(1, -1)).not.toMatch(/(^|[^\\])(\\\\)*'/);
  });

  it("is shorter than React Router's double-quoted literal", () => {
    expect(singleQuotedLiteral(data).length).toBeLessThan(routerLiteral(data).length);
    const page = JSON.stringify([{ _1: 2, _3: -5 }, "loaderData", { _5: 6 }, "product", "Kaamos rubber boots"]);
    // One backslash fewer for each of the JSON's own quotes.
    expect(routerLiteral(page).length - singleQuotedLiteral(page).length).toBe(page.split('"').length - 1);
  });
});
