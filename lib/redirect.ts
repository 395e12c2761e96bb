// Redirect targets must be local paths (spec §2): they start with "/" and contain only
// letters, digits and @ - % _ ~ /, optionally followed by a query and a fragment.
const LOCAL_PATH = /^\/(?!\/)[A-Za-z0-9@\-%_~/]*(\?[A-Za-z0-9@\-%_~/.=&+,;:!$'()*]*)?(#[A-Za-z0-9@\-%_~/.=&+,;:!$'()*?]*)?$/;

/** True when `target` is a safe local path to send a shopper to. */
export function isLocalPath(target: unknown): target is string {
  if (typeof target !== "string" || target.length > 2000) return false;
  if (!LOCAL_PATH.test(target)) return false;
  // Encoded tricks: a decoded "//", "\" or control character would leave the site.
  let decoded: string;
  try {
    decoded = decodeURIComponent(target.split(/[?#]/)[0] ?? "");
  } catch {
    return false;
  }
  return !(decoded.startsWith("//") || /[\\.]/.test(decoded) || [...decoded].some((ch) => ch.charCodeAt(0) < 0x20));
}

/** The target when it is a local path, else the front page. */
export function safeRedirectTarget(target: unknown, fallback = "/"): string {
  return isLocalPath(target) ? target : fallback;
}
