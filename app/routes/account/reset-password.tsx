// Reset password (spec §2): the mailed link's id and key come with the form; the new password
// follows spec §5's rules. A success ends every session of the account and ends at login with
// a notice; a spent or expired key is said here (ask for a new link).
import { data, redirect, useActionData, useSearchParams } from "react-router";
import { Form, Link } from "../../components/ui/router-link.tsx";
import { LOGIN_PATH } from "../../../lib/guards.ts";
import { resetPassword } from "../../../server/customers/forms.ts";
import { shopContext } from "../../context.ts";
import { TextField } from "../../components/account/text-field.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { useErrorText } from "../../lib/errors.ts";
import { clientGuards, guards } from "../../lib/guards.ts";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/reset-password.ts";
import { privatePageHeaders, retryAfterHeader } from "../../../server/errors.ts";

export const middleware = guards("disable-login", "guest-only");
export const clientMiddleware = clientGuards("disable-login", "guest-only");

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const outcome = await resetPassword(shop.services, await request.formData(), shop.clientAddress);
  if (!outcome.ok)
    return data({ error: outcome.error }, { status: outcome.status, headers: retryAfterHeader(outcome.status, outcome.error.params) });
  throw redirect(`${LOGIN_PATH}?notice=passwordReset`);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return privatePageHeaders(actionHeaders);
}

export default function ResetPassword() {
  const t = useT();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const problem = result?.error ? errorText(result.error) : null;
  const onConfirm = result?.error?.field === "confirmPassword";
  const onForm = problem && result?.error?.field !== "newPassword" && !onConfirm;
  return (
    <Screen title={t("account.reset.title")} lead={t("account.reset.lead")}>
      <Form method="post" className="flex max-w-sm flex-col gap-4">
        <input type="hidden" name="id" value={params.get("id") ?? ""} />
        <input type="hidden" name="key" value={params.get("key") ?? ""} />
        <TextField
          id="reset-new"
          name="newPassword"
          type="password"
          label={t("account.register.password")}
          autoComplete="new-password"
          hint={t("account.register.passwordHint")}
          problem={result?.error?.field === "newPassword" ? problem : null}
        />
        <TextField
          id="reset-confirm"
          name="confirmPassword"
          type="password"
          label={t("account.register.confirm")}
          autoComplete="new-password"
          problem={onConfirm ? problem : null}
        />
        {onForm ? (
          <p role="alert" className="rounded border border-sale bg-mist p-3 text-sm text-sale">
            {problem}{" "}
            <Link to="/account/forgot-password" className="underline">
              {t("account.login.forgot")}
            </Link>
          </p>
        ) : null}
        <button type="submit" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
          {t("account.reset.submit")}
        </button>
      </Form>
    </Screen>
  );
}
