import {
  isRouteErrorResponse,
  Link,
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
import { preloadModule } from "react-dom";
import { TEXT_CHUNKS } from "virtual:kauppa/text-chunks";
import { LOCALES, type LocaleCode } from "../lib/locales.ts";
import { useSessionExpiry } from "./lib/session-expiry.ts";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import type { Placements } from "../lib/cms-types.ts";
import { framePlacements, menuPanelsHref, menuTopLevel } from "../lib/menu-panels.ts";
import { registrationPopupHref } from "../lib/registration-popup.ts";
import { GLOBAL_GUARDS, MAINTENANCE_PATHS } from "../lib/guards.ts";
import { shopContext } from "./context.ts";
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
  // The installable shop (decision 0030): the store's manifest and the home-screen icon.
  { rel: "manifest", href: MANIFEST_PATH },
  { rel: "apple-touch-icon", href: ICONS.appleTouch.src },
];

export const middleware = guards(...GLOBAL_GUARDS);
export const clientMiddleware = clientGuards(...GLOBAL_GUARDS);

/**
 * What every page's frame needs, the same for every guest of a store (so the page stays
 * cacheable): texts and formats, the category menu, footer links, the brand's stores and
 * the other stores to switch to. Personal parts (login state, cart) come from /api in the browser.
 */
const NO_PLACEMENTS: Placements = {
  campaignBanners: null,
  megamenuLinks: [],
  megamenuBanners: [],
  categoryBanners: [],
  registrationPopup: null,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { store, services, origins } = shop;
  const config = store.config;
  // Spec §7: a failed top menu (or store list for the footer) is an empty list, not an error page.
  async function orEmpty<T>(part: string, load: () => Promise<T[]>): Promise<T[]> {
    try {
      return await load();
    } catch (error) {
      shop.degraded(part, error);
      return [];
    }
  }
  // Spec §4: the maintenance page (logo only) loads no menus.
  const bare = MAINTENANCE_PATHS.includes(new URL(request.url).pathname);
  const [menu, physicalStores, stores, placements] = await Promise.all([
    bare ? [] : orEmpty("top menu", () => services.catalog.topMenu(store, config.root_category_uid)),
    bare ? [] : orEmpty("physical stores", () => services.catalog.physicalStores(store)),
    bare ? [] : services.catalog.stores(),
    // Spec §7: banner failures give empty lists — the same for every guest, so cacheable.
    bare
      ? NO_PLACEMENTS
      : services.content.placements(store).catch((error) => {
          shop.degraded("content placements", error);
          return NO_PLACEMENTS;
        }),
  ]);
  return {
    locale: store.locale,
    iso: store.iso,
    storeCode: store.code,
    origins,
    price: { symbol: config.base_currency_symbol, leftSide: store.leftSideCurrency },
    showPrices: config.show_prices,
    /** The store's countries by code, named in its language (addresses show the name, not "FI"). */
    countryNames: Object.fromEntries(config.countries.map((c) => [c.id, c.full_name_locale])),
    copyright: config.copyright,
    guardConfig: {
      maintenance_mode: config.maintenance_mode,
      enable_login: config.enable_login,
      disable_shopping: config.disable_shopping,
      root_redirect_path: config.root_redirect_path,
      root_redirect_status: config.root_redirect_status,
    },
    loginEnabled: config.enable_login,
    shoppingEnabled: !config.disable_shopping.includes(store.code),
    aboutCompanyUrl: config.about_company_url,
    storeLocator: { active: config.luhta_store_locator_active, url: config.luhta_store_locator_url },
    footer: {
      customerService: config.footer_customer_service_links,
      about: config.footer_about_links,
      business: config.footer_business_links,
    },
    /** The check against bots the forms carry (ALTCHA, or reCAPTCHA's public site key): the same for everyone. */
    captcha: services.captcha.publicConfig(),
    /** The contact form's largest image (CONTACT_ATTACHMENT_MAX_MB), in its hint and checked at once wherever the CMS places the form. */
    attachmentMaxMb: services.forms.attachmentMaxMb,
    /** This render's script nonce, and the tag manager's container (none: no external script) — decision 0029. */
    nonce: shop.nonce,
    gtmId: services.gtmId ?? null,
    /** The shopper has chosen about cookies: the page comes without the consent banner. */
    consentChosen: shop.consentChosen,
    /** The menu's top level; the panels come from `menuPanels` when a menu is first opened (decision 0038). */
    menu: menuTopLevel(menu),
    /** The panels' address (lib/menu-panels.ts): versioned, so the browser keeps them between pages. */
    menuPanels: menuPanelsHref(store.code, services.versions),
    /** The footer's list of the brand's stores: what it shows of each (the store pages have the rest). */
    physicalStores: physicalStores.map(({ code, name, address }) => ({ code, name, address })),
    /** The top bar's opening hours: the first store's. */
    storeHours: physicalStores[0] ? { city: physicalStores[0].city, opening_hours: physicalStores[0].opening_hours } : null,
    /** What the CMS places around every page: campaign banners, menu links, the pop-up (megamenu banners come with the panels, category banners with the category page). */
    placements: framePlacements(placements, registrationPopupHref(store.code, services.versions)),
    /** Stores a shopper can switch to (spec §4 language switcher): a domain, not this one, not hidden. */
    otherStores: stores
      .filter((s) => s.code !== store.code && origins[s.code] && !config.hide_from_language_selector.includes(s.code))
      .map((s) => ({ code: s.code, locale: s.locale, name: LOCALES[s.locale].name, origin: origins[s.code] ?? "" })),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

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
  const data = useRouteLoaderData<RootData>("root");
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

export default function App({ loaderData }: Route.ComponentProps) {
  if (typeof document !== "undefined") setBrowserGuardConfig(loaderData.storeCode, loaderData.guardConfig);
  useSessionExpiry();
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
