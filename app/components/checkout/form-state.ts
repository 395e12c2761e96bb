// What a checkout action answers when it does not move on: messages by field (translated
// in the browser, so the action needs no texts), the values the shopper sent (kept in
// the form, also without JavaScript) and a notice for the whole form.
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";

/** A text to show: one of the page's by key, or an error (a service's refusal, a field problem) by code and params. */
export type Message = { key: MessageKey; values?: Record<string, string | number> } | { error: ErrorDetail };

export interface CheckoutFormResult {
  intent: "shipping" | "place";
  /** Field name → what is wrong with it; "form" for what belongs to no one field. */
  errors: Record<string, Message>;
  values: Record<string, string>;
  /** Something the shopper must see before going on (the total changed). */
  notice?: Message;
}

export function useMessage() {
  const t = useT();
  const errorText = useErrorText();
  return (message: Message) => ("key" in message ? t(message.key, message.values) : errorText(message.error));
}

/** Values and errors of one form: the action's answer when it was about this form. */
export function formState(result: CheckoutFormResult | undefined, intent: CheckoutFormResult["intent"]) {
  const mine = result?.intent === intent ? result : undefined;
  return {
    errors: mine?.errors ?? {},
    values: mine?.values,
    notice: mine?.notice,
  };
}
