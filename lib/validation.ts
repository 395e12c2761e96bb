// Field rules of spec §5, shared by browser and server. Each rule returns a message key
// (translated by the UI; the English texts are the spec's) or null when the value is fine.
export type ValidationKey =
  | "validation.required"
  | "validation.email"
  | "validation.passwordsMatch"
  | "validation.passwordLength"
  | "validation.passwordClasses"
  | "validation.maxLength"
  | "validation.chooseOne";

export interface Problem {
  key: ValidationKey;
  values?: Record<string, string | number>;
}

// A pragmatic address check: something@something.tld, no spaces (the HTML email input's rule).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const required = (value: string): Problem | null => (value.trim() === "" ? { key: "validation.required" } : null);

export const email = (value: string): Problem | null =>
  required(value) ?? (EMAIL.test(value.trim()) && value.length <= 254 ? null : { key: "validation.email" });

export const maxLength =
  (limit: number) =>
  (value: string): Problem | null =>
    value.length > limit ? { key: "validation.maxLength", values: { maxLength: limit } } : null;

/** Password: at least `minLength` characters and 3 of the 4 classes (spec §5). */
export function password(value: string, minLength = 8): Problem | null {
  if (required(value)) return { key: "validation.required" };
  if (value.length < minLength) return { key: "validation.passwordLength", values: { minLength } };
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(value)).length;
  return classes >= 3 ? null : { key: "validation.passwordClasses" };
}

export const confirmation = (value: string, original: string): Problem | null =>
  value === original ? null : { key: "validation.passwordsMatch" };

/** The first problem of a value under several rules. */
export function check(value: string, ...rules: ((value: string) => Problem | null)[]): Problem | null {
  for (const rule of rules) {
    const problem = rule(value);
    if (problem) return problem;
  }
  return null;
}
