// The newsletter's plain HTML forms (the footer's subscription, the account's switch, the
// unsubscribe page), for the pages' actions with and without JavaScript: the same services
// the API calls. An answer is ok, or the refusal in the error catalogue's terms.
import type { ErrorDetail } from "../../lib/errors/format.ts";
import { CAPTCHA_FIELD } from "../captcha/service.ts";
import type { Store } from "../catalog/service.ts";
import { isAppError } from "../errors.ts";
import { ownerOf, type Shopper } from "../identity.ts";
import type { Services } from "../services.ts";

export type FormOutcome = { ok: true } | { ok: false; error: ErrorDetail; status: number };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A refusal as the error the page shows; anything that is not a refusal is a real failure. */
export function refusal(error: unknown): FormOutcome & { ok: false } {
  if (!isAppError(error) || error.status >= 500) throw error;
  return { ok: false, error: { code: error.code, params: error.params, field: error.field }, status: error.status };
}

/** The footer's form: the check against bots (or, without an answer, the per-address limit), then the list. */
export async function subscribe(services: Services, store: Store, form: FormData, clientAddress: string): Promise<FormOutcome> {
  try {
    await services.captcha.verifyForm(field(form, CAPTCHA_FIELD), clientAddress);
    await services.newsletter.subscribe(store, field(form, "email"));
    return { ok: true };
  } catch (error) {
    return refusal(error);
  }
}

/** The account's switch: `subscribe=1` puts the customer's address on the list, anything else takes it off. */
export async function setSubscription(
  services: Services,
  shopper: Shopper,
  form: FormData,
): Promise<FormOutcome & { subscribed?: boolean }> {
  const subscribed = field(form, "subscribe") === "1";
  try {
    await services.newsletter.setCustomerSubscription(ownerOf(shopper), shopper.store, subscribed);
    return { ok: true, subscribed };
  } catch (error) {
    return refusal(error);
  }
}

/** The unsubscribe page's button (a POST: a GET never unsubscribes). */
export async function unsubscribe(services: Services, form: FormData): Promise<FormOutcome> {
  try {
    await services.newsletter.unsubscribe(field(form, "token"));
    return { ok: true };
  } catch (error) {
    return refusal(error);
  }
}
