// The newsletter (issue 11, docs/decisions/0019): the list of addresses (the footer subscribes
// an address without an account; a customer is subscribed when its address is on the list),
// the welcome mail, the customer's own switch in the account, and leaving the list from the
// link in every newsletter mail — the page (GET shows, POST leaves) and RFC 8058's one-click
// POST. Leaving takes the address off the list and nothing else: an account stays as it is.
import type { Store } from "../catalog/service.ts";
import { customerQueries, type AccountExecutor } from "../customers/repository.ts";
import type { Db } from "../db/client.ts";
import { AppError, badInput } from "../errors.ts";
import type { Owner } from "../identity.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { MailQueue } from "../mail/outbox.ts";
import { renderAccountMail } from "../mail/templates/account-mails.ts";
import type { LocaleCode } from "../../lib/locales.ts";
import { email as emailRule } from "../../lib/validation.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import { newsletterQueries, UNSUBSCRIBE_TOKEN_SHAPE } from "./repository.ts";

/** Outbox kind of the welcome mail (the name the accounts backend gave it). */
export const NEWSLETTER_WELCOME = "newsletter_welcome";

export interface NewsletterServiceOptions {
  db: Db;
  mail: MailQueue;
  /** The store's public origin (configured, never a request's Host), without a trailing slash. */
  publicUrl: (storeCode: string) => string;
  storeLocale: (storeCode: string) => Promise<LocaleCode | undefined>;
}

/** "m•••@example.com": enough for the owner to recognise, little for anyone the link reached. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

export function createNewsletterService({ db, mail, publicUrl, storeLocale }: NewsletterServiceOptions) {
  const checkEmail = (value: string) => {
    const problem = emailRule(value);
    if (problem) throw badInput("email", inputProblem(problem));
    return value.trim();
  };

  async function customerEmail(owner: Owner): Promise<{ email: string; storeCode: string }> {
    if (owner.customerId === null) throw new AppError(401, "not_logged_in");
    const customer = await customerQueries(db).customerById(owner.customerId);
    if (!customer) throw new AppError(401, "not_logged_in");
    return { email: customer.email, storeCode: customer.storeCode };
  }

  /** Puts an address on the list on the caller's transaction, with the welcome mail for a new one. */
  async function subscribeOn(q: AccountExecutor, email: string, storeCode: string): Promise<boolean> {
    if (!(await newsletterQueries(q).subscribe(email, storeCode))) return false;
    await mail.enqueue(q, NEWSLETTER_WELCOME, { email, store: storeCode });
    return true;
  }

  /**
   * The unsubscribe links of an address's newsletter mails, and the RFC 8058 headers every
   * one of them carries: the page (a person clicks it) and the one-click endpoint (the mail
   * client POSTs `List-Unsubscribe=One-Click` to it). Null when the address is not on the list.
   */
  async function unsubscribeLinks(q: AccountExecutor, email: string) {
    const subscription = await newsletterQueries(q).subscriptionOf(email);
    if (!subscription) return null;
    const origin = publicUrl(subscription.storeCode);
    const query = new URLSearchParams({ token: subscription.token });
    const page = `${origin}/newsletter/unsubscribe?${query}`;
    const oneClick = `${origin}/api/newsletter/unsubscribe?${query}`;
    return {
      storeCode: subscription.storeCode,
      page,
      oneClick,
      headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  }

  return {
    subscribeOn,
    unsubscribeLinks,

    /** Puts an address on the list; the welcome mail goes to new addresses only, the answer is the same. */
    async subscribe(store: Store, emailInput: string) {
      const email = checkEmail(emailInput);
      const added = await db.transaction((tx) => subscribeOn(tx, email, store.code));
      if (added) mail.nudge();
    },

    /** Whether the logged-in customer's address is on the list. */
    async subscribedCustomer(owner: Owner): Promise<boolean> {
      const { email } = await customerEmail(owner);
      return (await newsletterQueries(db).subscriptionOf(email)) !== undefined;
    },

    /** The customer's switch in the account: on (welcome mail if new) or off (the account stays). */
    async setCustomerSubscription(owner: Owner, store: Store, subscribed: boolean) {
      const { email } = await customerEmail(owner);
      if (!subscribed) {
        await newsletterQueries(db).deleteByEmail(email);
        return;
      }
      const added = await db.transaction((tx) => subscribeOn(tx, email, store.code));
      if (added) mail.nudge();
    },

    /** What a link would do: the address it takes off the list (masked), or null for an unknown or used link. */
    async lookup(token: string): Promise<{ email: string } | null> {
      if (!UNSUBSCRIBE_TOKEN_SHAPE.test(token)) return null;
      const subscription = await newsletterQueries(db).byToken(token);
      return subscription ? { email: maskEmail(subscription.email) } : null;
    },

    /** Leaves the list with a mailed link (once: the row goes, so the link is unknown afterwards). */
    async unsubscribe(token: string) {
      const removed = UNSUBSCRIBE_TOKEN_SHAPE.test(token) ? await newsletterQueries(db).deleteByToken(token) : undefined;
      if (!removed) throw new AppError(404, "unsubscribe_link_invalid");
    },

    /** Outbox renderers: the welcome mail, with its unsubscribe link and headers (nothing if the address left meanwhile). */
    mails: {
      async [NEWSLETTER_WELCOME](payload: Record<string, unknown>, q: AccountExecutor): Promise<MailMessage | null> {
        const email = String(payload.email);
        const links = await unsubscribeLinks(q, email);
        if (!links) return null;
        const storeCode = String(payload.store);
        const locale = (await storeLocale(storeCode)) ?? "en";
        const customer = await customerQueries(q).customerByEmail(email);
        const message = renderAccountMail({
          kind: "newsletter",
          locale,
          to: email,
          firstname: customer?.firstname,
          link: `${publicUrl(storeCode)}/`,
          unsubscribeLink: links.page,
        });
        return { ...message, headers: links.headers };
      },
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
