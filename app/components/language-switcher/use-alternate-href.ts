// The address of the page being shown, in another store (each store has its own domain).
// Pages whose path differs by language (category, product) give their paths per locale as
// route loader data `alternates` (the same data their hreflang links use); any other page
// has the same path in every store. The language switch itself links through the server,
// which also carries the shopper's choices across (useOtherStoreLinks).
import type { SyntheticEvent } from "react";
import { useLocation, useMatches } from "react-router";
import { languageSwitchHref } from "../../../lib/language-switch.ts";
import type { Alternates } from "../../lib/seo.ts";
import { useRootData } from "../../lib/frame.ts";

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
  const root = useRootData();
  const pathFor = useAlternatePath();
  const origin = root?.origins[locale];
  return origin ? `${origin}${pathFor(locale)}` : null;
}

/**
 * The stores a shopper can switch to (root loader `otherStores`), each with a link to the
 * current page there. The link goes through the server (lib/language-switch.ts), which keeps
 * the chosen colour and size or the filters in the other store's terms; `refresh` points it
 * at the address as it is now, since a product page records a choice with
 * history.replaceState, which the router's location does not see.
 */
export function useOtherStoreLinks(): {
  code: string;
  locale: string;
  name: string;
  href: string;
  refresh: (event: SyntheticEvent<HTMLAnchorElement>) => void;
}[] {
  const root = useRootData();
  const { pathname, search } = useLocation();
  return (root?.otherStores ?? []).map((store) => ({
    code: store.code,
    locale: store.locale,
    name: store.name,
    href: languageSwitchHref(store.code, `${pathname}${search}`),
    refresh: (event) => {
      event.currentTarget.href = languageSwitchHref(store.code, `${window.location.pathname}${window.location.search}`);
    },
  }));
}
