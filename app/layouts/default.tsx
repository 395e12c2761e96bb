// Default layout (spec §2): header, campaign-banner slot, main, footer. The full header
// (mega menu, search, mini cart, account) and footer come with the storefront-shell issue.
import { Link, Outlet, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { useT } from "../lib/i18n.ts";
import type { Alternates } from "../lib/seo.ts";
import type { RootData } from "../root.tsx";
import { ErrorPage } from "../components/ui/error-page.tsx";

function useAlternateHref(root: RootData | undefined): { href: string; locale: string } | null {
  const location = useLocation();
  const matches = useMatches();
  if (!root) return null;
  const other = Object.keys(root.origins).find((code) => code !== root.locale);
  if (!other) return null;
  let alternates: Alternates | undefined;
  for (const match of matches) {
    const data = match.loaderData as { alternates?: Alternates } | undefined;
    if (data?.alternates) alternates = data.alternates;
  }
  const path = alternates?.[other] ?? `${location.pathname}${location.search}`;
  return { href: `${root.origins[other]}${path}`, locale: other };
}

function Header() {
  const root = useRouteLoaderData<RootData>("root");
  const t = useT();
  const alternate = useAlternateHref(root);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-header max-w-shop items-center gap-6 px-4 md:h-header-desktop md:px-8">
        <Link to="/" className="text-2xl font-bold tracking-tight text-accent" aria-label={`${t("shop.name")} — ${t("nav.home")}`}>
          {t("shop.name")}
        </Link>
        <nav aria-label={t("nav.categories")} className="hidden flex-1 md:block">
          <ul className="flex gap-6 text-sm font-medium">
            {root?.categories.map((c) => (
              <li key={c.uid}>
                <Link to={`/c/${c.url_path}`} className="hover:text-accent">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {alternate ? (
          <a
            href={alternate.href}
            hrefLang={alternate.locale}
            lang={alternate.locale}
            title={t("nav.languageLabel")}
            className="ml-auto text-sm underline-offset-4 hover:underline"
          >
            {t("nav.language")}
          </a>
        ) : null}
      </div>
      <nav aria-label={t("nav.categories")} className="overflow-x-auto border-t border-line md:hidden">
        <ul className="flex gap-5 px-4 py-2 text-sm font-medium whitespace-nowrap">
          {root?.categories.map((c) => (
            <li key={c.uid}>
              <Link to={`/c/${c.url_path}`}>{c.name}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function Footer() {
  const root = useRouteLoaderData<RootData>("root");
  const t = useT();
  return (
    <footer className="mt-16 border-t border-line bg-mist">
      <div className="mx-auto grid max-w-shop gap-8 px-4 py-10 sm:grid-cols-2 md:px-8">
        <div>
          <p className="text-lg font-semibold text-accent">{t("shop.name")}</p>
          <p className="mt-1 text-sm text-muted">{t("shop.tagline")}</p>
        </div>
        <nav aria-label={t("footer.customerService")}>
          <h2 className="text-sm font-semibold">{t("footer.customerService")}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {root?.footer.customerService.map((link) => (
              <li key={link.url}>
                <Link to={link.url} className="hover:underline">
                  {link.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-line px-4 py-4 text-center text-xs text-muted">{root?.copyright}</p>
    </footer>
  );
}

export default function DefaultLayout() {
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2">
        {t("nav.skip")}
      </a>
      <Header />
      {/* Campaign banner slot (CMS issue). */}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        <ErrorPage />
      </main>
      <Footer />
    </div>
  );
}
