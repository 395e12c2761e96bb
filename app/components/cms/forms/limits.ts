// The contact form's image limit (CONTACT_ATTACHMENT_MAX_MB) in the browser: in the frame's data,
// so the form knows it in the server's HTML on any page the CMS places it. (Asked of the forms page
// after hydration, it was a fetcher whose two state changes rendered the whole frame again.)
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../../../root.tsx";

/** Null only outside the frame (an error page's own render): the server checks the size anyway. */
export function useAttachmentLimit(): number | null {
  return useRouteLoaderData<RootData>("root")?.attachmentMaxMb ?? null;
}
