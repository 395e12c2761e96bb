// The CMS forms for the pages' action (app/routes/forms.tsx), with and without JavaScript: the
// same service the API calls, with the pages' check against bots (a form without an answer —
// no JavaScript — gets the strict per-address turn, docs/decisions/0019).
import type { FormKind } from "../../lib/cms-forms.ts";
import { CAPTCHA_FIELD } from "../captcha/service.ts";
import type { Store } from "../catalog/service.ts";
import { type FormOutcome, refusal } from "../newsletter/forms.ts";
import type { Services } from "../services.ts";

export async function submitForm(
  services: Services,
  store: Store,
  kind: FormKind,
  form: FormData,
  clientAddress: string,
): Promise<FormOutcome> {
  try {
    const answer = form.get(CAPTCHA_FIELD);
    await services.forms.submit(store, kind, form, () =>
      services.captcha.verifyForm(typeof answer === "string" ? answer : null, clientAddress),
    );
    return { ok: true };
  } catch (error) {
    return refusal(error);
  }
}
