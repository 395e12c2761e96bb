// The registration form's rules (spec §5), shared by the page and the pop-up, which check a field
// when it loses the focus, and by the server, which checks them all: names required and at most
// NAME_MAX long, a valid address, a password of 8 characters and three classes, and the
// confirmation equal to it (checked once both are filled).
import type { AddressProblem } from "./checkout.ts";
import { check, confirmation, email, maxLength, password, required } from "./validation.ts";

export const REGISTRATION_FIELDS = ["firstname", "lastname", "email", "newPassword", "confirmPassword"] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** Names as long as the customer service takes them. */
export const NAME_MAX = 100;

export const isRegistrationField = (name: string): name is RegistrationField => (REGISTRATION_FIELDS as readonly string[]).includes(name);

/**
 * The problem of one field as the form stands, or null. The confirmation is judged only when both
 * passwords are filled (spec §5: checks run on blur when both are filled).
 */
export function registrationProblem(
  field: RegistrationField,
  values: Partial<Record<RegistrationField, string>>,
): AddressProblem["problem"] | null {
  const value = values[field] ?? "";
  switch (field) {
    case "firstname":
    case "lastname":
      return check(value.trim(), required, maxLength(NAME_MAX));
    case "email":
      return email(value);
    case "newPassword":
      return password(value);
    case "confirmPassword": {
      const original = values.newPassword ?? "";
      if (value === "" || original === "") return value === "" ? required(value) : null;
      return confirmation(value, original);
    }
  }
}
