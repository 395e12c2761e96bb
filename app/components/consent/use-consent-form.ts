// The consent form's behaviour, shared by the banner and the /cookie-consent page (decision
// 0029). Without JavaScript the form posts to /cookie-consent, which sets the cookie and sends
// the shopper back (`from`); with it a fetcher posts the same form asking for data, and the
// choice takes effect in the page at once: consent mode is updated and the banner hidden.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { Consent } from "../../../lib/cookies.ts";
import { applyConsent } from "../../lib/analytics/consent.ts";

export type ConsentReply = { ok: true; consent: Consent };

export function useConsentForm(onSaved?: (consent: Consent) => void) {
  const fetcher = useFetcher<ConsentReply>();
  const applied = useRef<ConsentReply | null>(null);
  const saved = useRef(onSaved);
  saved.current = onSaved;
  useEffect(() => {
    const reply = fetcher.data;
    // Once per answer: a re-render or a revalidation shows the same answer again.
    if (fetcher.state !== "idle" || !reply?.ok || applied.current === reply) return;
    applied.current = reply;
    applyConsent(reply.consent);
    saved.current?.(reply.consent);
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
