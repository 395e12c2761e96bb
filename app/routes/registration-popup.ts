// The registration pop-up's whole entry (decision 0049) as JSON: every page carries only what
// decides whether and when it opens, and the browser fetches this when its delay ends. Kept
// like the menus' panels: for good under the address the pages give (store and content
// version), briefly under any other; 404 when the store has no pop-up (any more).
import { registrationPopupHref } from "../../lib/registration-popup.ts";
import { shopContext } from "../context.ts";
import { GUEST_PAGE_CACHE, VERSIONED_DATA_CACHE } from "../lib/seo.ts";
import type { Route } from "./+types/registration-popup";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { store, services } = shop;
  const url = new URL(request.url);
  const current = url.pathname + url.search === registrationPopupHref(store.code, services.versions);
  let popup: Awaited<ReturnType<typeof services.content.placements>>["registrationPopup"];
  try {
    popup = (await services.content.placements(store)).registrationPopup;
  } catch (error) {
    shop.degraded("content placements", error);
    return Response.json({ error: "popup_unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
  const headers = { "Cache-Control": current ? VERSIONED_DATA_CACHE : GUEST_PAGE_CACHE, "X-Robots-Tag": "noindex" };
  if (!popup) return Response.json({ error: "not_found" }, { status: 404, headers });
  return Response.json(popup, { headers });
}
