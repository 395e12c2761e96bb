// The customer's newsletter switch in the account (docs/decisions/0019): the state and one
// button, posting to /account/newsletter. The state comes from the account layout's loader,
// which every POST revalidates; with JavaScript a fetcher posts and the button shows the new
// state at once, without it the redirect back says what changed (`?newsletter=on|off`).
// Taking the address off the list keeps the account.
import { useId } from "react";
import { useFetcher, useRouteLoaderData, useSearchParams } from "react-router";
import { ACCOUNT_NOTICES } from "../../../lib/account-notices.ts";
import { isErrorCode } from "../../../lib/errors/catalogue.ts";
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import type { AccountLayoutData } from "../../layouts/account.tsx";
import { useErrorText } from "../../lib/errors.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useT } from "../../lib/i18n.ts";
import { useRootData } from "../../lib/frame.ts";

type Reply = { ok: true } | { ok: false; error: ErrorDetail };

export function NewsletterPreference() {
  const t = useT();
  const errorText = useErrorText();
  const id = useId();
  const hydrated = useHydrated();
  const root = useRootData();
  const layout = useRouteLoaderData<AccountLayoutData>("layouts/account");
  const fetcher = useFetcher<Reply>();
  const [params] = useSearchParams();
  // While a change is on its way, show where it goes.
  const pending = fetcher.formData?.get("subscribe");
  const subscribed = pending !== undefined && pending !== null ? pending === "1" : (layout?.newsletter ?? false);
  const outcome = params.get("newsletter");
  const locale = root?.locale ?? "en";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : isErrorCode(outcome) ? { code: outcome } : null;
  const notice =
    fetcher.state === "idle" && fetcher.data?.ok
      ? subscribed
        ? ACCOUNT_NOTICES.subscribed[locale]
        : ACCOUNT_NOTICES.newsletterOff[locale]
      : !fetcher.data && outcome === "on"
        ? ACCOUNT_NOTICES.subscribed[locale]
        : !fetcher.data && outcome === "off"
          ? ACCOUNT_NOTICES.newsletterOff[locale]
          : null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 max-w-prose rounded border border-line p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("newsletter.account.title")}
      </h2>
      <p className="mt-2">{subscribed ? t("newsletter.account.on") : t("newsletter.account.off")}</p>
      <fetcher.Form method="post" action="/account/newsletter" className="mt-4">
        <input type="hidden" name="subscribe" value={subscribed ? "0" : "1"} />
        <input type="hidden" name="reply" value={hydrated ? "data" : "redirect"} />
        <button
          type="submit"
          className={
            subscribed
              ? "rounded-full border border-ink px-5 py-2.5 font-medium hover:bg-mist"
              : "rounded-full bg-accent px-5 py-2.5 font-medium text-white hover:bg-accent-dark"
          }
        >
          {subscribed ? t("newsletter.account.unsubscribe") : t("newsletter.account.subscribe")}
        </button>
      </fetcher.Form>
      <p role="status" className="mt-3 text-sm empty:hidden">
        {notice}
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-sale">
          {errorText(error)}
        </p>
      ) : null}
    </section>
  );
}
