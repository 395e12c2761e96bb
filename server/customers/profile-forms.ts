// The account's details and address-book forms (decision 0018), for the pages' actions with
// and without JavaScript: every field's problem at once (the rules the browser checks on
// blur), then the same services as /api/customer/customer/me and /api/customer/addresses.
// An answer is what happened, or the problems by field in the error catalogue's terms.
import { type AddressField, addressProblems } from "../../lib/checkout.ts";
import { DETAILS_FIELDS, detailsProblems } from "../../lib/customer-details.ts";
import type { ErrorDetail } from "../../lib/errors/format.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import { today } from "../../lib/validation.ts";
import { isAppError } from "../errors.ts";
import { ownerOf, type Shopper } from "../identity.ts";
import type { Services } from "../services.ts";
import type { SavedAddress } from "./addresses.ts";

export type FormOutcome<T> = { ok: true; value: T } | { ok: false; errors: Record<string, ErrorDetail>; status: number };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A refusal of a service at its field ("form" when it names none); anything else is a real failure. */
function refusal<T>(error: unknown): FormOutcome<T> {
  if (!isAppError(error) || error.status >= 500) throw error;
  return {
    ok: false,
    errors: { [error.field ?? "form"]: { code: error.code, params: error.params, field: error.field } },
    status: error.status,
  };
}

function problems<T>(list: { field: string; problem: Parameters<typeof inputProblem>[0] }[]): FormOutcome<T> | null {
  if (list.length === 0) return null;
  const errors: Record<string, ErrorDetail> = {};
  for (const { field: name, problem } of list) errors[name] ??= { code: "invalid_input", params: inputProblem(problem), field: name };
  return { ok: false, errors, status: 400 };
}

/** Saves the details; `value` says whether anything changed. */
export async function saveDetails(services: Services, shopper: Shopper, form: FormData): Promise<FormOutcome<boolean>> {
  const values = Object.fromEntries(DETAILS_FIELDS.map((name) => [name, field(form, name)])) as Record<
    (typeof DETAILS_FIELDS)[number],
    string
  >;
  const found = problems<boolean>(detailsProblems(values, today(services.clock())));
  if (found) return found;
  try {
    const { changed } = await services.profile.updateDetails(ownerOf(shopper), {
      ...values,
      currentPassword: field(form, "currentPassword"),
    });
    return { ok: true, value: changed };
  } catch (error) {
    return refusal(error);
  }
}

const ADDRESS_FORM_FIELDS = [
  "firstname",
  "lastname",
  "company",
  "vat_id",
  "street",
  "postcode",
  "city",
  "country_code",
  "telephone",
] as const;

/** The address fields of a form. */
export const addressOf = (form: FormData) =>
  Object.fromEntries(ADDRESS_FORM_FIELDS.map((name) => [name, field(form, name)])) as Record<(typeof ADDRESS_FORM_FIELDS)[number], string>;

/** Adds an address (no `id`) or replaces one; "default_shipping" ticked makes it the default. */
export async function saveAddress(services: Services, shopper: Shopper, form: FormData): Promise<FormOutcome<SavedAddress>> {
  const input = addressOf(form);
  const countries = shopper.store.config.countries.map((c) => c.id);
  const found = problems<SavedAddress>(addressProblems(input as Partial<Record<AddressField, string>>, countries, false));
  if (found) return found;
  const owner = ownerOf(shopper);
  const makeDefault = form.get("default_shipping") !== null;
  const id = Number(field(form, "id"));
  try {
    const saved =
      field(form, "id") === ""
        ? await services.addresses.add(owner, shopper.store, input, { makeDefault })
        : await services.addresses.update(owner, shopper.store, Number.isSafeInteger(id) ? id : 0, input, { makeDefault });
    return { ok: true, value: saved };
  } catch (error) {
    return refusal(error);
  }
}

/** Removes an address, or makes it the default. */
export async function changeAddress(
  services: Services,
  shopper: Shopper,
  form: FormData,
  change: "remove" | "default",
): Promise<FormOutcome<null>> {
  const id = Number(field(form, "id"));
  const owner = ownerOf(shopper);
  try {
    const valid = Number.isSafeInteger(id) ? id : 0;
    if (change === "remove") await services.addresses.remove(owner, valid);
    else await services.addresses.setDefault(owner, valid);
    return { ok: true, value: null };
  } catch (error) {
    return refusal(error);
  }
}
