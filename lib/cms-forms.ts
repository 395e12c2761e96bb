// The rules of the CMS forms (docs/decisions/0028), shared by browser and server: the browser
// shows every problem at its field before sending, the server refuses the first one it finds.
// Problems are error details (lib/errors): worded by the one catalogue in the shopper's language.
import { telephoneProblem } from "./checkout.ts";
import type { ErrorDetail } from "./errors/format.ts";
import { inputProblem } from "./errors/input.ts";
import { email, maxLength, minLength, type Problem, required } from "./validation.ts";

export const FORM_KINDS = ["contact", "accessibility-feedback"] as const;
export type FormKind = (typeof FORM_KINDS)[number];
export const isFormKind = (value: unknown): value is FormKind => (FORM_KINDS as readonly unknown[]).includes(value);

/**
 * Set by the server's edge on a page form whose body was over the limit (its body is dropped
 * unread): the page's action answers it as a too-large image.
 */
export const FORM_TOO_LARGE_HEADER = "x-kauppa-form-too-large";

/** The form field that carries the image of a contact form. */
export const IMAGE_FIELD = "image";

/** The longest text each field takes. */
export const FORM_LIMITS = { name: 100, email: 254, phone: 20, subject: 200, message: 5000, pageUrl: 2000 } as const;
/** A message customer service can act on: at least this many characters (spec §5 "Insert at least {count} characters"). */
export const MESSAGE_MIN_LENGTH = 10;

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export interface FeedbackValues {
  email: string;
  pageUrl: string;
  message: string;
}

export type FormValues = { kind: "contact"; values: ContactValues } | { kind: "accessibility-feedback"; values: FeedbackValues };

/** The fields of each kind, in the order they are shown (and checked). */
export const FORM_FIELDS = {
  contact: ["name", "email", "phone", "subject", "message"],
  "accessibility-feedback": ["email", "pageUrl", "message"],
} as const satisfies Record<FormKind, readonly string[]>;

/** The image types a contact form takes, with the file name endings that go with each (spec §5). */
export const IMAGE_TYPES = {
  "image/gif": [".gif"],
  "image/jpeg": [".jpg", ".jpeg", ".jpe"],
  "image/png": [".png"],
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;
export const IMAGE_ACCEPT = Object.entries(IMAGE_TYPES)
  .flatMap(([type, endings]) => [type, ...endings])
  .join(",");

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A sent form's fields as its kind asks for them. */
export function formValues(kind: FormKind, form: FormData): FormValues {
  if (kind === "contact") {
    return {
      kind,
      values: {
        name: text(form, "name"),
        email: text(form, "email"),
        phone: text(form, "phone"),
        subject: text(form, "subject"),
        message: text(form, "message"),
      },
    };
  }
  return { kind, values: { email: text(form, "email"), pageUrl: text(form, "pageUrl"), message: text(form, "message") } };
}

export const megabytes = (mb: number) => Math.round(mb * 1024 * 1024);

export interface FieldProblem {
  field: string;
  error: ErrorDetail;
}

const optional =
  (rule: (value: string) => Problem | { key: "validation.telephone" } | null) =>
  (value: string): Problem | { key: "validation.telephone" } | null =>
    value.trim() === "" ? null : rule(value);

type Rule = (value: string) => Problem | { key: "validation.telephone" } | null;

const RULES: Record<string, Rule[]> = {
  name: [required, maxLength(FORM_LIMITS.name)],
  email: [email],
  optionalEmail: [optional(email)],
  phone: [optional(telephoneProblem)],
  subject: [required, maxLength(FORM_LIMITS.subject)],
  message: [required, minLength(MESSAGE_MIN_LENGTH), maxLength(FORM_LIMITS.message)],
  pageUrl: [maxLength(FORM_LIMITS.pageUrl)],
};

/** Every problem of a form's values, in field order (the feedback's email is optional). */
export function formProblems(form: FormValues): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const values = form.values as unknown as Record<string, string>;
  for (const field of FORM_FIELDS[form.kind]) {
    const rules = RULES[field === "email" && form.kind === "accessibility-feedback" ? "optionalEmail" : field] ?? [];
    for (const rule of rules) {
      const problem = rule(values[field] ?? "");
      if (problem) {
        problems.push({ field, error: { code: "invalid_input", params: inputProblem(problem), field } });
        break;
      }
    }
  }
  return problems;
}

/**
 * What the browser can tell about a chosen image before sending it: its size, and a type or
 * name that is not GIF, JPG or PNG. The server checks the bytes themselves as well.
 */
export function imageProblem(file: { size: number; name: string; type: string }, maxMb: number): ErrorDetail | null {
  if (file.size > megabytes(maxMb)) return { code: "file_too_large", params: { fileSize: maxMb }, field: IMAGE_FIELD };
  const ending = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0];
  const byName = ending === undefined || Object.values(IMAGE_TYPES).some((endings) => (endings as readonly string[]).includes(ending));
  const byType = file.type === "" || file.type === "application/octet-stream" || Object.hasOwn(IMAGE_TYPES, file.type);
  return byName && byType ? null : { code: "file_type", field: IMAGE_FIELD };
}
