// The field checks shared by browser and server (lib/validation.ts, lib/checkout.ts) name
// their problems by message key; as an error they are `invalid_input` with the rule's name.
import type { AddressProblem } from "../checkout.ts";
import type { ErrorParams, InputRule } from "./catalogue.ts";

type ProblemKey = AddressProblem["problem"]["key"];

const RULES: Record<ProblemKey, InputRule> = {
  "validation.required": "required",
  "validation.email": "email",
  "validation.passwordsMatch": "passwordsMatch",
  "validation.passwordLength": "passwordLength",
  "validation.passwordClasses": "passwordClasses",
  "validation.maxLength": "maxLength",
  "validation.minLength": "minLength",
  "validation.chooseOne": "chooseOne",
  "validation.postcode": "postcode",
  "validation.telephone": "telephone",
  "validation.vatId": "vatId",
  "validation.country": "country",
  "validation.dateFormat": "dateFormat",
  "validation.dateFuture": "dateFuture",
  "validation.minAge": "minAge",
  "validation.maxAge": "maxAge",
};

/** A field problem as the parameters of `invalid_input`. */
export function inputProblem(problem: { key: ProblemKey; values?: Record<string, string | number> }): ErrorParams<"invalid_input"> {
  return { ...problem.values, rule: RULES[problem.key] };
}
