// The login form of the header's modal and the mobile menu's login tab (spec §2, §4). It posts
// to the login page's action: without JavaScript as a plain form (a refusal then shows on the
// login page), with it through a fetcher so a refusal shows here, at the form (spec §4 login
// failure: the server's message). A success reloads the whole page at `redirectTo`, so the
// header, cart and wishlist start from the customer's identity.
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { CaptchaField } from "../captcha/captcha-field.tsx";
import { Link } from "../ui/router-link.tsx";
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";

const fieldClass =
  "mt-1.5 block h-12 w-full rounded-md border border-line bg-white px-3 text-base text-ink focus:border-accent focus:outline-offset-0";
const linkClass = "underline underline-offset-4 hover:text-accent";

/** The login's fetcher: a panel that shows other things once logged in waits for it to finish (useLoginPending). */
const LOGIN_FETCHER = "login";

/** True while a login is on its way: the session cookie may already be set before the page reloads. */
export function useLoginPending(): boolean {
  return useFetcher({ key: LOGIN_FETCHER }).state !== "idle";
}

export function LoginForm({ redirectTo, wishlist, onNavigate }: { redirectTo: string; wishlist?: string; onNavigate?: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const id = useId();
  const fetcher = useFetcher<{ error?: ErrorDetail }>({ key: LOGIN_FETCHER });
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);
  return (
    <>
      <fetcher.Form method="post" action="/account/login" className="flex flex-col gap-4">
        <input type="hidden" name="redirect" value={redirectTo} />
        {wishlist ? <input type="hidden" name="wishlist" value={wishlist} /> : null}
        <div>
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            {t("shell.login.email")}
          </label>
          <input id={`${id}-email`} type="email" name="email" autoComplete="email" required className={fieldClass} />
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="text-sm font-medium">
            {t("shell.login.password")}
          </label>
          <input id={`${id}-password`} type="password" name="password" autoComplete="current-password" required className={fieldClass} />
        </div>
        {/* The account's own wait lets a client through that answers the check (decision 0067). */}
        {fetcher.data?.error?.code === "login_check_required" ? <CaptchaField /> : null}
        {error ? (
          <p ref={alert} tabIndex={-1} role="alert" className="rounded border border-sale bg-mist p-3 text-sm text-sale">
            {errorText(error)}
          </p>
        ) : null}
        <button
          type="submit"
          aria-busy={fetcher.state !== "idle"}
          className="mt-1 h-12 rounded-full bg-accent font-semibold text-white hover:bg-accent-dark"
        >
          {t("shell.login.submit")}
        </button>
      </fetcher.Form>
      <div className="mt-5 flex flex-col gap-3 text-sm">
        <Link to="/account/forgot-password" onClick={onNavigate} className={`text-ink ${linkClass}`}>
          {t("shell.login.forgot")}
        </Link>
        <p className="text-muted">
          {t("shell.login.new")}{" "}
          <Link to="/account/register" onClick={onNavigate} className={`font-medium text-ink ${linkClass}`}>
            {t("shell.login.register")}
          </Link>
        </p>
      </div>
    </>
  );
}
