// The customer's own details (account /edit/user-info, PUT /api/customer/customer/me): the
// rules of spec §5 that the page checks on blur and the server checks always.
import { type AddressProblem, telephoneProblem } from "./checkout.ts";
import { NAME_MAX } from "./registration.ts";
import { birthday, check, type Day, email, maxLength, required, today } from "./validation.ts";

export const DETAILS_FIELDS = ["firstname", "lastname", "email", "telephone", "birthday"] as const;
export type DetailsField = (typeof DETAILS_FIELDS)[number];
export type DetailsInput = Record<DetailsField, string>;

/** The problem of one field, or null; `on` is the day ages are counted on. */
export function detailsProblem(field: DetailsField, value: string, on: Day = today()): AddressProblem["problem"] | null {
  switch (field) {
    case "firstname":
    case "lastname":
      return check(value.trim(), required, maxLength(NAME_MAX));
    case "email":
      return email(value);
    case "telephone":
      return value.trim() === "" ? null : telephoneProblem(value);
    case "birthday":
      return birthday(value, on);
  }
}

/** Every problem of the details, field by field. */
export function detailsProblems(input: Partial<DetailsInput>, on: Day = today()) {
  const problems: { field: DetailsField; problem: AddressProblem["problem"] }[] = [];
  for (const field of DETAILS_FIELDS) {
    const problem = detailsProblem(field, input[field] ?? "", on);
    if (problem) problems.push({ field, problem });
  }
  return problems;
}
