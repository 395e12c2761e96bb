import { jsonLdText } from "../../../lib/structured-data.ts";

/** Structured data for search engines; the text is our own JSON with "<" escaped. */
export function JsonLd({ data }: { data: unknown }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON we produce ourselves
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
