// Logout (spec §4): a POST ends the session on the server, the browser forgets it and the
// customer's cart, and the shopper lands on the home page as a new guest (a whole-page load,
// so the cart and wishlist start empty). A GET only leads home.
import { redirect } from "react-router";
import { COOKIES } from "../../../lib/cookies.ts";
import { logOut } from "../../../server/customers/forms.ts";
import { shopContext } from "../../context.ts";
import type { Route } from "./+types/logout.ts";

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of await logOut(shop.services, shop.cookie(COOKIES.authToken), request)) headers.append("Set-Cookie", cookie);
  throw redirect("/", { headers });
}

export function loader() {
  throw redirect("/");
}

export default function Logout() {
  return null;
}
