// The frame's data a page names (decision 0053): what the browser fetches before it hydrates the
// page, the menu panels' and the registration pop-up's addresses among it.
import type { FrameData } from "../../app/lib/frame.server.ts";

/**
 * The frame's address in a page: its preload, in the head or (a page with scripts) in the
 * bootstrap that puts it in the head after load (server/http/scripts-after-load.ts).
 */
export function frameAddress(html: string): string {
  const address = /(?:<|\\u003c)link rel=\\?"preload\\?" href=\\?"(\/frame\?v=[^"\\]+)\\?" as=\\?"fetch/.exec(html)?.[1];
  if (!address) throw new Error("the page names no frame");
  return address.replaceAll("&amp;", "&");
}

/** The frame a page names, asked for as the browser asks (`get` answers an address at the page's store). */
export async function pageFrame(html: string, get: (address: string) => Promise<Response>): Promise<FrameData> {
  const response = await get(frameAddress(html));
  if (response.status !== 200) throw new Error(`the frame answered ${response.status}`);
  return (await response.json()) as FrameData;
}
