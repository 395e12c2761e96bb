// Labelled form controls of the checkout: the label above, an optional hint, and the
// error right below the control, tied to it with aria-invalid and aria-describedby.
// Uncontrolled (defaultValue), so a plain form post works without JavaScript.
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n.ts";
import { type Message, useMessage } from "./form-state.ts";

export const inputClass =
  "mt-1 block w-full rounded-md border border-muted bg-paper px-3 py-2.5 text-base text-ink aria-[invalid=true]:border-2 aria-[invalid=true]:border-sale";

export function FieldError({ id, error }: { id: string; error: Message | undefined }) {
  const text = useMessage();
  if (!error) return null;
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm font-medium text-sale">
      <span aria-hidden="true">!</span>
      {text(error)}
    </p>
  );
}

function describedBy(...ids: (string | false | undefined)[]) {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

interface FieldProps {
  id: string;
  name: string;
  label: string;
  error?: Message;
  hint?: string;
  defaultValue?: string;
  required?: boolean;
  className?: string;
}

export function TextField({
  id,
  name,
  label,
  error,
  hint,
  defaultValue,
  required = false,
  className = "",
  type = "text",
  autoComplete,
  inputMode,
  maxLength,
}: FieldProps & {
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  maxLength?: number;
}) {
  return (
    <div className={`text-sm ${className}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        defaultValue={defaultValue ?? ""}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        className={inputClass}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function SelectField({
  id,
  name,
  label,
  error,
  hint,
  defaultValue,
  required = false,
  className = "",
  autoComplete,
  children,
}: FieldProps & { autoComplete?: string; children: ReactNode }) {
  return (
    <div className={`text-sm ${className}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-muted">
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        name={name}
        autoComplete={autoComplete}
        defaultValue={defaultValue ?? ""}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        className={inputClass}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The form's own message box: errors (role=alert) or notices. */
export function FormMessage({
  message,
  tone = "error",
  polite = false,
}: {
  message: Message | undefined;
  tone?: "error" | "notice";
  /** Said without interrupting (role=status): news that asks nothing of the shopper. */
  polite?: boolean;
}) {
  const text = useMessage();
  if (!message) return null;
  return (
    <p
      role={polite ? "status" : "alert"}
      className={`rounded-md border-l-4 px-4 py-3 text-sm font-medium ${
        tone === "error" ? "border-sale bg-sale/10 text-sale" : "border-accent bg-mist text-ink"
      }`}
    >
      {text(message)}
    </p>
  );
}

/** The first field with a problem gets the focus after a failed submit (with JavaScript). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  // A radio group is marked on its fieldset: focus its checked (or first) radio.
  const target =
    first.tagName === "FIELDSET"
      ? (first.querySelector<HTMLInputElement>("input:checked") ?? first.querySelector<HTMLInputElement>("input"))
      : first;
  target?.focus();
}

export interface Country {
  id: string;
  full_name_locale: string;
}

const ADDRESS_PARTS = [
  ["firstname", "given-name", {}],
  ["lastname", "family-name", {}],
  ["street", "street-address", { className: "sm:col-span-2" }],
  ["postcode", "postal-code", {}],
  ["city", "address-level2", {}],
  ["country_code", "country", {}],
  ["telephone", "tel", { type: "tel", inputMode: "tel" }],
] as const;

export type AddressPart = (typeof ADDRESS_PARTS)[number][0];

/**
 * The fields of one postal address, for the shipping or the billing section: ids and
 * autocomplete tokens name the section, form names carry `prefix` so that both addresses
 * can travel in one form.
 */
export function AddressFields({
  section,
  prefix = "",
  value,
  errors,
  countries,
  defaultCountry,
}: {
  section: "shipping" | "billing";
  prefix?: string;
  value: (field: AddressPart) => string;
  errors: Record<string, Message | undefined>;
  countries: Country[];
  defaultCountry: string;
}) {
  const t = useT();
  return ADDRESS_PARTS.map(([field, token, extra]) => {
    const props = {
      id: `${section}-${field.replace("_code", "")}`,
      name: `${prefix}${field}`,
      autoComplete: `${section} ${token}`,
      label: t(field === "country_code" ? "checkout.field.country" : `checkout.field.${field}`),
      error: errors[`${prefix}${field}`],
      required: true,
    };
    if (field !== "country_code") return <TextField key={field} {...props} {...extra} defaultValue={value(field)} />;
    return (
      <SelectField key={field} {...props} defaultValue={value(field) || defaultCountry}>
        {countries.map((c) => (
          <option key={c.id} value={c.id}>
            {c.full_name_locale}
          </option>
        ))}
      </SelectField>
    );
  });
}
