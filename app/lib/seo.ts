// Per-page title, description, canonical and hreflang links (each store has its own domain).
import type { MetaDescriptor } from "react-router";

export interface Alternates {
  /** locale → path in that store ("/p/sadetakki-kp-100123") */
  [locale: string]: string;
}

export function pageMeta({
  title,
  description,
  origins,
  locale,
  alternates,
  image,
}: {
  title: string;
  description: string;
  origins: Record<string, string>;
  locale: string;
  alternates: Alternates;
  image?: string;
}): MetaDescriptor[] {
  const canonical = `${origins[locale] ?? ""}${alternates[locale] ?? "/"}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: "website" },
  ];
  for (const [code, path] of Object.entries(alternates)) {
    if (origins[code]) tags.push({ tagName: "link", rel: "alternate", hrefLang: code, href: `${origins[code]}${path}` });
  }
  if (alternates.en && origins.en)
    tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${origins.en}${alternates.en}` });
  if (image) tags.push({ property: "og:image", content: image });
  return tags;
}

/** Cache-Control of data under an address that names its version (the menus' panels, the pop-up): kept for good. */
export const VERSIONED_DATA_CACHE = "public, max-age=31536000, s-maxage=31536000, immutable";

/** Cache-Control of pages every guest of a store sees alike (served from the HTML cache and CDNs). */
export const GUEST_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
