// The shop's Link, NavLink and Form: React Router's, without `data-discover="true"` (it only serves
// lazy route discovery, and the shop sends its whole route manifest up front: routeDiscovery
// "initial" in react-router.config.ts), and a Link to one of the shop's paths as a plain anchor.
//
// React Router's Link resolves its path, reads the location and sets up its prefetch and click
// handling in eight hooks, in every render of every link: 4–5 % of a fresh product or category
// page's server time, and every link renders again on every navigation. A link to a path of this
// shop ("/c/women", "/p/…?selectedConfigurations=…") resolves to itself, so the shop's Link draws
// the same `<a>` with no hooks; one navigator in the page (`LinkNavigation`, mounted once in the
// root layout) follows its clicks and prefetches on intent, as React Router's Link does (decision
// 0060). A link with anything more (a relative or object `to`, state, replace, reloadDocument, a
// target…) is React Router's own. Either way a link with `prefetch="intent"` prefetches only where
// the shop's policy allows (spec §9: not on 2g or with data-saver; app/lib/prefetch.ts). The
// shop's parts import these; biome.json forbids the originals.
import { type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent, useEffect, useState } from "react";
import { createPath, PrefetchPageLinks, parsePath, useLocation, useNavigate } from "react-router";
// biome-ignore lint/style/noRestrictedImports: the one place that wraps them.
import { Form as RouterForm, Link as RouterLink, NavLink as RouterNavLink } from "react-router";
import { prefetchAllowed, usePrefetch } from "../../lib/prefetch.ts";

type LinkProps = ComponentProps<typeof RouterLink>;

/** React Router's wait between the pointer or focus reaching a link and its prefetch (usePrefetchBehavior). */
export const INTENT_DELAY_MS = 100;

/** Props that only React Router's Link knows what to do with. */
const ROUTER_ONLY = [
  "reloadDocument",
  "replace",
  "state",
  "relative",
  "preventScrollReset",
  "viewTransition",
  "mask",
  "defaultShouldRevalidate",
  "target",
] as const;

/** A path of this shop, which React Router would resolve to itself: "/…", not "//host/…". */
export function isShopPath(to: LinkProps["to"]): to is string {
  return typeof to === "string" && to.startsWith("/") && !to.startsWith("//");
}

/** The page's navigator: set while `LinkNavigation` is mounted (in the browser, after hydration). */
let linkNavigator: { follow: (to: string) => void; intend: (to: string) => void; cancel: () => void } | null = null;

/** A click React Router's Link would take over: the main button, no modifier key, not handled already. */
export function followable(event: MouseEvent<Element>): boolean {
  return !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

function compose<E>(theirs: ((event: E) => void) | undefined, ours: () => void) {
  return (event: E) => {
    theirs?.(event);
    if (!(event as { defaultPrevented?: boolean }).defaultPrevented) ours();
  };
}

/** React Router's Link, prefetching on intent only where the shop's policy allows (spec §9). */
function PolicyRouterLink(props: LinkProps) {
  const allowed = usePrefetch();
  return <RouterLink discover="none" {...props} prefetch={allowed === "intent" ? props.prefetch : "none"} />;
}

/**
 * The page at `to` opened within the app, as a click on a link to it would (the browser loads it
 * when the page is not hydrated yet): for what leads the shopper on from a handler of its own.
 */
export function followLink(to: string) {
  if (linkNavigator) linkNavigator.follow(to);
  else window.location.assign(to);
}

/** The pointer, focus or a touch has reached a link to `to`: its page is prefetched soon, where the policy allows. */
export function intendLink(to: string) {
  linkNavigator?.intend(to);
}

/** What was about to be opened is not (the pointer or focus left its link). */
export function cancelIntent() {
  linkNavigator?.cancel();
}

export function Link(props: LinkProps) {
  const { to, prefetch = "none", discover: _discover, ...rest } = props;
  if (!isShopPath(to) || (prefetch !== "none" && prefetch !== "intent") || ROUTER_ONLY.some((name) => props[name] !== undefined)) {
    return prefetch === "intent" ? <PolicyRouterLink {...props} /> : <RouterLink discover="none" {...props} />;
  }
  const { onClick, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart } = rest;
  const intent =
    prefetch === "intent"
      ? {
          onMouseEnter: compose<MouseEvent<HTMLAnchorElement>>(onMouseEnter, () => intendLink(to)),
          onFocus: compose<FocusEvent<HTMLAnchorElement>>(onFocus, () => intendLink(to)),
          onTouchStart: compose<TouchEvent<HTMLAnchorElement>>(onTouchStart, () => intendLink(to)),
          onMouseLeave: compose<MouseEvent<HTMLAnchorElement>>(onMouseLeave, cancelIntent),
          onBlur: compose<FocusEvent<HTMLAnchorElement>>(onBlur, cancelIntent),
        }
      : {};
  // Attributes in React Router's order (its props, then href): the same HTML either way.
  return (
    <a
      {...rest}
      {...intent}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        // Before hydration has committed there is no navigator: the browser follows the link.
        if (!linkNavigator || !followable(event)) return;
        event.preventDefault();
        linkNavigator.follow(to);
      }}
    />
  );
}

/**
 * Follows the clicks of the shop's plain links within the app, and prefetches the page a link is
 * about to open (its data and modules), as React Router's Link would: once per page, in the root.
 */
export function LinkNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const [prefetching, setPrefetching] = useState<string | null>(null);
  const here = createPath(location);
  useEffect(() => {
    // A new page: what was about to open is open, or no longer wanted.
    setPrefetching(null);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      clearTimeout(timer);
      setPrefetching(null);
    };
    linkNavigator = {
      // As React Router's Link: the page it is on is replaced, not stacked again.
      follow: (to) => navigate(to, { replace: createPath(parsePath(to)) === here }),
      intend: (to) => {
        clearTimeout(timer);
        // The connection is asked at the moment of intent: no link renders again when it changes.
        if (prefetchAllowed()) timer = setTimeout(() => setPrefetching(to), INTENT_DELAY_MS);
      },
      cancel,
    };
    return () => {
      clearTimeout(timer);
      linkNavigator = null;
    };
  }, [navigate, here]);
  return prefetching ? <PrefetchPageLinks page={prefetching} /> : null;
}

export function NavLink(props: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink discover="none" {...props} />;
}

export function Form(props: ComponentProps<typeof RouterForm>) {
  return <RouterForm discover="none" {...props} />;
}
