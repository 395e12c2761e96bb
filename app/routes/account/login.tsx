// Login (spec §2 account-login): guest-only. The form posts here; the accounts issue
// makes the action log the customer in and return them to `redirect`.
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import { safeRedirectTarget } from "../../../lib/redirect.ts";
import { Screen } from "../../components/ui/screen.tsx";
import { clientGuards, guards } from "../../lib/guards.ts";
import { useT } from "../../lib/i18n.ts";

export const middleware = guards("disable-login", "guest-only");
export const clientMiddleware = clientGuards("disable-login", "guest-only");

export function action() {
  return data({ unavailable: true }, { status: 503 });
}

const field = "mt-1 block w-full rounded border border-line px-3 py-2 focus:border-accent";

export default function Login() {
  const t = useT();
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  return (
    <Screen title={t("account.login.title")} lead={t("account.login.lead")}>
      <Form method="post" className="flex max-w-sm flex-col gap-4">
        <input type="hidden" name="redirect" value={safeRedirectTarget(params.get("redirect"))} />
        <label className="text-sm font-medium">
          {t("account.login.email")}
          <input type="email" name="email" autoComplete="email" required className={field} />
        </label>
        <label className="text-sm font-medium">
          {t("account.login.password")}
          <input type="password" name="password" autoComplete="current-password" required className={field} />
        </label>
        {result?.unavailable ? (
          <p role="alert" className="rounded bg-mist p-3 text-sm">
            {t("account.login.unavailable")}
          </p>
        ) : null}
        <button type="submit" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
          {t("account.login.submit")}
        </button>
        <div className="flex justify-between text-sm">
          <Link to="/account/forgot-password" className="underline">
            {t("account.login.forgot")}
          </Link>
          <Link to="/account/register" className="underline">
            {t("account.login.register")}
          </Link>
        </div>
      </Form>
    </Screen>
  );
}
