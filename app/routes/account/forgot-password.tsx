// Forgot password (spec §2): guest-only. Whatever the address, the answer is the same notice
// (no account discovery); a known address gets a mail with a link to /account/reset-password.
import { data, useActionData } from "react-router";
import { Form } from "../../components/ui/router-link.tsx";
import { forgotPassword } from "../../../server/customers/forms.ts";
import { shopContext } from "../../context.ts";
import { AccountNotices } from "../../components/account/notices.tsx";
import { TextField } from "../../components/account/text-field.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { useErrorText } from "../../lib/errors.ts";
import { clientGuards, guards } from "../../lib/guards.ts";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/forgot-password.ts";
import { privatePageHeaders, retryAfterHeader } from "../../../server/errors.ts";

export const middleware = guards("disable-login", "guest-only");
export const clientMiddleware = clientGuards("disable-login", "guest-only");

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const form = await request.formData();
  const outcome = await forgotPassword(shop.services, await shop.shopper, form);
  if (!outcome.ok)
    return data(
      { error: outcome.error, email: String(form.get("email") ?? "") },
      { status: outcome.status, headers: retryAfterHeader(outcome.status, outcome.error.params) },
    );
  // The answer is the page with its notice, whether or not the address has an account.
  return { error: null, email: "" };
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return privatePageHeaders(actionHeaders);
}

export default function ForgotPassword() {
  const t = useT();
  const errorText = useErrorText();
  const result = useActionData<typeof action>();
  return (
    <Screen title={t("account.forgot.title")} lead={t("account.forgot.lead")}>
      {result && !result.error ? <AccountNotices notice="resetMailSent" /> : null}
      <Form method="post" className="flex max-w-sm flex-col gap-4">
        <TextField
          id="forgot-email"
          name="email"
          type="email"
          label={t("account.login.email")}
          autoComplete="email"
          defaultValue={result?.email}
          problem={result?.error ? errorText(result.error) : null}
        />
        <button type="submit" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
          {t("account.forgot.submit")}
        </button>
      </Form>
    </Screen>
  );
}
