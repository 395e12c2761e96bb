// The CMS forms' page action and page (docs/decisions/0028): /forms/contact,
// /forms/accessibility-feedback and /forms/newsletter. The forms on any page post here. With
// JavaScript (`?reply=data`) the answer is data for the form's fetcher; without it a sent form
// goes back to its page (`from`) with `?sent=<kind>` (post/redirect/get), and a refused one is
// answered with this page: the form with its problems at their fields and the typed values.
// Opened directly, the page shows its form alone. A body over the limit reaches the action
// empty and marked by the server's edge (server/app.ts): it is the image's refusal.
import { data, redirect } from "react-router";
import { FORM_TOO_LARGE_HEADER, IMAGE_FIELD, isFormKind } from "../../lib/cms-forms.ts";
import type { ErrorDetail } from "../../lib/errors/format.ts";
import { safeRedirectTarget } from "../../lib/redirect.ts";
import { submitForm } from "../../server/forms/forms.ts";
import { subscribe } from "../../server/newsletter/forms.ts";
import { AccessibilityFeedbackForm, ContactForm, NewsletterForm } from "../components/cms/forms/index.ts";
import type { FormReply, PageFormKind } from "../components/cms/forms/cms-form.tsx";
import { Screen } from "../components/ui/screen.tsx";
import { shopContext } from "../context.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/forms.ts";

const isPageFormKind = (kind: string | undefined): kind is PageFormKind => kind === "newsletter" || isFormKind(kind);

/** Only what the shopper typed (never the captcha's answer or the file) goes back into the form. */
const TEXT_FIELDS = ["name", "email", "phone", "subject", "message", "pageUrl"];

export function loader({ params }: Route.LoaderArgs) {
  if (!isPageFormKind(params.kind)) throw data(null, { status: 404 });
  return { kind: params.kind };
}

/** The page the form was on, with the outcome (any earlier one replaced). */
function back(from: FormDataEntryValue | null, kind: PageFormKind): string {
  const url = new URL(safeRedirectTarget(from), "http://shop.invalid");
  url.searchParams.set("sent", kind);
  return `${url.pathname}${url.search}#form-${kind}`;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const kind = params.kind;
  if (!isPageFormKind(kind)) throw data(null, { status: 404 });
  const shop = context.get(shopContext);
  const asData = new URL(request.url).searchParams.get("reply") === "data";
  const headers = { "Cache-Control": "private, no-store" };
  const tooLarge = request.headers.get(FORM_TOO_LARGE_HEADER) === "1";
  let form = new FormData();
  let outcome: { ok: true } | { ok: false; error: ErrorDetail; status: number };
  if (tooLarge) {
    const error = { code: "file_too_large", params: { fileSize: shop.services.forms.attachmentMaxMb }, field: IMAGE_FIELD };
    outcome = { ok: false, error, status: 413 };
  } else {
    try {
      form = await request.formData();
      outcome =
        kind === "newsletter"
          ? await subscribe(shop.services, shop.store, form, shop.clientAddress)
          : await submitForm(shop.services, shop.store, kind, form, shop.clientAddress);
    } catch (error) {
      // Spec §8: the form could not be sent, said at the form rather than as a broken page;
      // the cause goes to the shop's log (the context's channel for failed parts of a page).
      shop.degraded("form", error);
      outcome = { ok: false, error: { code: "form_failed" }, status: 500 };
    }
  }
  if (outcome.ok) {
    if (asData) return data({ kind, ok: true } satisfies FormReply, { headers });
    throw redirect(back(form.get("from"), kind), { status: 303, headers });
  }
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
  return data({ kind, ok: false, error: outcome.error, values } satisfies FormReply, { status: outcome.status, headers });
}

export default function FormsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { kind } = loaderData;
  if (kind === "newsletter") {
    return (
      <Screen title={t("newsletter.footer.title")} lead={t("newsletter.footer.lead")}>
        <NewsletterForm />
      </Screen>
    );
  }
  if (kind === "accessibility-feedback") {
    return (
      <Screen title={t("forms.feedback.title")} lead={t("forms.feedback.lead")}>
        <AccessibilityFeedbackForm />
      </Screen>
    );
  }
  return (
    <Screen title={t("forms.contact.title")} lead={t("forms.contact.lead")}>
      <ContactForm />
    </Screen>
  );
}
