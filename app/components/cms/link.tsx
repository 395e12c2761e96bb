// A link an editor wrote (rich text, buttons, banners). A path of this site navigates
// client-side with React Router; the other store's domain or any other site is a plain <a>;
// a link to open in a new window gets rel="noopener noreferrer" and says so to screen readers.
// Anything but a path, http(s), mailto or tel (a javascript: URL, say) is not a link at all.
import type { ReactNode } from "react";
import { Link } from "../ui/router-link.tsx";
import { useT } from "../../lib/i18n.ts";
import { useRootData } from "../../lib/frame.ts";

export type LinkTarget = { kind: "local"; path: string } | { kind: "external"; href: string } | { kind: "none" };

/** Where an editor's link leads: `origin` is this store's own origin (an absolute URL to it is local). */
export function linkTarget(href: string, origin?: string): LinkTarget {
  const value = href.trim();
  if (value.startsWith("/") && !value.startsWith("//")) return { kind: "local", path: value };
  if (value.startsWith("#") || value.startsWith("?")) return { kind: "local", path: value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: "none" };
  }
  if (url.protocol === "http:" || url.protocol === "https:") {
    if (origin && url.origin === origin) return { kind: "local", path: `${url.pathname}${url.search}${url.hash}` };
    return { kind: "external", href: url.href };
  }
  if (url.protocol === "mailto:" || url.protocol === "tel:") return { kind: "external", href: value };
  return { kind: "none" };
}

/** This store's origin, when the page knows it (the root loader's data). */
export function useOwnOrigin(): string | undefined {
  const root = useRootData();
  return root?.origins?.[root.storeCode];
}

export function CmsLinkTo({
  href,
  newWindow = false,
  className,
  children,
}: {
  href: string;
  newWindow?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const t = useT();
  const target = linkTarget(href, useOwnOrigin());
  if (target.kind === "none") return <span className={className}>{children}</span>;
  if (newWindow) {
    return (
      <a href={target.kind === "local" ? target.path : target.href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        <span className="sr-only">{` ${t("cms.newWindow")}`}</span>
      </a>
    );
  }
  if (target.kind === "local") {
    return (
      <Link to={target.path} prefetch="intent" className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={target.href} className={className}>
      {children}
    </a>
  );
}

export const BUTTON_STYLES = {
  primary:
    "inline-flex min-h-11 items-center justify-center rounded-full bg-accent px-6 py-2.5 text-sm font-semibold text-white hover:bg-accent-dark",
  secondary:
    "inline-flex min-h-11 items-center justify-center rounded-full border border-ink bg-white px-6 py-2.5 text-sm font-semibold text-ink hover:bg-mist",
} as const;
