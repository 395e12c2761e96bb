// Change password (spec §2 /account/edit/password): the current password, then the new one
// twice (spec §5 rules, each refusal at its field). The session in use stays; every other
// session of the account ends. Behind login; private; works without JavaScript.
import { data, redirect, useActionData, useLocation } from "react-router";
import { Form } from "../../components/ui/router-link.tsx";
import { COOKIES } from "../../../lib/cookies.ts";
import { changePassword } from "../../../server/customers/forms.ts";
import { shopContext } from "../../context.ts";
import { AccountNotices } from "../../components/account/notices.tsx";
import { TextField } from "../../components/account/text-field.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/edit-password.ts";

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const form = await request.formData();
  const outcome = await changePassword(shop.services, await shop.shopper, shop.cookie(COOKIES.authToken), form);
  if (!outcome.ok) return data({ error: outcome.error }, { status: outcome.status });
  throw redirect("/account/edit/password?notice=passwordChanged");
}

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

export default function EditPassword() {
  const t = useT();
  const errorText = useErrorText();
  const result = useActionData<typeof action>();
  // A new location (the redirect after a change) starts an empty form: no password stays typed.
  const { key } = useLocation();
  const problem = (name: (typeof FIELDS)[number]) => (result?.error && result.error.field === name ? errorText(result.error) : null);
  const elsewhere =
    result?.error && !(FIELDS as readonly (string | undefined)[]).includes(result.error.field) ? errorText(result.error) : null;
  return (
    <Screen title={t("account.password.title")}>
      <AccountNotices />
      <Form key={key} method="post" className="flex max-w-sm flex-col gap-4">
        <TextField
          id="password-current"
          name="currentPassword"
          type="password"
          label={t("account.password.current")}
          autoComplete="current-password"
          problem={problem("currentPassword")}
        />
        <TextField
          id="password-new"
          name="newPassword"
          type="password"
          label={t("account.password.new")}
          autoComplete="new-password"
          hint={t("account.register.passwordHint")}
          problem={problem("newPassword")}
        />
        <TextField
          id="password-confirm"
          name="confirmPassword"
          type="password"
          label={t("account.register.confirm")}
          autoComplete="new-password"
          problem={problem("confirmPassword")}
        />
        {elsewhere ? (
          <p role="alert" className="rounded border border-sale bg-mist p-3 text-sm text-sale">
            {elsewhere}
          </p>
        ) : null}
        <button type="submit" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
          {t("account.password.submit")}
        </button>
      </Form>
    </Screen>
  );
}
