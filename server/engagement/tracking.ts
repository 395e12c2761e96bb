// Whether the engine may store and use anything about a shopper (spec §1; decision 0022): only
// with the consent cookie's marketing category and not notify=false — decided on the server,
// whatever the client sends — and then under the shopper's random keys; a logged-in customer's
// own key (voyado_customer_key) instead of the browser's, so their history follows them.
import { COOKIES } from "../../lib/cookies.ts";
import type { Tracking } from "./types.ts";

export function trackingFor({
  marketing,
  notify,
  customerKey,
  sessionKey,
  customer,
}: {
  marketing: boolean;
  notify?: string | null;
  customerKey?: string | null;
  sessionKey?: string | null;
  customer?: { engagementKey?: string } | null;
}): Tracking {
  const allowed = notify !== "false" && marketing;
  if (!allowed) return { allowed, keys: { customerKey: null, sessionKey: null } };
  return { allowed, keys: { customerKey: customer?.engagementKey ?? customerKey ?? null, sessionKey: sessionKey ?? null } };
}

/** A request's tracking from its shopper and the engagement cookies (a browser's; the pages' and the catalogue API's). */
export function requestTracking(
  shopper: { consent: { marketing: boolean }; customer: { engagementKey?: string } | null },
  cookie: (name: string) => string | null,
): Tracking {
  return trackingFor({
    marketing: shopper.consent.marketing,
    customer: shopper.customer,
    customerKey: cookie(COOKIES.customerKey),
    sessionKey: cookie(COOKIES.sessionKey),
  });
}
