// The CMS Newsletter form (spec §3 form block, formType Newsletter): the newsletter's own
// subscription (server/newsletter, docs/decisions/0019) — the same service, texts and check
// against bots as the footer's form — in the CMS forms' frame, so a page's block behaves like
// its other forms (states in place, the outcome back on the page without JavaScript).
import type { ReactNode } from "react";
import { ACCOUNT_NOTICES } from "../../../../lib/account-notices.ts";
import { inputProblem } from "../../../../lib/errors/input.ts";
import { email } from "../../../../lib/validation.ts";
import { useT } from "../../../lib/i18n.ts";
import { TextField } from "../../account/text-field.tsx";
import { CmsForm } from "./cms-form.tsx";
import { useRootData } from "../../../lib/frame.ts";

export function NewsletterForm({ title, description }: { title?: string; description?: ReactNode }) {
  const t = useT();
  const root = useRootData();
  return (
    <CmsForm
      kind="newsletter"
      title={title}
      description={description}
      sentText={ACCOUNT_NOTICES.subscribed[root?.locale ?? "en"]}
      submitLabel={t("newsletter.footer.submit")}
      check={(form) => {
        const problem = email(String(new FormData(form).get("email") ?? ""));
        return problem ? [{ field: "email", error: { code: "invalid_input", params: inputProblem(problem), field: "email" } }] : [];
      }}
    >
      {(f) => <TextField {...f.field("email")} type="email" label={t("newsletter.footer.email")} autoComplete="email" />}
    </CmsForm>
  );
}
