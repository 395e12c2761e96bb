// Serves the pages: React Router renders them with the shop's services in its context;
// guest pages come from the in-process HTML cache when they can.
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { ShopContext } from "../../app/context.ts";
import type { Services } from "../services.ts";
import type { PageCache } from "./page-cache.ts";

/** The origin of each store, for canonical and hreflang links: configured, else its domain on this request's port. */
export function storeOrigins(request: Request, domains: Record<string, string>, publicUrls: Record<string, string | undefined>) {
  const url = new URL(request.url);
  const port = url.port ? `:${url.port}` : "";
  return Object.fromEntries(
    Object.entries(domains).map(([code, host]) => [code, publicUrls[code]?.replace(/\/$/, "") ?? `${url.protocol}//${host}${port}`]),
  );
}

export async function loadPages(
  buildFile: string,
  cache: PageCache,
  publicUrls: Record<string, string | undefined> = {},
  logDegraded: (part: string, error: unknown) => void = () => {},
) {
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const key = (build.entry.module as unknown as { shopContext: RouterContext<ShopContext> }).shopContext;

  return async function pages(request: Request, services: Services, storeCode: string): Promise<Response> {
    const store = await services.catalog.store(storeCode);
    if (!store) return new Response("Unknown store", { status: 404 });
    const context = new RouterContextProvider();
    let partial = false;
    context.set(key, {
      services,
      store,
      origins: storeOrigins(request, services.storeDomains, publicUrls),
      degraded(part, error) {
        partial = true;
        logDegraded(part, error);
      },
    });
    const render = async () => {
      const response = await handle(request, context);
      // A page missing part of its frame is answered, but never kept for other guests.
      if (partial) response.headers.set("Cache-Control", "no-store");
      return response;
    };
    if (request.method !== "GET") return render();
    const url = new URL(request.url);
    return cache.serve(`${store.code}|${url.pathname}${url.search}`, request, render);
  };
}
