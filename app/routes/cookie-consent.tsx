// The cookie consent page (spec §2, decision 0029): the same choices as the banner, explained,
// changeable at any time (the footer's "Cookie settings"). The form posts here. Without
// JavaScript the answer sets the cookie and sends the shopper back where the form was (`from`,
// a local path; this page says "saved"); with it the fetcher asks for data and the page updates.
// The banner's "Choose cookies" leads here before its page is hydrated, with `?from=` that page,
// so that saving goes back there as the banner's own buttons do.
import { data, redirect, useLoaderData } from "react-router";
import { COOKIES, type Consent, consentCookie, parseConsent } from "../../lib/cookies.ts";
import { consentFromForm } from "../../lib/consent-mode.ts";
import { safeRedirectTarget } from "../../lib/redirect.ts";
import { ConsentChoices } from "../components/consent/consent-choices.tsx";
import { CONSENT_PATH } from "../components/consent/consent-banner.tsx";
import { useConsentForm } from "../components/consent/use-consent-form.ts";
import { Screen } from "../components/ui/screen.tsx";
import { shopContext } from "../context.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/cookie-consent.ts";

const NO_STORE = { "Cache-Control": "private, no-store" };

export function loader({ context, request }: Route.LoaderArgs) {
  // The shopper's own choice: reading the cookie makes this page personal (never cached).
  const value = context.get(shopContext).cookie(COOKIES.consent);
  const query = new URL(request.url).searchParams;
  return data(
    {
      chosen: value !== null,
      consent: parseConsent(value),
      saved: query.has("saved"),
      from: safeRedirectTarget(query.get("from"), CONSENT_PATH),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const consent = consentFromForm(form);
  const headers = { ...NO_STORE, "Set-Cookie": consentCookie(request, consent) };
  if (form.get("reply") === "data") return data({ ok: true as const, consent }, { headers });
  const from = safeRedirectTarget(form.get("from"), CONSENT_PATH);
  throw redirect(new URL(from, "http://shop.invalid").pathname === CONSENT_PATH ? `${CONSENT_PATH}?saved=1` : from, { headers });
}

function describe(consent: Consent, t: ReturnType<typeof useT>): string {
  const granted = (["preferences", "analytics", "marketing"] as const).filter((c) => consent[c]);
  if (granted.length === 0) return t("consent.current.none");
  return [t("consent.necessary.title"), ...granted.map((c) => t(`consent.${c}.title`))].join(", ");
}

export default function CookieConsent() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const fetcher = useConsentForm();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const consent = reply?.consent ?? loaded.consent;
  const chosen = Boolean(reply) || loaded.chosen;
  return (
    <Screen title={t("consent.title")} lead={t("consent.lead")}>
      <div className="grid max-w-2xl gap-5">
        <p role="status" className="font-medium">
          {reply || loaded.saved ? `${t("consent.saved")} ` : ""}
          {chosen ? t("consent.current", { choice: describe(consent, t) }) : t("consent.current.notYet")}
        </p>
        {/* Drawn again with the saved choice ticked (accept all and necessary only change the boxes too). */}
        <fetcher.Form key={JSON.stringify(consent)} method="post" action={CONSENT_PATH} className="grid gap-5">
          <input type="hidden" name="from" value={loaded.from} />
          {hydrated ? <input type="hidden" name="reply" value="data" /> : null}
          <ConsentChoices current={consent} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="choice" value="custom" className="pill-button bg-accent text-white hover:bg-accent-dark">
              {t("consent.save")}
            </button>
            <button type="submit" name="choice" value="none" className="pill-button border border-ink bg-white text-ink hover:bg-mist">
              {t("consent.rejectAll")}
            </button>
            <button type="submit" name="choice" value="all" className="pill-button border border-ink bg-white text-ink hover:bg-mist">
              {t("consent.acceptAll")}
            </button>
          </div>
        </fetcher.Form>
      </div>
    </Screen>
  );
}
