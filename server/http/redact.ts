// Cart ids are the only key to a guest's cart, and tokens, reset keys and payment ids are keys
// too (docs/decisions/0035): none of them reaches a log. Spec §7 puts cart ids in some paths
// (/api/luhta_cart/{action}/{id}), a database error repeats a query's parameters, and a page
// error may quote its URL; so what the shop logs of a path is its route, and every text it logs
// has anything shaped like one of the shop's keys (256 random bits, base64url) blanked out.

/** Paths whose segment after the prefix is a key: the name it is logged under. */
const KEYED_PATHS: [RegExp, string][] = [
  [/^(\/api\/luhta_cart\/[^/]+\/)[^/]+/, ":cart"],
  [/^(\/payments\/sandbox\/)[^/]+/, ":payment"],
];

/** One of the shop's keys (randomBytes(32) as base64url: 43 characters), standing alone. */
const KEY = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

export const REDACTED = "[redacted]";

/** Any text, with every key in it blanked out. */
export function redactKeys(text: string): string {
  return text.replace(KEY, REDACTED);
}

/**
 * A path (and query) as it may be logged: the keyed segments named (`/api/luhta_cart/coupon/:cart`),
 * query values dropped (`?id=&key=`: mailed links carry their keys there), any other key blanked out.
 */
export function redactPath(pathAndQuery: string): string {
  const at = pathAndQuery.search(/[?#]/);
  let path = at === -1 ? pathAndQuery : pathAndQuery.slice(0, at);
  const query = at === -1 ? "" : pathAndQuery.slice(at).replace(/#.*$/, "");
  for (const [pattern, name] of KEYED_PATHS) path = path.replace(pattern, `$1${name}`);
  const names = query
    .slice(1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=`);
  return redactKeys(path) + (names.length > 0 ? `?${redactKeys(names.join("&"))}` : "");
}

/** An error as the logs may keep it: its kind, message and stack with every key blanked out. */
export function redactError(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === "string" ? redactKeys(error) : error;
  const copy = new Error(redactKeys(error.message));
  copy.name = error.name;
  copy.stack = error.stack === undefined ? undefined : redactKeys(error.stack);
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) (copy as { code?: unknown }).code = code;
  if (error.cause !== undefined) copy.cause = redactError(error.cause);
  return copy;
}
