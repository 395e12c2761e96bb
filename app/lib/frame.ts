// The frame's data in the page (decision 0053). The server renders a page with the frame it
// loaded (app/lib/frame.server.ts) and names the frame's address in a preload (in the head once
// the page's scripts start, decision 0064); the
// browser fetches that address before it hydrates, once per data version (the address is
// kept for good), and every part reads the frame with the root's data through useRootData.
import { createContext, use } from "react";
import { useRouteLoaderData } from "react-router";
import { type MenuVersions, storeDataVersion } from "../../lib/menu-panels.ts";
import type { RootData, RootLoaderData } from "../root.tsx";
import type { FrameData } from "./frame.server.ts";

export const FRAME_PATH = "/frame";

/** The frame's address for this store and these data versions: new data, new address. */
export function frameHref(storeCode: string, versions: MenuVersions): string {
  return `${FRAME_PATH}?v=${encodeURIComponent(storeDataVersion(storeCode, versions))}`;
}

/**
 * The head's preload of the frame, which the browser entry reads the address from (the page's
 * bootstrap puts it in the head when the scripts start: server/http/scripts-after-load.ts).
 */
export const FRAME_PRELOAD = `link[rel="preload"][as="fetch"][href^="${FRAME_PATH}?"]`;

/** The server's render: the frame its root loader loaded (entry.server.tsx provides it). */
export const RenderedFrame = createContext<FrameData | null>(null);

/** Frames the browser has fetched, by address. */
const fetched = new Map<string, FrameData>();

/**
 * Fetches the frame at `href` unless it is here already. The request is the head's preload's
 * (same address, mode and credentials), so it is answered from that, or from the browser's cache.
 */
export async function fetchFrame(href: string): Promise<void> {
  if (fetched.has(href)) return;
  const response = await fetch(href);
  if (!response.ok) throw new Error(`the page frame's data answered ${response.status}`);
  fetched.set(href, (await response.json()) as FrameData);
}

/** The root's data with the frame's: what every part of the page frame reads. */
export function useRootData(): RootData | undefined {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const rendered = use(RenderedFrame);
  const frame = root?.frame ?? rendered ?? (root?.frameHref ? fetched.get(root.frameHref) : undefined);
  return root ? joined(root, frame) : undefined;
}

/** The root's data joined with a frame, once for all the parts that read them (some thirty a page). */
const joins = new WeakMap<RootLoaderData, { frame: FrameData | undefined; data: RootData }>();
function joined(root: RootLoaderData, frame: FrameData | undefined): RootData {
  const last = joins.get(root);
  if (last && last.frame === frame) return last.data;
  const data = { ...frame, ...root } as RootData;
  joins.set(root, { frame, data });
  return data;
}
