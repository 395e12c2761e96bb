// A part of the page that does nothing but be read and followed, not hydrated in the browser
// (issue 16, decisions 0057, 0061): the footer's link columns and legal row, which never change
// within a visit, and a listing's product cards, which change only with the page's data.
// The browser adopts the element the server sent as it is, so React neither renders nor hydrates
// what is inside. On the server, a part of the frame is rendered to HTML once per content and
// kept (`keep`: the renderer app/lib/static-html.server.ts, provided by entry.server.tsx); a content
// it has not rendered yet, or a part not kept, is rendered with the page, as React.
// Links inside are plain `<a href>`: one click handler on the element navigates within the shop as
// React Router's `Link` does, and with `prefetch="intent"` one set of pointer and focus handlers
// prefetches the page a link is about to open, as the shop's Link does. Where there is nothing to
// adopt (the part appears after a client-side navigation) or the content changed, the children
// render as ordinary React: the same markup, so either way the shopper sees one thing.
import {
  createContext,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type TouchEvent,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPath } from "react-router";
import { cancelIntent, followable, followLink, intendLink } from "./router-link.tsx";

/** The static HTML of `element` kept under `key`, or undefined for now (the server's; null in the browser). */
export type StaticHtmlRenderer = (key: string, element: ReactElement) => string | undefined;
export const StaticHtmlRendererContext = createContext<StaticHtmlRenderer | null>(null);

// Until the page's first render has committed, an element of the server's page is adopted.
let hydrating = true;

function serverHtml(id: string): string | undefined {
  if (!hydrating || typeof document === "undefined") return undefined;
  return document.getElementById(id)?.innerHTML;
}

/** The path of the link of this shop that `target` is in (within `container`), which the browser would follow itself. */
function localPath(target: EventTarget | null, container: Element): string | null {
  const link = (target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || !container.contains(link)) return null;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const url = new URL(link.href);
  return url.origin === window.location.origin ? createPath(url) : null;
}

export function StaticHtml({
  id,
  as: Element = "div",
  className,
  content,
  keep = true,
  prefetch = "none",
  onClick: theirClick,
  onAdopt,
  children,
}: {
  /** The element's id: how the browser finds what the server sent. Unique in the page. */
  id: string;
  /** The element (a `ul` of the part's `li`s, or one `li`). */
  as?: "div" | "ul" | "li";
  className?: string;
  /** Everything the children show, as one string (JSON): what the server sent is adopted while it is the same. */
  content: string;
  /** Kept on the server by `content` (a part of the frame, the same on many pages), or rendered with every page. */
  keep?: boolean;
  /** "intent": a link's page is prefetched when the pointer or focus reaches it, where the shop's policy allows. */
  prefetch?: "none" | "intent";
  /** A click inside the part, before its link (if any) is followed. */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** After the server's element has been adopted, before the browser paints: what the page adds to it. */
  onAdopt?: (element: HTMLElement) => void;
  /** The part, of plain elements and `<a href>` links (with `keep`: no hooks of the router or of state). */
  children: ReactElement;
}) {
  const render = use(StaticHtmlRendererContext);
  const [adopted, setAdopted] = useState(() => ({ content, html: render && keep ? render(`${id} ${content}`, children) : serverHtml(id) }));
  // Other content than the server's (new data within the visit): React renders it from then on,
  // also when the content comes back to the server's (what the page added to the element is gone).
  if (adopted.html !== undefined && adopted.content !== content) setAdopted({ content, html: undefined });
  const html = adopted.content === content ? adopted.html : undefined;
  const ref = useRef<HTMLElement>(null);
  // Once: the element adopted is the server's, whatever the props are later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as said.
  useLayoutEffect(() => {
    if (adopted.html !== undefined && ref.current) onAdopt?.(ref.current);
  }, []);
  useEffect(() => {
    hydrating = false;
  }, []);
  function onClick(event: MouseEvent<HTMLElement>) {
    theirClick?.(event);
    if (!followable(event)) return;
    const to = localPath(event.target, event.currentTarget);
    if (to === null) return;
    event.preventDefault();
    // The page's link navigator, as for the shop's other plain links (decision 0060): no hook of
    // the router here, so a static part does not render again on every navigation.
    followLink(to);
  }
  const intend = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement> | TouchEvent<HTMLElement>) => {
    // A move within the link it was already over is no new intent.
    if ("relatedTarget" in event && (event.target as Element).closest?.("a[href]")?.contains(event.relatedTarget as Node | null)) return;
    const to = localPath(event.target, event.currentTarget);
    if (to === null) cancelIntent();
    else intendLink(to);
  };
  // Leaving a link (for something outside it) or its focus: what was about to open is not.
  const leave = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const from = (event.target as Element).closest?.("a[href]");
    if (from && !from.contains(event.relatedTarget as Node | null)) cancelIntent();
  };
  const intent =
    prefetch === "intent" ? { onMouseOver: intend, onFocus: intend, onTouchStart: intend, onMouseOut: leave, onBlur: leave } : {};
  // The clicks are its links' (Enter on a link is a click too), not the element's own.
  const props = { id, className, onClick, ...intent };
  return html === undefined ? (
    <Element key="react" {...props}>
      {children}
    </Element>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own render of `children`.
    <Element key="static" ref={ref as never} {...props} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
