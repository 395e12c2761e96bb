import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  bootstrapAfterLoad,
  bootstrapPreloads,
  LOAD_WAIT_MS,
  PAINT_WAIT_MS,
  PRELOADS_PER_TASK,
  scriptsAfterLoad,
} from "./scripts-after-load.ts";

// React Router's bootstrap as it writes it (its <Scripts>, the routes' manifest as a module).
const bootstrap = [
  'import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/product.js";',
  "  ",
  '  window.__reactRouterRouteModules = {"root":route0,"product-slug":route1};',
  "",
  'import("/assets/entry.client.js");',
].join("\n");

const page = [
  "<!DOCTYPE html><html><head><title>Sadetakki — Kauppa ääkköset</title>",
  '<link rel="preload" as="image" imageSrcSet="/img/1?w=400&amp;fm=webp 400w" fetchPriority="high"/>',
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  '<link rel="modulepreload" fetchpriority="low" href="/assets/texts-fi.js" as="script"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/framework.js" nonce="abc"/>',
  '<link nonce="abc" rel="manifest" href="/manifest.webmanifest"/>',
  '<link rel="preload" href="/frame?v=fi.1" as="fetch" crossorigin="anonymous"/>',
  "</head><body><main><p>Example: &lt;script type=&quot;module&quot;&gt; — hyvä ä</p></main>",
  '<script type="application/ld+json">{"@type":"Product","name":"Sadetakki <3"}</script>',
  `<script nonce="abc" type="module" async="">${bootstrap}</script>`,
  '<script nonce="abc">window.__reactRouterContext.streamController.enqueue("[\\"x<y\\"]");</script>',
  "</body></html>",
].join("");

const bootstrapIn = (html: string) => /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

describe("the page's scripts start once the page has loaded", () => {
  it("drops the head's module preloads and what serves only the scripts, and the bootstrap puts them back after load", () => {
    // Without its nonce (no use to a link), so the bootstrap is the same for every page of its routes.
    const tags =
      '<link rel="manifest" href="/manifest.webmanifest"/><link rel="preload" href="/frame?v=fi.1" as="fetch" crossorigin="anonymous"/>';
    const expected = bootstrapAfterLoad(bootstrap, {
      modules: ["/assets/texts-fi.js", "/assets/entry.client.js", "/assets/framework.js"],
      tags,
    });
    expect(expected).toBeTruthy();
    expect(expected).toContain(`document.head.insertAdjacentHTML("beforeend",${JSON.stringify(tags).replaceAll("<", "\\u003c")});`);
    const out = scriptsAfterLoad(page);
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).not.toContain("manifest");
    expect(head).not.toContain("/frame?");
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css"');
    expect(head).toContain('fetchPriority="high"');
    expect(out).toContain("Sadetakki — Kauppa ääkköset");
    expect(bootstrapIn(out)).toBe(expected);
    // Everything but the head's preloads and the bootstrap's text is as it was.
    expect(out.replace(bootstrapIn(out), "")).toBe(
      page
        .replace(/<link rel="modulepreload"[^>]*>/g, "")
        .replace(/<link [^>]*(manifest|\/frame\?)[^>]*>/g, "")
        .replace(bootstrap, ""),
    );
  });

  it("waits for load and the first pictures' paint (or LOAD_WAIT_MS), preloads the modules, then imports the manifest, the routes and the entry", () => {
    const script = bootstrapAfterLoad(bootstrap, { modules: ["/assets/entry.client.js", "/assets/framework.js"] }) ?? "";
    expect(script).not.toMatch(/^\s*import \* as/m);
    expect(script).toContain('addEventListener("load",painted,{once:true});');
    expect(script).not.toContain("insertAdjacentHTML");
    expect(script).toContain(`setTimeout(start,${LOAD_WAIT_MS});`);
    // Listed without the folder and the ending they share; read back whole.
    expect(script).toContain('for (const name of ["entry.client","framework"])');
    expect(bootstrapPreloads(script)).toEqual(["/assets/entry.client.js", "/assets/framework.js"]);
    // A module from elsewhere: the list is written whole.
    const elsewhere = bootstrapAfterLoad(bootstrap, { modules: ["/assets/a.js", "/vendor/b.mjs"] }) ?? "";
    expect(bootstrapPreloads(elsewhere)).toEqual(["/assets/a.js", "/vendor/b.mjs"]);
    // The manifest's module is in, with the routes', before the entry.
    expect(script).toContain(
      'Promise.all([import("/assets/root.js"),import("/assets/product.js"),import("/assets/manifest-1.js")]).then(([route0,route1])=>{',
    );
    expect(script).not.toContain('import "/assets/manifest-1.js"');
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"product-slug":route1};');
    expect(script.indexOf("__reactRouterRouteModules")).toBeLessThan(script.indexOf('import("/assets/entry.client.js");'));
    // It is valid JavaScript.
    expect(() => new Function(script)).not.toThrow();
  });

  it("starts a few preloads per task, the thread free between them, and imports once all are asked for", async () => {
    vi.useFakeTimers();
    try {
      const modules = Array.from({ length: 2 * PRELOADS_PER_TASK + 1 }, (_, i) => `/assets/m${i}.js`);
      const script = bootstrapAfterLoad(bootstrap, { modules }) ?? "";
      const preloaded: string[] = [];
      const imported: string[] = [];
      const document = {
        readyState: "complete",
        createElement: () => ({ rel: "", href: "" }),
        head: { append: (link: { rel: string; href: string }) => preloaded.push(`${link.rel} ${link.href}`) },
      };
      // The bootstrap as the browser runs it at load, a recorder standing in for import().
      const window: { __reactRouterRouteModules?: object } = {};
      new Function("window", "document", "addEventListener", "load", script.replaceAll("import(", "load("))(
        window,
        document,
        () => {},
        (href: string) => {
          imported.push(href);
          return Promise.resolve({ href });
        },
      );
      expect(preloaded).toEqual(modules.slice(0, PRELOADS_PER_TASK).map((m) => `modulepreload ${m}`));
      expect(imported).toEqual([]);
      await vi.advanceTimersByTimeAsync(0);
      expect(preloaded).toHaveLength(2 * PRELOADS_PER_TASK);
      await vi.runAllTimersAsync();
      expect(preloaded).toEqual(modules.map((m) => `modulepreload ${m}`));
      expect(imported).toEqual(["/assets/root.js", "/assets/product.js", "/assets/manifest-1.js", "/assets/entry.client.js"]);
      expect(window.__reactRouterRouteModules).toEqual({
        root: { href: "/assets/root.js" },
        "product-slug": { href: "/assets/product.js" },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  describe("after load, the scripts wait for the pictures fetched first", () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    /**
     * The bootstrap in a page with one picture fetched first, 400 × 560 px (`top`: where it is;
     * the window is 800 px high, and the page has loaded), each browser call it makes recorded;
     * the test draws frames and reports paints.
     */
    function page(top: number) {
      const script =
        bootstrapAfterLoad(bootstrap, { modules: ["/assets/entry.client.js"], tags: '<link rel="manifest" href="/m"/>' }) ?? "";
      const asked: string[] = [];
      const picture = {
        getBoundingClientRect: () => ({ top, bottom: top + 560, width: 400 }),
      };
      const page = {
        asked,
        picture,
        load: () => {},
        frame: () => {},
        paint: (_entries: { element: unknown; size: number }[]) => {},
      };
      class Observer {
        static supportedEntryTypes = ["largest-contentful-paint"];
        constructor(report: (list: { getEntries: () => { element: unknown; size: number }[] }) => void) {
          page.paint = (entries) => report({ getEntries: () => entries });
        }
        observe() {}
        disconnect() {
          page.paint = () => {};
        }
      }
      const document = {
        readyState: "loading",
        querySelectorAll: (selector: string) => (selector === 'img[fetchpriority="high"]' ? [picture] : []),
        createElement: () => ({ rel: "", href: "" }),
        head: {
          append: (link: { rel: string; href: string }) => asked.push(`${link.rel} ${link.href}`),
          insertAdjacentHTML: (where: string, html: string) => asked.push(`${where} ${html}`),
        },
      };
      new Function(
        "window",
        "document",
        "addEventListener",
        "requestAnimationFrame",
        "PerformanceObserver",
        "innerHeight",
        "load",
        script.replaceAll("import(", "load("),
      )(
        {},
        document,
        (type: string, listener: () => void) => {
          if (type === "load") page.load = listener;
        },
        (callback: () => void) => {
          page.frame = callback;
        },
        Observer,
        800,
        () => Promise.resolve({}),
      );
      return page;
    }
    const started = ['beforeend <link rel="manifest" href="/m"/>', "modulepreload /assets/entry.client.js"];

    it("one in view: once it is reported shown, the tags come back before any preload", async () => {
      const shop = page(120);
      shop.load();
      await vi.advanceTimersByTimeAsync(100);
      expect(shop.asked).toEqual([]);
      // Drawn, not yet reported on the screen; a smaller paint of another element is not it.
      shop.frame();
      shop.paint([{ element: {}, size: 20_000 }]);
      await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 150);
      expect(shop.asked).toEqual([]);
      shop.paint([{ element: shop.picture, size: 224_000 }]);
      await vi.advanceTimersByTimeAsync(0);
      expect(shop.asked).toEqual(started);
    });

    it("one in view that is smaller on the screen than the text reported: once a frame is drawn", async () => {
      // 400 × 100 px of it in view, less than the heading's 60,000 px².
      const shop = page(700);
      shop.load();
      await vi.advanceTimersByTimeAsync(0);
      shop.paint([{ element: {}, size: 60_000 }]);
      await vi.advanceTimersByTimeAsync(0);
      expect(shop.asked).toEqual([]);
      shop.frame();
      await vi.advanceTimersByTimeAsync(0);
      expect(shop.asked).toEqual(started);
    });

    it("one in view that is never reported: PAINT_WAIT_MS after load", async () => {
      const shop = page(120);
      shop.load();
      await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 1);
      expect(shop.asked).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(shop.asked).toEqual(started);
    });

    it("one below the fold: once a frame is drawn", async () => {
      const shop = page(1200);
      shop.load();
      await vi.advanceTimersByTimeAsync(100);
      expect(shop.asked).toEqual([]);
      shop.frame();
      await vi.advanceTimersByTimeAsync(0);
      expect(shop.asked).toEqual(started);
    });
  });

  it("leaves a bootstrap of another shape, and a document without one, as they came", () => {
    expect(bootstrapAfterLoad('import "/assets/x.js";', { modules: [] })).toBeNull();
    const other = page.replace(bootstrap, 'import "/assets/x.js";');
    const out = scriptsAfterLoad(other);
    expect(bootstrapIn(out)).toBe('import "/assets/x.js";');
    // Nothing puts the frame's preload back for such a bootstrap, so it stays, and so does the manifest.
    expect(out).toContain('<link rel="preload" href="/frame?v=fi.1" as="fetch" crossorigin="anonymous"/>');
    expect(out).toContain('rel="manifest"');
    expect(scriptsAfterLoad("<p>Service unavailable — yritä pian uudelleen</p>")).toBe("<p>Service unavailable — yritä pian uudelleen</p>");
  });
});
