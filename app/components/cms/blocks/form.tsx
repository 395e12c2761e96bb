// form: the editors' title and text around the shop's Contact or Newsletter form (built in
// ../forms/, where the forms live with their validation and sending; the form's frame shows
// the title as its heading).
import type { FormBlock as FormBlockData } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { AccessibilityFeedbackForm, ContactForm, NewsletterForm } from "../forms/index.ts";

const FORMS = { Contact: ContactForm, Newsletter: NewsletterForm, AccessibilityFeedback: AccessibilityFeedbackForm } as const;
import { RichText } from "../rich-text.tsx";

export function FormBlock({ block }: { block: FormBlockData }) {
  const Form = FORMS[block.formType];
  return (
    <div data-form-type={block.formType} {...blockRoot(block, "mx-auto w-full max-w-2xl")}>
      <Form title={block.title || undefined} description={<RichText document={block.description} className="text-muted" />} />
    </div>
  );
}
