// The footer's newsletter form posts here (docs/decisions/0019). Without JavaScript the answer
// is a redirect back to the page it came from (`from`, a local path) with `?newsletter=` the
// outcome (subscribed, or the error code), worded there by the footer; with JavaScript the
// footer's fetcher asks for data (`reply=data`) and shows a toast. A GET leads home.
import { data, redirect } from "react-router";
import { safeRedirectTarget } from "../../lib/redirect.ts";
import { type FormOutcome, subscribe } from "../../server/newsletter/forms.ts";
import { shopContext } from "../context.ts";
import type { Route } from "./+types/newsletter.ts";

/** The page the form was on, with the outcome in `newsletter` (any earlier outcome replaced). */
function back(from: FormDataEntryValue | null, outcome: string, minutes?: string | number): string {
  const url = new URL(safeRedirectTarget(from), "http://shop.invalid");
  url.searchParams.delete("minutes");
  url.searchParams.set("newsletter", outcome);
  if (minutes !== undefined) url.searchParams.set("minutes", String(minutes));
  return `${url.pathname}${url.search}`;
}

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const form = await request.formData();
  // Spec §8: a subscription that fails on the shop's side says so at the form, never as the error page.
  const outcome = await subscribe(shop.services, shop.store, form, shop.clientAddress).catch((error: unknown) => {
    shop.logError(error);
    const failed: FormOutcome = { ok: false, error: { code: "newsletter_failed" }, status: 503 };
    return failed;
  });
  if (form.get("reply") === "data") {
    return outcome.ok ? data({ ok: true as const }) : data({ ok: false as const, error: outcome.error }, { status: outcome.status });
  }
  const where = outcome.ok
    ? back(form.get("from"), "subscribed")
    : back(form.get("from"), outcome.error.code, outcome.error.params?.minutes);
  throw redirect(where, {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export function loader() {
  throw redirect("/");
}

export default function Newsletter() {
  return null;
}
