// The CMS forms' own fields beside the account forms' TextField: a message box and an image
// picker, labelled the same way (hint and problem described by the field, never its name).
import type { ChangeEvent } from "react";

const BOX = "mt-1 block w-full rounded border border-line px-3 py-2 focus:border-accent aria-[invalid=true]:border-sale";

const describedBy = (id: string, hint?: string, problem?: string | null) =>
  [hint ? `${id}-hint` : "", problem ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

function After({ id, hint, problem }: { id: string; hint?: string; problem?: string | null }) {
  return (
    <>
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
    </>
  );
}

export function TextArea({
  id,
  name,
  label,
  problem,
  defaultValue,
  maxLength,
}: {
  id: string;
  name: string;
  label: string;
  problem?: string | null;
  defaultValue?: string;
  maxLength: number;
}) {
  return (
    <div className="text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        required
        rows={6}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy(id, undefined, problem)}
        className={`${BOX} resize-y`}
      />
      <After id={id} problem={problem} />
    </div>
  );
}

export function ImageField({
  id,
  name,
  label,
  hint,
  accept,
  problem,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  accept: string;
  problem?: string | null;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className="text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        onChange={onChange}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy(id, hint, problem)}
        className="mt-1 block w-full text-sm font-normal file:mr-3 file:rounded-full file:border file:border-line file:bg-paper file:px-4 file:py-2 file:font-medium hover:file:bg-mist"
      />
      <After id={id} hint={hint} problem={problem} />
    </div>
  );
}
