// The wishlist heart posted without JavaScript by a guest (docs/decisions/0017): before the
// account pages' login-required guard (which would remember only the wishlist page), the
// guest is sent to log in with the product to keep and the page to come back to — the same
// address the heart's script sends a guest to.
import { type MiddlewareFunction, redirect } from "react-router";
import { readWishlistForm, WISHLIST_PATH, wishlistLoginHref } from "../../lib/wishlist-links.ts";
import { shopContext } from "../context.ts";

export const guestWishlistForm: MiddlewareFunction<Response> = async ({ request, context }) => {
  if (request.method !== "POST" || new URL(request.url).pathname.replace(/\.data$/, "") !== WISHLIST_PATH) return;
  const shop = context.get(shopContext);
  if ((await shop.shopper).customer) return;
  const fields = readWishlistForm(await request.clone().formData());
  if (fields) throw redirect(wishlistLoginHref(fields.sku, fields.from));
};
