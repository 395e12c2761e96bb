import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache.ts";

const page = (body: string, cacheControl = "public, s-maxage=60") =>
  new Response(body, { headers: { "content-type": "text/html", "cache-control": cacheControl } });
const get = (headers: Record<string, string> = {}) => new Request("http://localhost/p/x", { headers });

describe("page cache", () => {
  it("renders once and then serves the stored page, compressed as the client accepts", async () => {
    const cache = createPageCache({ maxEntries: 10, ttlSeconds: 60 });
    let renders = 0;
    const render = async () => page(`<p>render ${++renders}</p>`);
    const first = await cache.serve("en|/p/x", get(), render);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(await first.text()).toBe("<p>render 1</p>");

    const second = await cache.serve("en|/p/x", get({ "accept-encoding": "gzip, deflate, br" }), render);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString()).toBe("<p>render 1</p>");
    expect(renders).toBe(1);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const cache = createPageCache({ maxEntries: 10, ttlSeconds: 60 });
    const first = await cache.serve("k", get(), async () => page("<p>a</p>"));
    const etag = first.headers.get("etag") ?? "";
    const again = await cache.serve("k", get({ "if-none-match": etag }), async () => page("<p>b</p>"));
    expect(again.status).toBe(304);
  });

  it("shares one render between concurrent misses", async () => {
    const cache = createPageCache({ maxEntries: 10, ttlSeconds: 60 });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 20));
      return page("<p>slow</p>");
    };
    const bodies = await Promise.all(Array.from({ length: 5 }, () => cache.serve("k", get(), render).then((r) => r.text())));
    expect(renders).toBe(1);
    expect(new Set(bodies)).toEqual(new Set(["<p>slow</p>"]));
  });

  it("never stores private pages, errors or pages setting cookies", async () => {
    const cache = createPageCache({ maxEntries: 10, ttlSeconds: 60 });
    const cases = [
      () => page("private", "private, no-store"),
      () => new Response("missing", { status: 404, headers: { "cache-control": "public, s-maxage=60" } }),
      () => new Response("cookie", { headers: { "cache-control": "public, s-maxage=60", "set-cookie": "a=b" } }),
    ];
    for (const [i, make] of cases.entries()) {
      await cache.serve(`k${i}`, get(), async () => make());
      const again = await cache.serve(`k${i}`, get(), async () => make());
      expect(again.headers.get("x-cache")).toBeNull();
    }
    expect(cache.size).toBe(0);
  });

  it("forgets everything on clear", async () => {
    const cache = createPageCache({ maxEntries: 10, ttlSeconds: 60 });
    await cache.serve("k", get(), async () => page("v1"));
    cache.clear();
    const after = await cache.serve("k", get(), async () => page("v2"));
    expect(await after.text()).toBe("v2");
  });

  it("never keeps a page whose render began before a clear (it may hold the old data)", async () => {
    const cache = createPageCache({ maxEntries: 10, ttlSeconds: 60 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const old = cache.serve("k", get(), async () => {
      await gate;
      return page("old data");
    });
    cache.clear(); // the data changed while that render was under way
    const during = cache.serve("k", get(), async () => page("new data"));
    release();
    expect(await (await old).text()).toBe("old data");
    expect(await (await during).text()).toBe("new data");
    const after = await cache.serve("k", get(), async () => page("newer data"));
    expect(await after.text()).toBe("new data");
    expect(after.headers.get("x-cache")).toBe("HIT");
  });

  it("drops only the pages an invalidation names, and never keeps a render of them that was under way", async () => {
    const cache = createPageCache({ maxEntries: 10, ttlSeconds: 60 });
    await cache.serve("en|/p/a", get(), async () => page("a1"));
    await cache.serve("en|/p/b", get(), async () => page("b1"));
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const old = cache.serve("en|/p/c", get(), async () => {
      await gate;
      return page("c old");
    });
    expect(cache.invalidate((key) => key === "en|/p/a" || key === "en|/p/c")).toBe(1);
    release();
    expect(await (await old).text()).toBe("c old");
    const a = await cache.serve("en|/p/a", get(), async () => page("a2"));
    expect([a.headers.get("x-cache"), await a.text()]).toEqual(["MISS", "a2"]);
    const b = await cache.serve("en|/p/b", get(), async () => page("b2"));
    expect([b.headers.get("x-cache"), await b.text()]).toEqual(["HIT", "b1"]);
    const c = await cache.serve("en|/p/c", get(), async () => page("c new"));
    expect([c.headers.get("x-cache"), await c.text()]).toEqual(["MISS", "c new"]);
  });
});
