// The first-visit consent banner (decision 0029). Pages are rendered (and cached) in two kinds:
// without a consent cookie with the banner, with one without it — so it also goes away for a
// browser without JavaScript. The head script's mark hides it at once when a choice is made in
// the open page (and in any page that still has it), before the first paint. It sits
// at the top of the page, in the flow: it covers nothing the shopper wants to press. Accept all
// and necessary only are plain form buttons. "Choose cookies" leads to the consent page (and back)
// until the page is hydrated; then it is a disclosure whose choices are drawn when it opens, so
// first-visit HTML does not carry them (2.3 KB of every page, issue 16).
import { useId, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useT } from "../../lib/i18n.ts";
import { focusPageHeading } from "../../lib/route-focus.ts";
import { toast } from "../../lib/toasts.ts";
import { ConsentChoices } from "./consent-choices.tsx";
import { useConsentForm } from "./use-consent-form.ts";
import { useRootData } from "../../lib/frame.ts";

export const CONSENT_PATH = "/cookie-consent";

export function ConsentBanner() {
  const t = useT();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const fetcher = useConsentForm(() => {
    toast.show({ message: t("consent.saved"), kind: "success" });
    // The banner is gone with the button that had the focus: the page's heading takes it (issue 37),
    // so the next Tab goes on from the top of the page's content rather than from nowhere.
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected || active.closest("#consent-banner")) focusPageHeading(document);
  });
  const root = useRootData();
  const [choosing, setChoosing] = useState(false);
  const choicesId = useId();
  // The consent page is the same choice at length.
  if (pathname === CONSENT_PATH || root?.consentChosen) return null;
  return (
    <section id="consent-banner" aria-labelledby="consent-banner-title" className="consent-banner border-b border-line bg-mist">
      {/* Compact on phones (issue 37): the first screen shows the shop too, not only this. */}
      <div className="mx-auto grid max-w-shop gap-2 px-4 py-3 md:gap-4 md:px-8 md:py-5">
        <div>
          <h2 id="consent-banner-title" className="text-base font-semibold md:text-lg">
            {t("consent.banner.title")}
          </h2>
          <p className="mt-0.5 max-w-3xl text-[0.8125rem] leading-snug text-ink/85 md:mt-1 md:text-[0.9375rem] md:leading-normal">
            {t("consent.banner.text")}
          </p>
        </div>
        <fetcher.Form method="post" action={CONSENT_PATH} className="grid gap-2 md:gap-3">
          <input type="hidden" name="from" value={`${pathname}${search}`} />
          {hydrated ? <input type="hidden" name="reply" value="data" /> : null}
          {hydrated ? (
            <button
              type="button"
              aria-expanded={choosing}
              aria-controls={choicesId}
              onClick={() => setChoosing((open) => !open)}
              className="consent-choose"
            >
              {t("consent.choose")}
            </button>
          ) : (
            <a href={`${CONSENT_PATH}?${new URLSearchParams({ from: `${pathname}${search}` })}`} className="consent-choose">
              {t("consent.choose")}
            </a>
          )}
          {/* Before the other buttons: Enter in a checkbox saves the ticked choices, not everything or nothing. */}
          <div id={choicesId} hidden={!choosing} className="grid gap-3">
            {choosing ? (
              <>
                <ConsentChoices />
                <button
                  type="submit"
                  name="choice"
                  value="custom"
                  className="pill-button w-fit border border-ink bg-white text-ink hover:bg-mist"
                >
                  {t("consent.save")}
                </button>
              </>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2 md:gap-3">
            <button type="submit" name="choice" value="none" className="pill-button border border-ink bg-white text-ink hover:bg-paper">
              {t("consent.rejectAll")}
            </button>
            <button type="submit" name="choice" value="all" className="pill-button bg-accent text-white hover:bg-accent-dark">
              {t("consent.acceptAll")}
            </button>
          </div>
        </fetcher.Form>
      </div>
    </section>
  );
}
