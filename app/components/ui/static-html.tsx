// A part of the page frame that never changes within a visit and has nothing to do but be read
// and followed (the footer's link columns, its legal row): rendered to HTML once per content on
// the server and not hydrated in the browser (issue 16, decision 0057). The server's renderer
// (app/lib/static-html.server.ts, provided by entry.server.tsx) keeps the HTML by `content`; the
// browser adopts the element the server sent as it is, so React neither renders nor hydrates
// what is inside; a content the server has not rendered yet is rendered with the page, as React.
// Links inside are plain `<a href>`: one click handler on the element navigates
// within the shop as React Router's `Link` does. Where there is nothing to adopt (the part
// appears after a client-side navigation), the children render as ordinary React: the same
// markup, so either way the shopper sees one thing.
import { createContext, type MouseEvent, type ReactElement, use, useEffect, useState } from "react";
import { createPath } from "react-router";
import { followable, followLink } from "./router-link.tsx";

/** The static HTML of `element` kept under `key`, or undefined for now (the server's; null in the browser). */
export type StaticHtmlRenderer = (key: string, element: ReactElement) => string | undefined;
export const StaticHtmlRendererContext = createContext<StaticHtmlRenderer | null>(null);

// Until the page's first render has committed, an element of the server's page is adopted.
let hydrating = true;

function serverHtml(id: string): string | undefined {
  if (!hydrating || typeof document === "undefined") return undefined;
  return document.getElementById(id)?.innerHTML;
}

/** A left click on a link to this shop, which the browser would otherwise follow itself. */
function localTarget(event: MouseEvent<HTMLElement>): URL | null {
  if (!followable(event)) return null;
  const link = (event.target as Element).closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return null;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const url = new URL(link.href);
  return url.origin === window.location.origin ? url : null;
}

export function StaticHtml({
  id,
  className,
  content,
  children,
}: {
  /** The element's id: how the browser finds what the server sent. Unique in the page. */
  id: string;
  className?: string;
  /** Everything the children show, as one string (JSON): the server's HTML is kept by it. */
  content: string;
  /** The part, of plain elements and `<a href>` links (no hooks of the router or of state). */
  children: ReactElement;
}) {
  const render = use(StaticHtmlRendererContext);
  const [adopted] = useState(() => ({ content, html: render ? render(`${id} ${content}`, children) : serverHtml(id) }));
  // Other content than the server's (new data within the visit): React renders it.
  const html = adopted.content === content ? adopted.html : undefined;
  useEffect(() => {
    hydrating = false;
  }, []);
  function onClick(event: MouseEvent<HTMLElement>) {
    const url = localTarget(event);
    if (!url) return;
    event.preventDefault();
    // The page's link navigator, as for the shop's other plain links (decision 0060): no hook of
    // the router here, so a static part does not render again on every navigation.
    followLink(createPath(url));
  }
  // The clicks are its links' (Enter on a link is a click too), not the element's own.
  const props = { id, className, onClick };
  return html === undefined ? (
    <div key="react" {...props}>
      {children}
    </div>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own render of `children`.
    <div key="static" {...props} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
