import { describe, expect, it } from "vitest";
import { singleQuotedBody, singleQuotedData } from "./single-quoted-data.ts";

/** A JS string literal's value, as the browser reads the script. */
const literalValue = (literal: string) => new Function(`return ${literal};`)() as string;

/** React Router's script for one chunk of data (its single-fetch.js, escapeHtml included). */
const routerScript = (value: string) =>
  `<script nonce="abc">window.__reactRouterContext.streamController.enqueue(${JSON.stringify(value).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)});</script>`;

// Data with every kind of escape: JSON's own quotes, a quote and a backslash inside a value,
// a value ending in a backslash, an apostrophe, markup, a line break, Finnish letters.
const data = JSON.stringify([
  { name: 'Lasten "Nietos" sadetakki', path: "C:\\temp\\", text: "Kids' boots </script> & <b>", note: "rivi\nrivi\u0000", å: "äö" },
]);

describe("the page's data in single-quoted strings", () => {
  it("keeps the value of every literal", () => {
    const double = JSON.stringify(data);
    const single = `'${singleQuotedBody(double.slice(1, -1))}'`;
    expect(literalValue(single)).toBe(data);
    expect(single.length).toBeLessThan(double.length);
    // Data with nothing but JSON's own quotes to unescape (most pages).
    const plain = JSON.stringify(JSON.stringify([{ _1: 2 }, "loaderData", 249.5]));
    expect(literalValue(`'${singleQuotedBody(plain.slice(1, -1))}'`)).toBe(JSON.parse(plain));
  });

  it("rewrites React Router's scripts in the document, and nothing else", () => {
    const page = [
      '<!DOCTYPE html><html><head><title>Sadetakki "ääkköset"</title></head><body><p>enqueue("x")</p>',
      routerScript(data),
      routerScript('[{"_1":2},"loaderData"]'),
      '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>',
    ].join("");
    const out = singleQuotedData(page);
    const literals = [...out.matchAll(/streamController\.enqueue\(('(?:[^'\\]|\\.)*')\);<\/script>/g)].map((m) => literalValue(m[1] ?? ""));
    expect(literals).toEqual([data, '[{"_1":2},"loaderData"]']);
    expect(out.replace(/enqueue\('(?:[^'\\]|\\.)*'\)/g, "enqueue(…)")).toBe(
      page.replace(/enqueue\("(?:[^"\\]|\\.)*"\)/g, "enqueue(…)").replace("<p>enqueue(…)</p>", '<p>enqueue("x")</p>'),
    );
    // A literal without its end (a render cut short) is left as it is.
    const cut = page.slice(0, page.indexOf('");</script>') - 3);
    expect(singleQuotedData(cut)).toBe(cut);
  });
});
