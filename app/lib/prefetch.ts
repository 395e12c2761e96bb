// Prefetch policy (spec §9: prefetch skipped on 2g or data-saver). Links prefetch the next
// page's code and data on hover/focus ("intent") unless the shopper's connection is slow or
// they asked to save data. The shop's Link (app/components/ui/router-link.tsx) applies it to
// every link with `prefetch="intent"`: its plain links when the shopper is about to follow one
// (`prefetchAllowed()`), React Router's through `usePrefetch()`.
import { useSyncExternalStore } from "react";
import type { PrefetchBehavior } from "react-router";

/** The parts of the Network Information API (navigator.connection) this policy reads. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

interface NetworkConnection extends ConnectionInfo, EventTarget {}

const SLOW_CONNECTIONS = new Set(["slow-2g", "2g"]);

/** False with data-saver on or on a 2g / slow-2g connection; true when unknown. */
export function shouldPrefetch(connection?: ConnectionInfo | null): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !SLOW_CONNECTIONS.has(String(connection.effectiveType ?? "").toLowerCase());
}

/** The `prefetch` value for a React Router <Link>. */
export function prefetchBehavior(connection?: ConnectionInfo | null): PrefetchBehavior {
  return shouldPrefetch(connection) ? "intent" : "none";
}

function connection(): NetworkConnection | undefined {
  if (typeof navigator === "undefined") return undefined;
  return (navigator as Navigator & { connection?: NetworkConnection }).connection;
}

function subscribe(onChange: () => void) {
  const c = connection();
  c?.addEventListener?.("change", onChange);
  return () => c?.removeEventListener?.("change", onChange);
}

const getSnapshot = () => prefetchBehavior(connection());

/** Whether a link may prefetch now, on this browser's connection. */
export const prefetchAllowed = () => shouldPrefetch(connection());
// "intent" renders nothing in the HTML, so the server's answer costs nothing on a slow line.
const getServerSnapshot = (): PrefetchBehavior => "intent";

/** `prefetch` for the shop's links: "intent", or "none" on 2g / data-saver; follows connection changes. */
export function usePrefetch(): PrefetchBehavior {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
