// Where a guest who presses a wishlist heart is sent (docs/decisions/0017): the login page with
// the product to keep and the page to come back to, in the same words for the page's action
// (no JavaScript) and the heart's script.
import { LOGIN_PATH } from "./guards.ts";
import { isLocalPath } from "./redirect.ts";

export const WISHLIST_PATH = "/account/wishlist";

/** `/account/login?wishlist=<sku>&from=<page>`; a `from` that is not a safe local path is left out. */
export function wishlistLoginHref(sku: string, from: string): string {
  const query = new URLSearchParams({ wishlist: sku });
  if (isLocalPath(from)) query.set("from", from);
  return `${LOGIN_PATH}?${query}`;
}

/** The heart's and the wishlist page's form fields, as the wishlist page's action reads them. */
export interface WishlistFormFields {
  intent: "add" | "remove";
  sku: string;
  from: string;
}

export function readWishlistForm(form: FormData): WishlistFormFields | null {
  const intent = form.get("intent");
  const sku = form.get("sku");
  const from = form.get("from");
  if ((intent !== "add" && intent !== "remove") || typeof sku !== "string" || sku.length === 0 || sku.length > 64) return null;
  return { intent, sku, from: typeof from === "string" && isLocalPath(from) ? from : WISHLIST_PATH };
}
