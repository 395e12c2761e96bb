// The footer's newsletter form (docs/decisions/0019). The footer is part of cached guest
// pages, so nothing here is personal: an email field, the check against bots and a button.
// Without JavaScript it posts to /newsletter, which sends the shopper back here with
// `?newsletter=` the outcome (and `minutes` for a limit), said under the form; with JavaScript a fetcher posts the same
// form and a toast says how it went.
import { useEffect, useId, useRef } from "react";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { ACCOUNT_NOTICES } from "../../../lib/account-notices.ts";
import { type ErrorCode, isErrorCode } from "../../../lib/errors/catalogue.ts";
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toasts.ts";
import { CaptchaField } from "../captcha/captcha-field.tsx";
import { useRootData } from "../../lib/frame.ts";

type Reply = { ok: true } | { ok: false; error: ErrorDetail };

/** The page without an earlier outcome: where the no-JavaScript answer comes back to. */
function fromOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("newsletter");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function NewsletterForm({ headingClass }: { headingClass: string }) {
  const t = useT();
  const errorText = useErrorText();
  const root = useRootData();
  const hydrated = useHydrated();
  const fetcher = useFetcher<Reply>();
  const form = useRef<HTMLFormElement>(null);
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const id = useId();
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== "idle" || !reply) return;
    if (reply.ok) {
      toast.show({ message: ACCOUNT_NOTICES.subscribed[root?.locale ?? "en"], kind: "success" });
      form.current?.reset();
    } else {
      toast.show({ message: errorText(reply.error), kind: "error", duration: "long" });
      // The answer of the check is spent either way: the next try needs a new one.
      form.current?.querySelector("altcha-widget")?.reset();
    }
  }, [fetcher.state, fetcher.data, root?.locale, errorText]);

  const outcome = params.get("newsletter");
  const failed: ErrorCode | null = outcome && outcome !== "subscribed" && isErrorCode(outcome) ? outcome : null;
  const minutes = Number(params.get("minutes")) || 0;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 md:grid-cols-[1fr_1.4fr] md:gap-10">
      <div>
        <h2 id={`${id}-title`} className={headingClass}>
          {t("newsletter.footer.title")}
        </h2>
        <p className="mt-3 text-[0.9375rem] text-muted">{t("newsletter.footer.lead")}</p>
      </div>
      <div>
        <fetcher.Form ref={form} method="post" action="/newsletter" className="flex max-w-md flex-col gap-3">
          <input type="hidden" name="from" value={fromOf(pathname, search)} />
          <input type="hidden" name="reply" value={hydrated ? "data" : "redirect"} />
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            {t("newsletter.footer.email")}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            required
            className="block w-full rounded border border-line bg-paper px-3 py-2 focus:border-accent"
          />
          <CaptchaField />
          <button
            type="submit"
            disabled={sending}
            className="self-start rounded-full bg-accent px-6 py-2.5 font-medium text-white hover:bg-accent-dark disabled:opacity-70"
          >
            {sending ? t("newsletter.footer.sending") : t("newsletter.footer.submit")}
          </button>
        </fetcher.Form>
        {outcome === "subscribed" ? (
          <p role="status" className="mt-3 text-sm">
            {ACCOUNT_NOTICES.subscribed[root?.locale ?? "en"]}
          </p>
        ) : null}
        {failed ? (
          <p role="alert" className="mt-3 text-sm text-sale">
            {errorText({ code: failed, params: minutes ? { minutes } : undefined })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
