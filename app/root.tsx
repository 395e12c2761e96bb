import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type LinkDescriptor,
  type LinksFunction,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Link } from "./components/ui/router-link.tsx";
import { preloadModule } from "react-dom";
import { TEXT_CHUNKS } from "virtual:kauppa/text-chunks";
import { LOCALES, type LocaleCode } from "../lib/locales.ts";
import { useSessionExpiry } from "./lib/session-expiry.ts";
import { useSessionState } from "./lib/session-state.ts";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { GLOBAL_GUARDS, MAINTENANCE_PATHS } from "../lib/guards.ts";
import { frameContext, shopContext } from "./context.ts";
import { fetchFrame, frameHref, useRootData } from "./lib/frame.ts";
import { type FrameData, loadFrame } from "./lib/frame.server.ts";
import { clientGuards, guards, setBrowserGuardConfig } from "./lib/guards.ts";
import { PageBehaviours } from "./components/page/index.tsx";
import { TextsProvider, useT } from "./lib/i18n.ts";
import { useReloadWhenOffline, useServiceWorker } from "./lib/service-worker.ts";
import { ICONS, MANIFEST_PATH, THEME_COLOR } from "../lib/pwa.ts";
import { HeadScripts } from "./components/consent/head-scripts.tsx";
import { CONSENT_PATH } from "./components/consent/consent-banner.tsx";

export const links: LinksFunction = () => [
  // A stylesheet with a precedence is one React puts first in the head, before the pages' module
  // preloads: the browser asks for it first, and the first paint waits for nothing else (issue 16).
  { rel: "stylesheet", href: appStylesheet, precedence: "default" } as LinkDescriptor,
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable shop (decision 0030): the store's manifest and the home-screen icon. The
  // manifest comes into the head with the page's scripts (server/http/scripts-after-load.ts).
  { rel: "manifest", href: MANIFEST_PATH },
  { rel: "apple-touch-icon", href: ICONS.appleTouch.src },
];

export const middleware = guards(...GLOBAL_GUARDS);
export const clientMiddleware = clientGuards(...GLOBAL_GUARDS);

/**
 * What every page needs besides its own data: the store, the process's settings (origins, the
 * check against bots, the tag manager), this render's nonce and whether the shopper has chosen
 * about cookies, all the same for every guest of a store (so the page stays cacheable), and the
 * frame (app/lib/frame.server.ts): rendered here, but sent by its versioned address, which the
 * browser fetches once and keeps (decision 0053). Personal parts (login state, cart) come from /api.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { store, services, origins } = shop;
  const config = store.config;
  // Spec §4: the maintenance page (logo only) loads no menus; its little frame comes inline.
  const bare = MAINTENANCE_PATHS.includes(new URL(request.url).pathname);
  const [frame, stores] = await Promise.all([loadFrame(shop, { bare }), bare ? [] : services.catalog.stores()]);
  context.set(frameContext, frame);
  return {
    locale: store.locale,
    storeCode: store.code,
    origins,
    /** The check against bots the forms carry (ALTCHA, or reCAPTCHA's public site key): the same for everyone. */
    captcha: services.captcha.publicConfig(),
    /** The contact form's largest image (CONTACT_ATTACHMENT_MAX_MB), in its hint and checked at once wherever the CMS places the form. */
    attachmentMaxMb: services.forms.attachmentMaxMb,
    /** This render's script nonce, and the tag manager's container (none: no external script) — decision 0029. */
    nonce: shop.nonce,
    gtmId: services.gtmId ?? null,
    /** The shopper has chosen about cookies: the page comes without the consent banner. */
    consentChosen: shop.consentChosen,
    /** Stores a shopper can switch to (spec §4 language switcher): a domain, not this one, not hidden. */
    otherStores: stores
      .filter((s) => s.code !== store.code && origins[s.code] && !config.hide_from_language_selector.includes(s.code))
      .map((s) => ({ code: s.code, locale: s.locale, name: LOCALES[s.locale].name, origin: origins[s.code] ?? "" })),
    frame: bare ? frame : null,
    frameHref: bare ? null : frameHref(store.code, services.versions),
  };
}

/** Leaving the maintenance page (the only frame that came inline), the browser fetches the store's frame. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  if (data.frameHref) await fetchFrame(data.frameHref);
  return data;
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;
/** What the frame's parts read (useRootData): the root's data and the frame's. */
export type RootData = Omit<RootLoaderData, "frame" | "frameHref"> & FrameData;

/**
 * The frame's data (menu, stores, footer, texts) does not change within a visit, so it is loaded
 * with the first page and kept: not again for a filter, a sort or a page of a listing (another
 * query string) nor after a form's action. Two exceptions: leaving the maintenance page, which
 * loaded no menus, and the consent choice, which the frame's banner shows.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (MAINTENANCE_PATHS.includes(currentUrl.pathname) && !MAINTENANCE_PATHS.includes(nextUrl.pathname)) return true;
  if (formAction && new URL(formAction, currentUrl).pathname === CONSENT_PATH) return defaultShouldRevalidate;
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootLoaderData>("root");
  const locale: LocaleCode = data?.locale ?? "en";
  // The store's texts, which the page's entry loads before hydrating: asked for with the other scripts, not after them.
  const texts = TEXT_CHUNKS[locale];
  if (import.meta.env.SSR && texts) preloadModule(texts, { as: "script", nonce: data?.nonce });
  return (
    <html lang={LOCALES[locale].langCode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        {/* No first paint before the frame above the page (consent banner, campaign strip, header) is
            parsed: a paint halfway through it draws right-aligned and centred rows short of their
            last items, which then move (layout shift) — decision 0043. */}
        <link rel="expect" href="#main" blocking="render" />
        <HeadScripts nonce={data?.nonce} gtmId={data?.gtmId ?? null} />
        <Meta />
        <Links />
        {/* The frame's data, which the browser entry fetches before hydrating (app/lib/frame.ts); the
            page's scripts put this preload back in the head when they start (decision 0064). */}
        {data?.frameHref ? <link rel="preload" href={data.frameHref} as="fetch" crossOrigin="anonymous" /> : null}
      </head>
      <body className="min-h-screen bg-paper font-sans text-ink">
        <TextsProvider locale={locale}>
          {children}
          <PageBehaviours />
        </TextsProvider>
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  if (typeof document !== "undefined" && root) setBrowserGuardConfig(root.storeCode, root.guardConfig);
  useSessionExpiry();
  useSessionState();
  useServiceWorker();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  useReloadWhenOffline(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-20">
      <title>{t(notFound ? "error.notFoundTitle" : "error.title")}</title>
      <h1 className="text-3xl font-semibold">{t(notFound ? "error.notFoundTitle" : "error.title")}</h1>
      <p className="text-muted">{t(notFound ? "error.notFoundText" : "error.text")}</p>
      <Link to="/" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
        {t("error.home")}
      </Link>
    </main>
  );
}
