// The CMS Contact form (spec §3 form block, formType Contact; docs/decisions/0028): name, email,
// telephone (optional), subject, message and an optional GIF, JPG or PNG image, whose size is
// checked as soon as it is chosen (spec §5's message), before anything is sent.
import type { ReactNode } from "react";
import { FORM_LIMITS, formProblems, formValues, IMAGE_ACCEPT, IMAGE_FIELD, imageProblem } from "../../../../lib/cms-forms.ts";
import { useT } from "../../../lib/i18n.ts";
import { TextField } from "../../account/text-field.tsx";
import { CmsForm } from "./cms-form.tsx";
import { ImageField, TextArea } from "./fields.tsx";
import { useRootData } from "../../../lib/frame.ts";

/** The image chosen in a form, if any. */
const chosenImage = (form: HTMLFormElement) => {
  const input = form.elements.namedItem(IMAGE_FIELD);
  return input instanceof HTMLInputElement ? (input.files?.[0] ?? null) : null;
};

export function ContactForm({ title, description }: { title?: string; description?: ReactNode }) {
  const t = useT();
  // The image limit (CONTACT_ATTACHMENT_MAX_MB) comes in the frame's data, known on any page the
  // CMS places the form (decision 0052); null only outside the frame, and the server checks anyway.
  const maxMb = useRootData()?.attachmentMaxMb ?? null;
  return (
    <CmsForm
      kind="contact"
      title={title}
      description={description}
      sentText={t("forms.contact.sent")}
      submitLabel={t("forms.submit")}
      check={(form) => {
        const problems = formProblems(formValues("contact", new FormData(form)));
        const image = chosenImage(form);
        const problem = image && maxMb !== null ? imageProblem(image, maxMb) : null;
        return problem ? [...problems, { field: IMAGE_FIELD, error: problem }] : problems;
      }}
    >
      {(f) => (
        <>
          <TextField {...f.field("name")} label={t("forms.field.name")} autoComplete="name" />
          <TextField {...f.field("email")} type="email" label={t("forms.field.email")} autoComplete="email" />
          <TextField {...f.field("phone")} type="tel" label={t("forms.field.phone")} autoComplete="tel" required={false} />
          <TextField {...f.field("subject")} label={t("forms.field.subject")} autoComplete="off" />
          <TextArea {...f.field("message")} label={t("forms.field.message")} maxLength={FORM_LIMITS.message} />
          <ImageField
            id={f.id(IMAGE_FIELD)}
            name={IMAGE_FIELD}
            label={t("forms.field.image")}
            hint={maxMb === null ? t("forms.field.imageTypes") : t("forms.field.imageHint", { fileSize: maxMb })}
            accept={IMAGE_ACCEPT}
            problem={f.problem(IMAGE_FIELD)}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              f.setProblem(IMAGE_FIELD, file && maxMb !== null ? imageProblem(file, maxMb) : null);
            }}
          />
        </>
      )}
    </CmsForm>
  );
}
