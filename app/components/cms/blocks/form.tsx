// form: the editors' title and text around the shop's Contact or Newsletter form (built in
// ../forms/, where the forms live with their validation and sending).
import { useId } from "react";
import type { FormBlock as FormBlockData } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { ContactForm, NewsletterForm } from "../forms/index.ts";
import { BlockTitle } from "../parts.tsx";
import { RichText } from "../rich-text.tsx";

export function FormBlock({ block }: { block: FormBlockData }) {
  const heading = useId();
  const Form = block.formType === "Contact" ? ContactForm : NewsletterForm;
  return (
    <section
      aria-labelledby={heading}
      data-form-type={block.formType}
      {...blockRoot(block, "mx-auto flex w-full max-w-2xl flex-col gap-4")}
    >
      <BlockTitle id={heading}>{block.title}</BlockTitle>
      <RichText document={block.description} className="text-muted" />
      <Form block={block} />
    </section>
  );
}
