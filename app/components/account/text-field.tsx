// A labelled field of the account forms: its hint and its problem (worded by the error
// catalogue) are described by the field, not part of its name, and mark it invalid.
const INPUT = "mt-1 block w-full rounded border border-line px-3 py-2 focus:border-accent aria-[invalid=true]:border-sale";

export function TextField({
  id,
  name,
  label,
  type = "text",
  autoComplete,
  hint,
  problem,
  defaultValue,
  required = true,
  inputMode,
}: {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
  problem?: string | null;
  defaultValue?: string;
  required?: boolean;
  inputMode?: "text" | "email" | "tel" | "numeric";
}) {
  const describedBy = [hint ? `${id}-hint` : "", problem ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        name={name}
        autoComplete={autoComplete}
        required={required}
        inputMode={inputMode}
        defaultValue={defaultValue}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        className={INPUT}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 font-normal text-muted">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} className="mt-1 font-normal text-sale">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
