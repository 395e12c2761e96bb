// Login (spec §2 account-login, §4 login success): guest-only. The form logs the customer in
// (server/customers/forms.ts), merges the guest cart into theirs and returns them to the safe
// `redirect` (or `from`); a whole-page load follows, so the header, cart and wishlist start from
// the new identity. A refusal shows the server's message (spec §4 login failure). A guest who
// pressed a wishlist heart arrives with `?wishlist=<sku>&from=<page>`: told that a wishlist needs
// an account, and the product is on it once logged in (docs/decisions/0017).
import { data, redirectDocument, useActionData, useSearchParams } from "react-router";
import { Form, Link } from "../../components/ui/router-link.tsx";
import { safeRedirectTarget } from "../../../lib/redirect.ts";
import { logIn } from "../../../server/customers/forms.ts";
import { shopContext } from "../../context.ts";
import { AccountNotices } from "../../components/account/notices.tsx";
import { CaptchaField } from "../../components/captcha/captcha-field.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { useErrorText } from "../../lib/errors.ts";
import { clientGuards, guards } from "../../lib/guards.ts";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/login.ts";

export const middleware = guards("disable-login", "guest-only");
export const clientMiddleware = clientGuards("disable-login", "guest-only");

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const form = await request.formData();
  const outcome = await logIn(shop.services, await shop.shopper, request, form, shop.clientAddress);
  if (!outcome.ok) return data({ error: outcome.error }, { status: outcome.status });
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  // A whole-page load even after a fetcher's post (the login modal): every personal part starts anew.
  throw redirectDocument(safeRedirectTarget(form.get("redirect")), { headers });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const field = "mt-1 block w-full rounded border border-line px-3 py-2 focus:border-accent";

export default function Login() {
  const t = useT();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const wishlistSku = params.get("wishlist");
  return (
    <Screen title={t("account.login.title")} lead={t("account.login.lead")}>
      <AccountNotices />
      {wishlistSku ? (
        <p role="status" className="mb-4 max-w-sm rounded bg-mist p-3 text-sm">
          {t("wishlist.loginNotice")}
        </p>
      ) : null}
      <Form method="post" reloadDocument className="flex max-w-sm flex-col gap-4">
        <input type="hidden" name="redirect" value={safeRedirectTarget(params.get("redirect") ?? params.get("from"))} />
        {wishlistSku ? <input type="hidden" name="wishlist" value={wishlistSku} /> : null}
        <label className="text-sm font-medium">
          {t("account.login.email")}
          <input type="email" name="email" autoComplete="email" required className={field} />
        </label>
        <label className="text-sm font-medium">
          {t("account.login.password")}
          <input type="password" name="password" autoComplete="current-password" required className={field} />
        </label>
        {result?.error?.code === "login_check_required" ? <CaptchaField /> : null}
        {result?.error ? (
          <p role="alert" className="rounded border border-sale bg-mist p-3 text-sm text-sale">
            {errorText(result.error)}
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
