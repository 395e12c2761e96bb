// The page's data for hydration as one single-quoted string literal (issue 16, decisions 0055,
// 0059). React Router writes its data as `…streamController.enqueue(<JSON.stringify of the
// data>);`: a double-quoted literal of JSON text, in which each of that text's own quotes is
// escaped as `\"` — 978 backslashes on a product page, 3,326 on a category page. The same value
// single-quoted needs none of them; the server entry writes it so, in one pass over the value.

/** What a literal inside an inline script escapes, as React Router's `escapeHtml` does and more. */
const ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  "'": "\\'",
  "\n": "\\n",
  "\r": "\\r",
  // Markup: a `</script>` or `<!--` in the data must not end or change the script.
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  // Line terminators for the HTML parser's sake and older JavaScript's.
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes.
const TO_ESCAPE = /[\\'<>&\u0000-\u001f\u2028\u2029]/g;

const escaped = (c: string) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** `value` as a single-quoted JavaScript string literal safe inside an inline `<script>`. */
export function singleQuotedLiteral(value: string): string {
  return `'${value.replace(TO_ESCAPE, escaped)}'`;
}
