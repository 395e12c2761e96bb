// The address of the page being shown, in another store (each store has its own domain).
// Pages whose path differs by language (category, product) give their paths per locale as
// route loader data `alternates` (the same data their hreflang links use); any other page
// has the same path in every store.
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { Alternates } from "../../lib/seo.ts";
import type { RootData } from "../../root.tsx";

export function useAlternatePath(): (locale: string) => string {
  const location = useLocation();
  const matches = useMatches();
  let alternates: Alternates | undefined;
  for (const match of matches) {
    const data = match.loaderData as { alternates?: Alternates } | undefined;
    if (data?.alternates) alternates = data.alternates;
  }
  return (locale) => alternates?.[locale] ?? `${location.pathname}${location.search}`;
}

/** The current page in the store of `locale`, as an absolute URL; null when that store has no domain. */
export function useAlternateHref(locale: string): string | null {
  const root = useRouteLoaderData<RootData>("root");
  const pathFor = useAlternatePath();
  const origin = root?.origins[locale];
  return origin ? `${origin}${pathFor(locale)}` : null;
}

/** The stores a shopper can switch to (root loader `otherStores`), each with the current page's address there. */
export function useOtherStoreLinks(): { code: string; locale: string; name: string; href: string }[] {
  const root = useRouteLoaderData<RootData>("root");
  const pathFor = useAlternatePath();
  return (root?.otherStores ?? []).map((store) => ({
    code: store.code,
    locale: store.locale,
    name: store.name,
    href: `${store.origin}${pathFor(store.locale)}`,
  }));
}
