// The menus' panels in the browser (decision 0038): fetched once, when the mega menu or the
// side menu is first about to open, and shared by both for the rest of the visit (the browser's
// cache keeps the answer between page loads). A failed fetch is asked again on the next open.
import { useCallback, useSyncExternalStore } from "react";
import type { MenuPanels } from "../../../lib/menu-panels.ts";
import { useRootData } from "../../lib/frame.ts";

export type MenuPanelsState = { status: "idle" } | { status: "loading" } | { status: "loaded"; panels: MenuPanels } | { status: "failed" };

const IDLE: MenuPanelsState = { status: "idle" };
const LOADING: MenuPanelsState = { status: "loading" };
const FAILED: MenuPanelsState = { status: "failed" };

/** By address: a page with newer data names a new one. */
const states = new Map<string, MenuPanelsState>();
const listeners = new Set<() => void>();

function set(href: string, state: MenuPanelsState) {
  states.set(href, state);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function load(href: string) {
  const state = states.get(href);
  if (state && state.status !== "failed") return;
  set(href, LOADING);
  fetch(href)
    .then(async (response) => {
      if (!response.ok) throw new Error(`menu panels: ${response.status}`);
      set(href, { status: "loaded", panels: (await response.json()) as MenuPanels });
    })
    .catch(() => set(href, FAILED));
}

/** The panels' state, and a function that starts loading them (a no-op once loading or loaded). */
export function useMenuPanels(): [MenuPanelsState, () => void] {
  const href = useRootData()?.menuPanels;
  // The server, and the page's hydration, render without panels.
  const state = useSyncExternalStore(
    subscribe,
    () => (href ? (states.get(href) ?? IDLE) : IDLE),
    () => IDLE,
  );
  const start = useCallback(() => {
    if (href) load(href);
  }, [href]);
  return [state, start];
}
