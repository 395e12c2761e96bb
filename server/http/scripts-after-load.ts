// The page's scripts start once the page has loaded (decision 0048). The page is whole without
// JavaScript (server-rendered, links that navigate, forms that post), so a phone's first seconds
// of bandwidth go to the HTML, the stylesheet and the pictures in view, and React's 180 KiB come
// after them: fetched in parallel before, they shared the line with the largest picture and held
// it back by a second on a slow 4G (Lighthouse's LCP 2.4 s → 1.2 s).
//
// React Router has no option for it, so the server entry rewrites the rendered document:
// - the head's `<link rel="modulepreload">` tags are dropped and their modules remembered, and the
//   tags that serve only a page whose scripts run are taken out as they are (SCRIPTED_HEAD_TAGS);
// - React Router's bootstrap (an inline module script: the routes' manifest module, `import * as
//   routeN from "…"` for each matched route, then `import("<entry>")`) becomes a function that preloads the
//   same modules, puts those tags back and imports the modules, run once the window has loaded and the largest
//   of the pictures marked `fetchpriority="high"` is on the screen (see `painted`) — or after
//   LOAD_WAIT_MS at most, so that a picture that never arrives cannot keep the page from its scripts.
//   Nothing but the document, its stylesheet and its pictures is fetched before the largest picture
//   is on the screen (decision 0064).
// Anything else passes unchanged; a bootstrap of another shape is left as it is (scripts then load
// as React Router loads them), and the page tests see it (server/http/lcp-pages.test.ts).

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
/**
 * Head tags that serve only a page whose scripts run: the preload of the frame's data, which only
 * hydration reads (decision 0053), and the web app manifest (the installed shop is the scripted
 * one: its service worker comes with the scripts; read at once, Chrome fetches the manifest and its
 * icon during the load, on the line the largest picture needs).
 */
const SCRIPTED_HEAD_TAGS = /<link\b[^>]*\brel="preload"[^>]*\bas="fetch"[^>]*>|<link\b[^>]*\brel="manifest"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const NONCE = / nonce="[^"]*"/;
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
/** At most this long after `load`, the scripts start although no paint of a picture in view was reported. */
export const PAINT_WAIT_MS = 300;
/**
 * Preloads started in one task. Each is a request started on the main thread, 0.3–4 ms there on
 * this machine (more on a phone): the seventeen of a product page in one go were a task of
 * 10–67 ms; a few at a time leave the thread free for input between them.
 */
export const PRELOADS_PER_TASK = 4;

/** Where the build's modules are, and how their names end: the bootstrap's list leaves both out. */
const ASSETS = "/assets/";
const MODULE_END = ".js";

/** The modules as the bootstrap lists them: without ASSETS and MODULE_END, when all have them. */
function listedModules(modules: readonly string[]): { names: string[]; whole: boolean } {
  const whole = !modules.every((href) => href.startsWith(ASSETS) && href.endsWith(MODULE_END));
  return { names: whole ? [...modules] : modules.map((href) => href.slice(ASSETS.length, -MODULE_END.length)), whole };
}

/** The modules a rewritten bootstrap preloads (what npm run size weighs and the page tests read). */
export function bootstrapPreloads(script: string): string[] {
  const list = /for \(const name of (\[[^\]]*\])\)/.exec(script)?.[1];
  if (!list) return [];
  const names = JSON.parse(list) as string[];
  return /link\.href=name;/.test(script) ? names : names.map((name) => `${ASSETS}${name}${MODULE_END}`);
}

/** What the bootstrap puts in the head when it starts, instead of the server. */
export interface Preloads {
  /** Modules to preload. */
  modules: readonly string[];
  /** Tags as they were in the head (SCRIPTED_HEAD_TAGS). */
  tags?: string;
}

/**
 * React Router's bootstrap script made to run after `load`, preloading first; null when the
 * script is not of the shape this knows (it is then left as it was).
 */
export function bootstrapAfterLoad(script: string, { modules, tags = "" }: Preloads): string | null {
  const entry = ENTRY_IMPORT.exec(script);
  if (!entry) return null;
  const routes = [...script.matchAll(ROUTE_IMPORT)].map(([, name, href]) => ({ name: name as string, href: href as string }));
  // The manifest's module comes with the routes' (its name unused): all are in before the entry.
  const effects = [...script.matchAll(MODULE_IMPORT)].map(([, href]) => ({ name: "", href: href as string }));
  const imports = [...routes, ...effects];
  const rest = script.replace(ROUTE_IMPORT, "").replace(MODULE_IMPORT, "").replace(ENTRY_IMPORT, "").trim();
  // `rest` is React Router's own statements (the route modules' table) and may use
  // the route modules' names: they are the parameters of the function that runs it.
  const listed = listedModules(modules);
  // Written compact (it is in every page's HTML), a statement a line here, each ending in ";",
  // "{" or "}", so the lines join without a separator.
  return [
    "let started=0;",
    "const start=async()=>{",
    "if(started)return;",
    "started=1;",
    // The tags first: the frame's data is small, and hydration waits for it as for the modules.
    ...(tags ? [`document.head.insertAdjacentHTML("beforeend",${JSON.stringify(tags).replaceAll("<", "\\u003c")});`] : []),
    "let preloads=0;",
    `for (const name of ${JSON.stringify(listed.names)}) {`,
    `if(preloads>0&&preloads%${PRELOADS_PER_TASK}===0)await new Promise((go)=>setTimeout(go));`,
    "preloads++;",
    'const link=document.createElement("link");',
    'link.rel="modulepreload";',
    listed.whole ? "link.href=name;" : `link.href=${JSON.stringify(ASSETS)}+name+${JSON.stringify(MODULE_END)};`,
    "document.head.append(link);",
    "}",
    `Promise.all([${imports.map((r) => `import(${r.href})`).join(",")}]).then(([${routes.map((r) => r.name).join(",")}])=>{`,
    `${rest};`,
    `import(${entry[1]});`,
    "});",
    "};",
    'if(document.readyState==="complete")start();',
    "else{",
    // After `load` every picture that is not lazy has arrived. The largest in view must be on the
    // screen before any script is asked for: on a slow line a script fetched at once shares the
    // line with it (and holds back its paint while it compiles). It is on the screen when the
    // browser reports it as the largest contentful paint (a frame drawn is not yet a frame shown).
    // One smaller on the screen than the largest paint reported so far (the page's text) will not
    // be reported, and one out of view needs no paint: then a drawn frame is enough.
    // PAINT_WAIT_MS bounds the wait for a report.
    "const drawn=()=>requestAnimationFrame(()=>setTimeout(start));",
    // How much of a picture is in view (its height in the window, its whole width: the shop's
    // first pictures are never cut at the sides).
    "const shown=(img)=>{",
    "const box=img.getBoundingClientRect();",
    "return Math.max(0,Math.min(box.bottom,innerHeight)-Math.max(box.top,0))*box.width;",
    "};",
    "const painted=()=>{",
    "const inView=[...document.querySelectorAll('img[fetchpriority=\"high\"]')].filter((img)=>shown(img)>0);",
    'if(!inView.length||!PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint"))return drawn();',
    "const ours=Math.max(...inView.map(shown));",
    "const observer=new PerformanceObserver((list)=>{",
    "const entries=list.getEntries();",
    "if(entries.some((entry)=>inView.includes(entry.element)))start();",
    "else if(Math.max(...entries.map((entry)=>entry.size))>=ours)drawn();",
    "else return;",
    "observer.disconnect();",
    "});",
    'observer.observe({type:"largest-contentful-paint",buffered:true});',
    `setTimeout(start,${PAINT_WAIT_MS});`,
    "};",
    'addEventListener("load",painted,{once:true});',
    `setTimeout(start,${LOAD_WAIT_MS});`,
    "}",
  ].join("");
}

/**
 * Bootstraps already rewritten, by their modules and text: a page's bootstrap depends only on the
 * routes it matched, so a shop has a few dozen of them, and the rewrite (regular expressions over
 * the script) was 1 % of a fresh page's time. Bounded all the same: cleared when full.
 */
const REWRITTEN_MAX = 500;
const rewritten = new Map<string, string | null>();

function bootstrapAfterLoadOnce(script: string, preloads: Preloads): string | null {
  const key = `${preloads.modules.join("\n")}\n\n${preloads.tags ?? ""}\n\n${script}`;
  let deferred = rewritten.get(key);
  if (deferred === undefined) {
    if (rewritten.size >= REWRITTEN_MAX) rewritten.clear();
    deferred = bootstrapAfterLoad(script, preloads);
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

/** The whole document with its head's preloads dropped and its bootstrap run after `load`. */
export function scriptsAfterLoad(html: string): string {
  const end = html.indexOf(HEAD_END);
  if (end === -1) return html;
  const modules: string[] = [];
  // Module preloads serve only the bootstrap: they go in any case.
  const head = html.slice(0, end).replace(MODULE_PRELOAD, (tag) => {
    const href = HREF.exec(tag)?.[1];
    if (href) modules.push(href.replaceAll("&amp;", "&"));
    return "";
  });
  const body = html.slice(end);
  const open = bootstrapOpen(body);
  if (!open) return head + body;
  const close = body.indexOf(SCRIPT_END, open.end);
  if (close === -1) return head + body;
  // The frame's preload names the address the entry fetches: those tags leave the head only for
  // a bootstrap that puts them back before the entry runs.
  let tags = "";
  const headWithout = head.replace(SCRIPTED_HEAD_TAGS, (tag) => {
    // A link's nonce is no use to it (a nonce lets scripts and styles in, not a manifest), and
    // without it the bootstrap is the same for every page of its routes (bootstrapAfterLoadOnce).
    tags += tag.replace(NONCE, "");
    return "";
  });
  const deferred = bootstrapAfterLoadOnce(body.slice(open.end, close), { modules, tags });
  if (deferred === null) return head + body;
  return headWithout + body.slice(0, open.end) + deferred + body.slice(close);
}
