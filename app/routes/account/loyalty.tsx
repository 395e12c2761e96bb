// Joining the loyalty programme from the account (decision 0020): the loyalty card's form posts
// here; the customer joins (once: joining again keeps the number) with the cart they carry filled
// in, and lands back on the account home with a welcome. Behind login (the account layout's
// guards); a GET only leads to the account home. Works without JavaScript.
import { redirect } from "react-router";
import { ownerOf } from "../../../server/identity.ts";
import { shopContext } from "../../context.ts";
import type { Route } from "./+types/loyalty.ts";

export async function action({ context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const shopper = await shop.shopper;
  await shop.services.loyalty.join(ownerOf(shopper), shop.store, shopper.guestCartId);
  throw redirect("/account?notice=loyaltyJoined", { headers: { "Cache-Control": "private, no-store" } });
}

export function loader() {
  throw redirect("/account");
}

export default function Loyalty() {
  return null;
}
