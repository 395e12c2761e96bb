// The contact form's image limit (CONTACT_ATTACHMENT_MAX_MB) in the browser: from the forms
// page's loader when the form is on that page, else asked of it once the page has hydrated and
// the browser is idle (a CMS page's data does not carry it). Null until known: the server checks it anyway.
import { useEffect } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { whenIdle } from "../../../lib/when-idle.ts";

export interface FormsPageData {
  kind: string;
  attachmentMaxMb: number;
}

export function useAttachmentLimit(): number | null {
  const page = useRouteLoaderData<FormsPageData>("forms");
  const hydrated = useHydrated();
  const fetcher = useFetcher<FormsPageData>();
  const known = page?.attachmentMaxMb ?? fetcher.data?.attachmentMaxMb ?? null;
  const { load, state, data } = fetcher;
  useEffect(() => {
    // When the browser is idle: not in the effects of the page's hydration (issue 16).
    if (hydrated && known === null && state === "idle" && !data) return whenIdle(() => void load("/forms/contact"));
  }, [hydrated, known, state, data, load]);
  return known;
}
