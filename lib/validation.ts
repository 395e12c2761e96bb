// Field rules of spec §5, shared by browser and server. Each rule returns a message key
// (translated by the UI; the English texts are the spec's) or null when the value is fine.
export type ValidationKey =
  | "validation.required"
  | "validation.email"
  | "validation.passwordsMatch"
  | "validation.passwordLength"
  | "validation.passwordClasses"
  | "validation.maxLength"
  | "validation.minLength"
  | "validation.chooseOne"
  | "validation.dateFormat"
  | "validation.dateFuture"
  | "validation.minAge"
  | "validation.maxAge";

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

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * A text's length as a person counts it: what they see as one character (an emoji, a letter with
 * its accent, a flag) is one (issue 37), in the browser and on the server alike.
 */
export function visibleLength(value: string): number {
  // Latin text needs no segmenting: from the space to U+02FF (before the combining marks) a code unit is a character.
  if (/^[ -\u02ff]*$/.test(value)) return value.length;
  let count = 0;
  for (const _ of graphemes.segment(value)) count++;
  return count;
}

export const maxLength =
  (limit: number) =>
  (value: string): Problem | null =>
    visibleLength(value) > limit ? { key: "validation.maxLength", values: { maxLength: limit } } : null;

/** Spec §5: "Insert at least {count} characters" (the text as typed, spaces at its ends not counted). */
export const minLength =
  (limit: number) =>
  (value: string): Problem | null =>
    visibleLength(value.trim()) < limit ? { key: "validation.minLength", values: { minLength: limit } } : null;

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

/** A calendar day (month 1–12). */
export interface Day {
  year: number;
  month: number;
  day: number;
}

/** Spec §5/§9: a birthday is written dd.MM.yyyy (31.01.2021) and its owner is 15 to 100 years old. */
export const BIRTHDAY_AGE = { min: 15, max: 100 } as const;

const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** "31.01.2021" → the day, or null when it is not a real date in that format. */
export function parseDottedDate(value: string): Day | null {
  const match = DOTTED_DATE.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31.02 over into March: only a day that comes back as written is real.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
/** 31.01.2021 */
export const dottedDate = (d: Day) => `${pad(d.day)}.${pad(d.month)}.${pad(d.year, 4)}`;
/** 2021-01-31 (the database's and the ISO form) */
export const isoDate = (d: Day) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
export const fromIsoDate = (value: string): Day => {
  const [year, month, day] = value.split("-").map(Number);
  return { year: year ?? 0, month: month ?? 1, day: day ?? 1 };
};

/** Today in Finland, where the shop is: ages turn at Helsinki's midnight. */
export function today(now: number = Date.now()): Day {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Helsinki", year: "numeric", month: "2-digit", day: "2-digit" })
    .format(new Date(now))
    .split("-")
    .map(Number);
  return { year: parts[0] ?? 1970, month: parts[1] ?? 1, day: parts[2] ?? 1 };
}

/** Whole years from a birthday to a day (a birthday on 29.02 counts from 1.3 in other years). */
export function ageOn(birthday: Day, on: Day): number {
  const before = on.month < birthday.month || (on.month === birthday.month && on.day < birthday.day);
  return on.year - birthday.year - (before ? 1 : 0);
}

/** An optional birthday (spec §5): empty is fine; else dd.MM.yyyy, not in the future, age 15 to 100. */
export function birthday(value: string, on: Day = today()): Problem | null {
  if (value.trim() === "") return null;
  const day = parseDottedDate(value);
  if (!day) return { key: "validation.dateFormat" };
  if (isoDate(day) > isoDate(on)) return { key: "validation.dateFuture" };
  const age = ageOn(day, on);
  if (age < BIRTHDAY_AGE.min) return { key: "validation.minAge", values: { minAge: BIRTHDAY_AGE.min } };
  if (age > BIRTHDAY_AGE.max) return { key: "validation.maxAge", values: { maxAge: BIRTHDAY_AGE.max } };
  return null;
}
