// The page's data for hydration, sent in single-quoted strings (issue 16). React Router writes each
// chunk of it as `…streamController.enqueue(<JSON.stringify of the chunk>);`: a double-quoted
// literal of JSON text, in which each of that text's own quotes is escaped as `\"` — 978
// backslashes on a product page, 3,326 on a category page. The same value single-quoted needs none
// (the data's rare `'` are escaped instead), so the server entry rewrites those literals as the
// HTML streams. What React Router reads in the browser is the same string; anything else passes
// unchanged.
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

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

export function singleQuotedData(): Transform {
  // Bytes, not characters, arrive: a Finnish letter may be split between two chunks.
  const decoder = new StringDecoder("utf8");
  let held = "";

  /** What of `held` can go now; a literal not yet whole (or the start of its marker) waits for more. */
  function release(final: boolean): string {
    let out = "";
    for (;;) {
      const open = held.indexOf(OPEN);
      if (open === -1) {
        const keep = final ? held.length : Math.max(0, held.length - (OPEN.length - 1));
        out += held.slice(0, keep);
        held = held.slice(keep);
        return out;
      }
      const start = open + OPEN.length;
      const close = held.indexOf(CLOSE, start);
      if (close === -1) {
        const keep = final ? held.length : open;
        out += held.slice(0, keep);
        held = held.slice(keep);
        return out;
      }
      out += `${held.slice(0, open)}${OPEN.slice(0, -1)}'${singleQuotedBody(held.slice(start, close))}');</script>`;
      held = held.slice(close + CLOSE.length);
    }
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held += decoder.write(chunk);
      callback(null, release(false) || undefined);
    },
    flush(callback) {
      held += decoder.end();
      callback(null, release(true) || undefined);
    },
  });
}
