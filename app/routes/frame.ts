// The frame's data (decision 0053) as JSON: what every page of a store shows around its content,
// fetched by the browser entry before a page hydrates. The same for every guest of a store, and
// asked for at the store's own domain. Under the address the pages give (the store and data
// versions it names) it is kept for good by the browser and shared caches, and by the guest
// cache until a version moves; under any other (a page kept from before a change) it is
// answered as a guest page: current, and kept only briefly.
import { shopContext } from "../context.ts";
import { frameHref } from "../lib/frame.ts";
import { loadFrame } from "../lib/frame.server.ts";
import { GUEST_PAGE_CACHE, VERSIONED_DATA_CACHE } from "../lib/seo.ts";
import type { Route } from "./+types/frame";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const current = url.pathname + url.search === frameHref(shop.store.code, shop.services.versions);
  // A frame missing a part (spec §7) is answered, but never kept (server/http/pages.ts).
  const frame = await loadFrame(shop);
  // Data for the pages, not a page of its own.
  return Response.json(frame, {
    headers: { "Cache-Control": current ? VERSIONED_DATA_CACHE : GUEST_PAGE_CACHE, "X-Robots-Tag": "noindex" },
  });
}
