// The page's data for hydration, sent in single-quoted strings (issue 16). React Router writes each
// chunk of it as `…streamController.enqueue(<JSON.stringify of the chunk>);`: a double-quoted
// literal of JSON text, in which each of that text's own quotes is escaped as `\"` — 978
// backslashes on a product page, 3,326 on a category page. The same value single-quoted needs none
// (the data's rare `'` are escaped instead), so the server entry rewrites those literals in the
// rendered document. What React Router reads in the browser is the same string; anything else passes
// unchanged.

const OPEN = 'window.__reactRouterContext.streamController.enqueue("';
// React Router escapes "<" in the data (as \u003c), so its script's end is the literal's end.
const CLOSE = '");</script>';

/**
 * The body of a double-quoted JS string literal written by JSON.stringify as the body of a
 * single-quoted one with the same value. Native passes, no callback per match (a callback per
 * quote was 3 % of a fresh product render's time in a profile): `\\` pairs are set aside first,
 * as the literal's escapes pair them, under NUL, which JSON.stringify never writes raw (it writes
 * `\u0000`); then `\"` loses its backslash and `'` gains one.
 */
export function singleQuotedBody(body: string): string {
  if (!body.includes("\\\\") && !body.includes("'")) return body.replaceAll('\\"', '"');
  return body.replaceAll("\\\\", "\0").replaceAll('\\"', '"').replaceAll("'", "\\'").replaceAll("\0", "\\\\");
}

/** The whole document with React Router's data literals single-quoted. */
export function singleQuotedData(html: string): string {
  let out = "";
  let from = 0;
  for (;;) {
    const open = html.indexOf(OPEN, from);
    const start = open + OPEN.length;
    const close = open === -1 ? -1 : html.indexOf(CLOSE, start);
    if (close === -1) return out + html.slice(from);
    out += `${html.slice(from, open)}${OPEN.slice(0, -1)}'${singleQuotedBody(html.slice(start, close))}');</script>`;
    from = close + CLOSE.length;
  }
}
