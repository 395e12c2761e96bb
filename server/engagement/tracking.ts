// Whether the engine may store and use anything about a shopper (spec §1; decision 0022): only
// with the consent cookie's marketing category and not notify=false — decided on the server,
// whatever the client sends — and then under the shopper's random keys.
import type { Tracking } from "./types.ts";

export function trackingFor({
  marketing,
  notify,
  customerKey,
  sessionKey,
}: {
  marketing: boolean;
  notify?: string | null;
  customerKey?: string | null;
  sessionKey?: string | null;
}): Tracking {
  const allowed = notify !== "false" && marketing;
  return {
    allowed,
    keys: allowed ? { customerKey: customerKey ?? null, sessionKey: sessionKey ?? null } : { customerKey: null, sessionKey: null },
  };
}
