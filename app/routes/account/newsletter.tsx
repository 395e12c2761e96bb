// The account's newsletter switch posts here (docs/decisions/0019; the component is
// app/components/account/newsletter-preference.tsx). Behind login (the account layout's
// guards). Without JavaScript the answer is a redirect to the account with
// `?newsletter=on|off` (or the error code); the fetcher gets data and the layout's state
// revalidates. A GET leads to the account.
import { data, redirect } from "react-router";
import { setSubscription } from "../../../server/newsletter/forms.ts";
import { shopContext } from "../../context.ts";
import type { Route } from "./+types/newsletter.ts";

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const form = await request.formData();
  const outcome = await setSubscription(shop.services, await shop.shopper, form);
  if (form.get("reply") === "data") {
    return outcome.ok ? data({ ok: true as const }) : data({ ok: false as const, error: outcome.error }, { status: outcome.status });
  }
  const result = outcome.ok ? (outcome.subscribed ? "on" : "off") : outcome.error.code;
  throw redirect(`/account?newsletter=${result}`);
}

export function loader() {
  throw redirect("/account");
}

export default function AccountNewsletter() {
  return null;
}
