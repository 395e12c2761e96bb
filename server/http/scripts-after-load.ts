// The page's scripts start once the page has loaded (decision 0048). The page is whole without
// JavaScript (server-rendered, links that navigate, forms that post), so a phone's first seconds
// of bandwidth go to the HTML, the stylesheet and the pictures in view, and React's 180 KiB come
// after them: fetched in parallel before, they shared the line with the largest picture and held
// it back by a second on a slow 4G (Lighthouse's LCP 2.4 s → 1.2 s).
//
// React Router has no option for it, so the server entry rewrites the rendered document:
// - the head's `<link rel="modulepreload">` tags are dropped and their modules remembered;
// - React Router's bootstrap (an inline module script: the routes' manifest module, `import * as
//   routeN from "…"` for each matched route, then `import("<entry>")`) becomes a function that preloads the
//   same modules and imports them, run at the window's `load` — or after LOAD_WAIT_MS at most, so
//   that a picture that never arrives cannot keep the page from its scripts.
// Anything else passes unchanged; a bootstrap of another shape is left as it is (scripts then load
// as React Router loads them), and the page tests see it (server/http/lcp-pages.test.ts).

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const MODULE_TYPE = 'type="module"';
/** The bootstrap's opening tag, matched where its `<script` starts (sticky). */
const BOOTSTRAP_OPEN = /<script\b[^>]*\btype="module"[^>]*>/y;
const SCRIPT_END = "</script>";
const ROUTE_IMPORT = /^\s*import \* as (\w+) from ("[^"\\]+");\s*$/gm;
/** The routes' manifest module (`routeDiscovery: "initial"`), imported for its effect. */
const MODULE_IMPORT = /^\s*import ("[^"\\]+");\s*$/gm;
const ENTRY_IMPORT = /^\s*import\(("[^"\\]+")\);\s*$/m;

/** At most this long after the page's scripts could have started, they start (no `load` yet). */
export const LOAD_WAIT_MS = 3000;
/**
 * Preloads started in one task. Each is a request started on the main thread, 0.3–4 ms there on
 * this machine (more on a phone): the seventeen of a product page in one go were a task of
 * 10–67 ms; a few at a time leave the thread free for input between them.
 */
export const PRELOADS_PER_TASK = 4;

/**
 * React Router's bootstrap script made to run at `load`, preloading `modules` first; null when the
 * script is not of the shape this knows (it is then left as it was).
 */
export function bootstrapAfterLoad(script: string, modules: readonly string[]): string | null {
  const entry = ENTRY_IMPORT.exec(script);
  if (!entry) return null;
  const routes = [...script.matchAll(ROUTE_IMPORT)].map(([, name, href]) => ({ name: name as string, href: href as string }));
  // The manifest's module comes with the routes' (its name unused): all are in before the entry.
  const effects = [...script.matchAll(MODULE_IMPORT)].map(([, href]) => ({ name: "", href: href as string }));
  const imports = [...routes, ...effects];
  const rest = script.replace(ROUTE_IMPORT, "").replace(MODULE_IMPORT, "").replace(ENTRY_IMPORT, "").trim();
  // `rest` is React Router's own statements (the route modules' table) and may use
  // the route modules' names: they are the parameters of the function that runs it.
  return [
    "let started = false;",
    "const start = async () => {",
    "if (started) return;",
    "started = true;",
    "let preloads = 0;",
    `for (const href of ${JSON.stringify(modules)}) {`,
    `if (preloads > 0 && preloads % ${PRELOADS_PER_TASK} === 0) await new Promise((go) => setTimeout(go));`,
    "preloads++;",
    'const link = document.createElement("link");',
    'link.rel = "modulepreload";',
    "link.href = href;",
    "document.head.append(link);",
    "}",
    `Promise.all([${imports.map((r) => `import(${r.href})`).join(", ")}]).then(([${routes.map((r) => r.name).join(", ")}]) => {`,
    rest,
    `import(${entry[1]});`,
    "});",
    "};",
    'if (document.readyState === "complete") start();',
    "else {",
    'addEventListener("load", start, { once: true });',
    `setTimeout(start, ${LOAD_WAIT_MS});`,
    "}",
  ].join("\n");
}

/**
 * Bootstraps already rewritten, by their modules and text: a page's bootstrap depends only on the
 * routes it matched, so a shop has a few dozen of them, and the rewrite (regular expressions over
 * the script) was 1 % of a fresh page's time. Bounded all the same: cleared when full.
 */
const REWRITTEN_MAX = 500;
const rewritten = new Map<string, string | null>();

function bootstrapAfterLoadOnce(script: string, modules: readonly string[]): string | null {
  const key = `${modules.join("\n")}\n\n${script}`;
  let deferred = rewritten.get(key);
  if (deferred === undefined) {
    if (rewritten.size >= REWRITTEN_MAX) rewritten.clear();
    deferred = bootstrapAfterLoad(script, modules);
    rewritten.set(key, deferred);
  }
  return deferred;
}

/** Where the bootstrap's opening tag is, searched from the end: it comes after the page's content. */
function bootstrapOpen(body: string): { start: number; end: number } | null {
  const attribute = body.lastIndexOf(MODULE_TYPE);
  if (attribute === -1) return null;
  const start = body.lastIndexOf("<script", attribute);
  if (start === -1) return null;
  BOOTSTRAP_OPEN.lastIndex = start;
  const open = BOOTSTRAP_OPEN.exec(body);
  return open ? { start, end: start + open[0].length } : null;
}

/** The whole document with its head's module preloads dropped and its bootstrap run at `load`. */
export function scriptsAfterLoad(html: string): string {
  const end = html.indexOf(HEAD_END);
  if (end === -1) return html;
  const modules: string[] = [];
  const head = html.slice(0, end).replace(MODULE_PRELOAD, (tag) => {
    const href = HREF.exec(tag)?.[1];
    if (href) modules.push(href.replaceAll("&amp;", "&"));
    return "";
  });
  const body = html.slice(end);
  const open = bootstrapOpen(body);
  if (!open) return head + body;
  const close = body.indexOf(SCRIPT_END, open.end);
  const deferred = close === -1 ? null : bootstrapAfterLoadOnce(body.slice(open.end, close), modules);
  if (deferred === null) return head + body;
  return head + body.slice(0, open.end) + deferred + body.slice(close);
}
