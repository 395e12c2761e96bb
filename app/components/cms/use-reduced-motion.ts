import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/**
 * The shopper asked for less motion. False on the server and in hydration, what most browsers
 * then answer: a value that differs after hydration makes React render its users again at once,
 * in the one task of hydration's effects (the campaign banners, every page). Its users move
 * nothing before hydration anyway.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
