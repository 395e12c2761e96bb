// storeContacts: where and when the shop answers (spec §2 footer "store contacts"): each contact
// point's address, opening hours, phone and email, from the CMS. The footer shows the store's
// block under its logos; a page could hold one too.
import { Fragment, useId } from "react";
import type { ContactPoint, StoreContactsBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { BlockTitle } from "../parts.tsx";

/** tel: takes digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The contact points, in the few elements a footer on every page can afford (styles: app.css .contact-points). */
export function ContactPoints({ contacts }: { contacts: ContactPoint[] }) {
  return (
    <ul className="contact-points">
      {contacts.map((contact) => (
        <li key={contact.id}>
          <b>{contact.name}</b>
          {contact.address.length > 0 ? (
            <address>
              {contact.address.map((line, i) => (
                <Fragment key={line}>
                  {i > 0 ? <br /> : null}
                  {line}
                </Fragment>
              ))}
            </address>
          ) : null}
          {contact.openingHours.map((line) => (
            <span key={line}>{line}</span>
          ))}
          {contact.phone ? <a href={telHref(contact.phone)}>{contact.phone}</a> : null}
          {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : null}
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
