// Serves the pages: React Router renders them with the shop's services in its context;
// guest pages come from the in-process HTML cache when they can. A render that read the
// shopper (or a cookie) is personal: it is answered `private, no-store` and never cached.
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { ShopContext } from "../../app/context.ts";
import { COOKIES, endSessionCookies, requestCookie } from "../../lib/cookies.ts";
import type { Shopper } from "../identity.ts";
import type { Services } from "../services.ts";
import { withoutCampaignParams } from "../../lib/campaign-params.ts";
import type { PageCache } from "./page-cache.ts";
import { requestHost } from "./origins.ts";
import { anonymous, resolveShopper } from "./shopper.ts";
import { contentSecurityPolicy, newNonce, STYLE_HASHES_HEADER } from "./csp.ts";

export const PERSONAL_CACHE_CONTROL = "private, no-store";

/**
 * Cached pages come in two kinds (decision 0029): for a shopper who has not yet chosen about
 * cookies (with the consent banner) and for one who has (without it: a browser without
 * JavaScript has no other way to lose the banner). The key of the second ends with this.
 */
const CONSENT_CHOSEN_KEY = /#consent$/;

/**
 * Keeps the guest HTML cache true to stock and prices: when products change, their product
 * pages in every store go (keys "<store>|/p/<slug>", with a query or as ".data"); when
 * their listing rows changed, every other page goes too (category, search and home pages
 * list products), but the product pages of other products stay — they are what most guests
 * read. Returns the unsubscribe function.
 */
export function invalidatePagesOnChange(cache: PageCache, services: Services, log: (error: unknown) => void = () => {}) {
  return services.productChanges.onChange(({ productIds, listing }) => {
    (async () => {
      const [keys, stores] = await Promise.all([services.catalogRepository.urlKeys(productIds), services.catalog.stores()]);
      const paths = new Set<string>();
      for (const store of stores) {
        for (const row of keys) {
          if (row.locale === store.locale) paths.add(`${store.code}|/p/${encodeURIComponent(row.url_key)}`);
        }
      }
      cache.invalidate((key) => {
        const bar = key.indexOf("|");
        const path = key.slice(bar + 1);
        if (listing && !path.startsWith("/p/")) return true;
        const page = key.replace(CONSENT_CHOSEN_KEY, "").replace(/(\.data)?(\?.*)?$/, "");
        return paths.has(page);
      });
    })().catch(log);
  });
}

/** The response with this header (a copy when its headers are immutable, as a fetched one's are). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

const withCacheControl = (response: Response, value: string) => withHeader(response, "Cache-Control", value);

/** React Router's request handler, or a stand-in in tests. */
export type RenderPage = (request: Request, context: RouterContextProvider) => Promise<Response>;

/** Where the pages' own troubles go: the shop's structured log in the process, the console in tests. */
export interface PageLog {
  /** A part of the frame could not be loaded and is shown empty. */
  degraded(part: string, error: unknown): void;
  /** An unexpected error of a loader, an action or a render (answered with the error page). */
  error(error: unknown): void;
}

const CONSOLE_LOG: PageLog = { degraded: () => {}, error: (error) => console.error(error) };

export async function loadPages(buildFile: string, cache: PageCache, log: Partial<PageLog> = {}) {
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const key = (build.entry.module as unknown as { shopContext: RouterContext<ShopContext> }).shopContext;
  return createPages(createRequestHandler(build, "production"), key, cache, log);
}

/** The page handler around a renderer: the load context, the personal mark and the guest HTML cache. */
export function createPages(handle: RenderPage, key: RouterContext<ShopContext>, cache: PageCache, log: Partial<PageLog> = {}) {
  const logDegraded = log.degraded ?? CONSOLE_LOG.degraded;
  const logError = log.error ?? CONSOLE_LOG.error;
  return async function pages(request: Request, services: Services, storeCode: string, clientAddress = "unknown"): Promise<Response> {
    const store = await services.catalog.store(storeCode);
    if (!store) return new Response("Unknown store", { status: 404 });
    const context = new RouterContextProvider();
    // One per render (docs/decisions/0029): a cached guest page keeps its render's nonce and
    // policy together, for the cache's lifetime.
    const nonce = newNonce();
    // Whether the shopper has chosen at all, not what: the same for every such guest, so not personal.
    const consentChosen = requestCookie(request, COOKIES.consent) !== null;
    const cspOptions = {
      nonce,
      tagManager: Boolean(services.gtmId),
      recaptcha: services.captcha.publicConfig().provider === "recaptcha",
    };
    let partial = false;
    let personal = false;
    let shopper: Promise<Shopper> | undefined;
    context.set(key, {
      services,
      store,
      // Configured, never this request's Host (decision 0036).
      origins: services.origins.all(),
      clientAddress,
      nonce,
      consentChosen,
      logError,
      degraded(part, error) {
        partial = true;
        logDegraded(part, error);
      },
      get shopper() {
        personal = true;
        shopper ??= resolveShopper(request, store, services.authenticate, clientAddress);
        return shopper;
      },
      cookie(name) {
        personal = true;
        return requestCookie(request, name);
      },
    });
    const render = async (page: Request) => {
      // The render sees no identity headers: whatever it shows of the shopper came through the
      // getter above, which marked it personal.
      const rendered = await handle(anonymous(page), context);
      // The document names its style attributes' hashes (entry.server): the policy admits those alone.
      const styleAttributes = rendered.headers.get(STYLE_HASHES_HEADER)?.split(" ").filter(Boolean) ?? [];
      const csp = contentSecurityPolicy({ ...cspOptions, styleAttributes });
      const response = withHeader(rendered, "Content-Security-Policy", csp);
      response.headers.delete(STYLE_HASHES_HEADER);
      // The shopper's own page is theirs alone, whatever its route declared; a session the server
      // ended goes from the browser with it (spec §4).
      if (personal) {
        const personalResponse = withCacheControl(response, PERSONAL_CACHE_CONTROL);
        if (shopper && (await shopper).sessionEnded) endSessionCookies(request, personalResponse.headers);
        return personalResponse;
      }
      // A page missing part of its frame is answered, but never kept for other guests.
      if (partial) return withCacheControl(response, "no-store");
      return response;
    };
    if (request.method !== "GET") return render(request);
    // Campaign parameters (utm_*, gclid, …) neither key nor reach the render: one page for every
    // campaign's visitors, and no arbitrary value fills the cache (lib/campaign-params.ts).
    const url = withoutCampaignParams(new URL(request.url));
    const page = url.href === request.url ? request : new Request(url, request);
    // A host no store is published at (a relay, an address typed by hand, a forged Host) gets its
    // store's page rendered for it alone: the cache holds and serves only pages asked for at a
    // public host. The page itself is built from configuration, not the Host, so it keeps its
    // own Cache-Control (a service worker behind a relay still keeps it; decision 0036).
    if (!services.origins.isPublicHost(requestHost(request))) return render(page);
    return cache.serve(`${store.code}|${url.pathname}${url.search}${consentChosen ? "#consent" : ""}`, request, () => render(page));
  };
}
