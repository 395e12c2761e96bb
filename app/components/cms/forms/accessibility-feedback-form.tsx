// The accessibility statement's feedback channel (the European Accessibility Act; Finland's
// law on digital services asks for one; docs/decisions/0028): the message, the page it is
// about and, optionally, an address for the answer.
import type { ReactNode } from "react";
import { FORM_LIMITS, formProblems, formValues } from "../../../../lib/cms-forms.ts";
import { useT } from "../../../lib/i18n.ts";
import { TextField } from "../../account/text-field.tsx";
import { CmsForm } from "./cms-form.tsx";
import { TextArea } from "./fields.tsx";

export function AccessibilityFeedbackForm({
  title,
  description,
  pageUrl,
}: {
  title?: string;
  description?: ReactNode;
  /** The page the shopper came from, offered as the page the feedback is about. */
  pageUrl?: string;
}) {
  const t = useT();
  return (
    <CmsForm
      kind="accessibility-feedback"
      title={title}
      description={description}
      sentText={t("forms.feedback.sent")}
      submitLabel={t("forms.submit")}
      check={(form) => formProblems(formValues("accessibility-feedback", new FormData(form)))}
    >
      {(f) => (
        <>
          <TextArea {...f.field("message")} label={t("forms.field.feedbackMessage")} maxLength={FORM_LIMITS.message} />
          <TextField
            {...f.field("pageUrl")}
            label={t("forms.field.pageUrl")}
            autoComplete="url"
            required={false}
            defaultValue={f.value("pageUrl") ?? pageUrl}
          />
          <TextField
            {...f.field("email")}
            type="email"
            label={t("forms.field.feedbackEmail")}
            hint={t("forms.field.feedbackEmailHint")}
            autoComplete="email"
            required={false}
          />
        </>
      )}
    </CmsForm>
  );
}
