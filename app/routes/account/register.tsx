// Registration (spec §2 account-register): guest-only; the form, then a final step that says a
// confirmation mail is on its way (the customer cannot log in before confirming). The service
// checks spec §5's rules and words each refusal next to its field; typed values are kept, the
// passwords never. Works without JavaScript (a plain POST and a redirect to the final step).
import { data, redirect, useActionData, useSearchParams } from "react-router";
import { Form, Link } from "../../components/ui/router-link.tsx";
import { ACCOUNT_NOTICES } from "../../../lib/account-notices.ts";
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import { register } from "../../../server/customers/forms.ts";
import { shopContext } from "../../context.ts";
import { TextField } from "../../components/account/text-field.tsx";
import { CaptchaField } from "../../components/captcha/captcha-field.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { useErrorText } from "../../lib/errors.ts";
import { clientGuards, guards } from "../../lib/guards.ts";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/register.ts";
import { privatePageHeaders, retryAfterHeader } from "../../../server/errors.ts";
import { useRootData } from "../../lib/frame.ts";

export const middleware = guards("disable-login", "guest-only");
export const clientMiddleware = clientGuards("disable-login", "guest-only");

const FIELDS = ["firstname", "lastname", "email", "newPassword", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const form = await request.formData();
  const outcome = await register(shop.services, await shop.shopper, form, shop.clientAddress);
  if (outcome.ok) throw redirect("/account/register?step=done");
  const values = {
    firstname: String(form.get("firstname") ?? ""),
    lastname: String(form.get("lastname") ?? ""),
    email: String(form.get("email") ?? ""),
  };
  return data(
    { error: outcome.error, values, subscribed: Boolean(form.get("is_subscribed")) },
    { status: outcome.status, headers: retryAfterHeader(outcome.status, outcome.error.params) },
  );
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return privatePageHeaders(actionHeaders);
}

/** Which field a refusal belongs to (the service names it), else the form as a whole. */
const fieldOf = (error: ErrorDetail | undefined): Field | null =>
  error?.field && (FIELDS as readonly string[]).includes(error.field) ? (error.field as Field) : null;

export default function Register() {
  const t = useT();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const root = useRootData();
  const result = useActionData<typeof action>();
  if (params.get("step") === "done") {
    return (
      <Screen title={t("account.register.doneTitle")}>
        <p role="status" className="max-w-prose">
          {ACCOUNT_NOTICES.registered[root?.locale ?? "en"]}
        </p>
        <Link to="/account/login" className="mt-6 inline-block underline">
          {t("account.register.toLogin")}
        </Link>
      </Screen>
    );
  }
  const errorField = fieldOf(result?.error);
  const text = (name: Field, label: string, type: string, autoComplete: string, hint?: string) => (
    <TextField
      id={`register-${name}`}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      hint={hint}
      problem={errorField === name && result ? errorText(result.error) : null}
      defaultValue={name === "firstname" || name === "lastname" || name === "email" ? result?.values[name] : undefined}
    />
  );
  return (
    <Screen title={t("account.register.title")} lead={t("account.register.lead")}>
      <Form method="post" className="flex max-w-sm flex-col gap-4">
        {text("firstname", t("account.register.firstname"), "text", "given-name")}
        {text("lastname", t("account.register.lastname"), "text", "family-name")}
        {text("email", t("account.register.email"), "email", "email")}
        {text("newPassword", t("account.register.password"), "password", "new-password", t("account.register.passwordHint"))}
        {text("confirmPassword", t("account.register.confirm"), "password", "new-password")}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="is_subscribed" value="1" defaultChecked={result?.subscribed} />
          {t("account.register.newsletter")}
        </label>
        <CaptchaField />
        {result?.error && !errorField ? (
          <p role="alert" className="rounded border border-sale bg-mist p-3 text-sm text-sale">
            {errorText(result.error)}
          </p>
        ) : null}
        <button type="submit" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
          {t("account.register.submit")}
        </button>
      </Form>
    </Screen>
  );
}
