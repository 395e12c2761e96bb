// storeContacts: where and when the shop answers (spec §2 footer "store contacts"): each contact
// point's address, opening hours, phone and email, from the CMS. The footer shows the store's
// block under its logos; a page could hold one too.
import { useId } from "react";
import type { ContactPoint, StoreContactsBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { BlockTitle } from "../parts.tsx";

/** tel: takes digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export function ContactPoints({ contacts, linkClass = "underline" }: { contacts: ContactPoint[]; linkClass?: string }) {
  return (
    <ul className="flex flex-col gap-4 text-[0.9375rem]">
      {contacts.map((contact) => (
        <li key={contact.id} className="flex flex-col gap-0.5">
          <span className="font-medium">{contact.name}</span>
          {contact.address.length > 0 ? (
            <address className="text-muted not-italic">
              {contact.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : null}
          {contact.openingHours.map((line) => (
            <span key={line} className="text-muted">
              {line}
            </span>
          ))}
          {contact.phone ? (
            <a href={telHref(contact.phone)} className={`${linkClass} inline-flex min-h-6 items-center self-start`}>
              {contact.phone}
            </a>
          ) : null}
          {contact.email ? (
            <a href={`mailto:${contact.email}`} className={`${linkClass} inline-flex min-h-6 items-center self-start break-all`}>
              {contact.email}
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function StoreContacts({ block }: { block: StoreContactsBlock }) {
  const heading = useId();
  return (
    <section aria-labelledby={block.title ? heading : undefined} {...blockRoot(block, "mx-auto flex w-full max-w-3xl flex-col gap-4")}>
      {block.title ? <BlockTitle id={heading}>{block.title}</BlockTitle> : null}
      <ContactPoints contacts={block.contacts} />
    </section>
  );
}
