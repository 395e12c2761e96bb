// The page footer (spec §2): the store-contact block with two logos (the brand and the
// Design from Finland mark) and the CMS's contact points (addresses, opening hours, phones), customer service links, info links and business links from the
// store config (info and business hide when they have no links), the find-us list of the
// brand's stores, the newsletter form (nothing personal: the footer is on cached pages), then the copyright text from the config and the privacy notice.
import { type Texts, useT } from "../../lib/i18n.ts";
import { Wordmark } from "../header/logo.tsx";
import { DesignFromFinlandMark } from "./design-from-finland.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";
import { useRootData } from "../../lib/frame.ts";
import type { RootData } from "../../root.tsx";
import { StaticHtml } from "../ui/static-html.tsx";
import type { StoreContactsBlock } from "../../../lib/cms-types.ts";
import { ContactPoints } from "../cms/blocks/store-contacts.tsx";

/** Spec §2: the privacy notice is /content/tietosuojaseloste in Finnish, /content/privacy otherwise. */
export const privacyPath = (locale: string) => (locale === "fi" ? "/content/tietosuojaseloste" : "/content/privacy");
/** The accessibility statement (with its feedback form), which Finland's law asks a web shop to publish. */
export const accessibilityPath = (locale: string) => (locale === "fi" ? "/content/saavutettavuusseloste" : "/content/accessibility");

/** Spec §2: the footer's store pages live under /content/, with a -fi suffix in the Finnish store. */
export const storePagePath = (code: string, locale: string) => `/content/${code}${locale === "fi" ? "-fi" : ""}`;

type FooterLink = { title: string; url: string };

const linkClass = "footer-link";

function LinkBlock({ id, title, links }: { id: string; title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {title}
      </h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={`${link.url}|${link.title}`}>
            <a href={link.url} className={linkClass}>
              {link.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type ColumnsProps = Pick<RootData, "footer" | "physicalStores" | "locale"> & {
  t: Texts["t"];
  contacts: Pick<StoreContactsBlock, "title" | "contacts"> | null;
};

/** Logos, the link columns and the brand's stores: static HTML, not hydrated (decision 0057). */
function FooterColumns({ t, footer, physicalStores, locale, contacts }: ColumnsProps) {
  return (
    <>
      <section aria-labelledby="footer-contacts" className="col-span-2 flex flex-col items-start gap-5 md:col-span-3 lg:col-span-1">
        <h2 id="footer-contacts" className="sr-only">
          {t("shell.footer.contacts")}
        </h2>
        <Wordmark />
        <p className="max-w-xs text-[0.9375rem] text-muted">{t("shop.tagline")}</p>
        <DesignFromFinlandMark className="text-ink" />
        {contacts && contacts.contacts.length > 0 ? (
          <div>
            {contacts.title ? <h3 className="footer-heading mb-3">{contacts.title}</h3> : null}
            <ContactPoints contacts={contacts.contacts} />
          </div>
        ) : null}
      </section>

      <LinkBlock id="footer-customer-service" title={t("footer.customerService")} links={footer.customerService} />
      {footer.about.length > 0 ? <LinkBlock id="footer-about" title={t("shell.footer.about")} links={footer.about} /> : null}
      {footer.business.length > 0 ? <LinkBlock id="footer-business" title={t("shell.footer.business")} links={footer.business} /> : null}

      {physicalStores.length > 0 ? (
        <nav aria-labelledby="footer-stores" className="col-span-2 md:col-span-3 lg:col-span-1">
          <h2 id="footer-stores" className="footer-heading">
            {t("footer.stores")}
          </h2>
          <ul className="mt-4 space-y-3.5">
            {physicalStores.map((store) => (
              <li key={store.code}>
                <a href={storePagePath(store.code, locale)} className={`${linkClass} font-medium`}>
                  {store.name}
                </a>
                <p className="mt-0.5 text-sm text-muted">{store.address}</p>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}

/** The copyright and the legal pages' links: static HTML, not hydrated (decision 0057). */
function FooterBottom({ t, copyright, locale }: Pick<RootData, "copyright" | "locale"> & { t: Texts["t"] }) {
  return (
    <>
      <p>{t("footer.copyright", { copyright })}</p>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <a href={privacyPath(locale)} className="footer-legal-link">
            {t("shell.footer.privacy")}
          </a>
        </li>
        <li>
          <a href="/cookie-consent" className="footer-legal-link">
            {t("consent.footerLink")}
          </a>
        </li>
        <li>
          <a href={accessibilityPath(locale)} className="footer-legal-link">
            {t("shell.footer.accessibility")}
          </a>
        </li>
      </ul>
    </>
  );
}

export function Footer() {
  const root = useRootData();
  const t = useT();
  if (!root) return null;
  const { footer, physicalStores, locale, copyright } = root;
  const contacts = root.placements.storeContacts;
  return (
    <footer className="site-footer mt-16 border-t border-line bg-mist text-ink md:mt-24">
      <StaticHtml id="footer-columns" className="footer-columns" content={JSON.stringify([locale, footer, physicalStores, contacts])}>
        <FooterColumns t={t} footer={footer} physicalStores={physicalStores} locale={locale} contacts={contacts} />
      </StaticHtml>

      <div className="border-t border-line">
        <div className="mx-auto max-w-shop px-4 py-8 md:px-8 md:py-10">
          <NewsletterForm headingClass="footer-heading" />
        </div>
      </div>

      <div className="border-t border-line">
        {/* Room on the right for the floating back-to-top button (up to 72 px from the edge): it never covers these links. */}
        <StaticHtml id="footer-bottom" className="footer-bottom" content={JSON.stringify([locale, copyright])}>
          <FooterBottom t={t} copyright={copyright} locale={locale} />
        </StaticHtml>
      </div>
    </footer>
  );
}
