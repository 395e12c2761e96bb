// Registration (spec §2 account-register): guest-only; the form, then a final step that says a
// confirmation mail is on its way (the customer cannot log in before confirming). The service
// checks spec §5's rules and words each refusal next to its field; typed values are kept, the
// passwords never. Works without JavaScript (a plain POST and a redirect to the final step).
import { data, redirect, useActionData, useSearchParams } from "react-router";
import { Form } from "../../components/ui/router-link.tsx";
import { register } from "../../../server/customers/forms.ts";
import { shopContext } from "../../context.ts";
import { RegistrationDone, type RegistrationReply, RegistrationForm } from "../../components/account/registration-form.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { clientGuards, guards } from "../../lib/guards.ts";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/register.ts";
import { privatePageHeaders, retryAfterHeader } from "../../../server/errors.ts";

export const middleware = guards("disable-login", "guest-only");
export const clientMiddleware = clientGuards("disable-login", "guest-only");

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const form = await request.formData();
  const outcome = await register(shop.services, await shop.shopper, form, shop.clientAddress);
  // The pop-up's fetcher asks for data: its final step replaces its form (spec §4).
  const asData = form.get("reply") === "data";
  if (outcome.ok && asData) return data({ done: true } satisfies RegistrationReply);
  if (outcome.ok) throw redirect("/account/register?step=done");
  const values = {
    firstname: String(form.get("firstname") ?? ""),
    lastname: String(form.get("lastname") ?? ""),
    email: String(form.get("email") ?? ""),
  };
  return data(
    {
      error: outcome.error,
      values,
      subscribed: Boolean(form.get("is_subscribed")),
      member: Boolean(form.get("loyalty_member")),
    } satisfies RegistrationReply,
    {
      status: outcome.status,
      headers: retryAfterHeader(outcome.status, outcome.error.params),
    },
  );
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return privatePageHeaders(actionHeaders);
}

export default function Register() {
  const t = useT();
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  if (params.get("step") === "done") {
    return (
      <Screen title={t("account.register.doneTitle")}>
        <RegistrationDone />
      </Screen>
    );
  }
  return (
    <Screen title={t("account.register.title")} lead={t("account.register.lead")}>
      <RegistrationForm Form={Form} idPrefix="register" reply={result} />
    </Screen>
  );
}
