// The page's module preloads at low fetch priority, as React itself preloads its bootstrap modules:
// the page is whole without JavaScript (server-rendered, forms that post), so its stylesheet and
// largest picture come first and the scripts after them (issue 16). React Router writes its
// `<link rel="modulepreload">` tags without a priority; this rewrites them in the head only, as
// the HTML streams (a tag may straddle two chunks, so the head is held until `</head>`).
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";

export function lowPriorityModulePreloads(): Transform {
  let head: string | null = "";
  // Bytes, not characters, arrive: a Finnish letter may be split between two chunks.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const out = head.slice(0, end).replace(MODULE_PRELOAD, LOW) + head.slice(end);
      head = null;
      callback(null, out);
    },
    flush(callback) {
      // A document without a head (an error before it) passes as it came.
      if (head !== null) head += decoder.end();
      callback(null, head || undefined);
    },
  });
}
