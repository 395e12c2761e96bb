// The head's first scripts (decision 0029): consent mode's default (and at once the shopper's
// choice from the cookie) before anything reaches the data layer, then — only when a container
// is configured — the tag manager's snippet, which adds its container script itself (after the
// default, whatever React does with script tags). Inline scripts carry the render's nonce.
import { CONSENT_MODE_SCRIPT, tagManagerScript } from "../../../lib/consent-mode.ts";

export function HeadScripts({ nonce, gtmId }: { nonce: string | undefined; gtmId: string | null }) {
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed text of lib/consent-mode.ts, nothing from a request */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CONSENT_MODE_SCRIPT }} />
      {gtmId ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built from the configured container id (checked there)
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: tagManagerScript(gtmId) }} />
      ) : null}
    </>
  );
}
