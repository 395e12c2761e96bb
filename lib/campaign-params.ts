// Query parameters that only say where a visitor came from (ad clicks, mail and social
// campaigns). They change nothing on the page, so the guest HTML cache neither keys on them
// nor renders them: every campaign's visitors share one cached page, and arbitrary values
// cannot fill or churn the cache. The browser still has them in its address bar for analytics.
const CAMPAIGN = new Set([
  "gclid",
  "gclsrc",
  "gbraid",
  "wbraid",
  "dclid",
  "fbclid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_gl",
  "_ga",
  "_hsenc",
  "_hsmi",
  "srsltid",
]);

export const isCampaignParam = (name: string): boolean => {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || CAMPAIGN.has(lower);
};

/** The address without its campaign parameters (the same URL object back when it has none). */
export function withoutCampaignParams(url: URL): URL {
  const names = [...url.searchParams.keys()];
  if (!names.some(isCampaignParam)) return url;
  const clean = new URL(url);
  for (const name of new Set(names)) if (isCampaignParam(name)) clean.searchParams.delete(name);
  return clean;
}
