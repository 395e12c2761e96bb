// The frame every CMS form shares (docs/decisions/0028): a plain multipart POST to its page
// action /forms/<kind> that works without JavaScript (success comes back to this page as
// `?sent=<kind>`, a refusal renders /forms/<kind> with the problems at their fields and the
// typed values kept); with JavaScript a fetcher sends the same form and the states stay in
// place: idle → loading → idle (spec §4), the success message, or spec §8's failure with each
// problem at its field. The browser checks the fields first by the rules the server applies.
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useActionData, useFetcher, useLocation, useSearchParams } from "react-router";
import type { FieldProblem } from "../../../../lib/cms-forms.ts";
import type { ErrorDetail } from "../../../../lib/errors/format.ts";
import { useErrorText } from "../../../lib/errors.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { useT } from "../../../lib/i18n.ts";
import { CaptchaField } from "../../captcha/captcha-field.tsx";

export type PageFormKind = "contact" | "accessibility-feedback" | "newsletter";

/** The page action's answer (app/routes/forms.tsx). */
export type FormReply =
  | { kind: PageFormKind; ok: true }
  | { kind: PageFormKind; ok: false; error: ErrorDetail; values: Record<string, string> };

export interface FormHelpers {
  /** The id of a field's control (its label, hint and problem hang on it). */
  id(field: string): string;
  /** The problem of a field, worded; null when it has none. */
  problem(field: string): string | null;
  /** The value typed before a refusal without JavaScript. */
  value(field: string): string | undefined;
  /** Marks a field's problem found while typing or choosing (the image's size), or clears it. */
  setProblem(field: string, error: ErrorDetail | null): void;
  /** What every text control of a field takes: its id, name, problem and value typed before. */
  field(name: string): { id: string; name: string; problem: string | null; defaultValue: string | undefined };
}

/** This page without an earlier outcome: where the no-JavaScript answer comes back to. */
function fromOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("sent");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function CmsForm({
  kind,
  title,
  description,
  sentText,
  submitLabel,
  check,
  children,
}: {
  kind: PageFormKind;
  /** The block's title, as the form's heading. */
  title?: string;
  /** The block's description (rendered rich text) or a lead. */
  description?: ReactNode;
  sentText: string;
  submitLabel: string;
  /** The browser's checks of the form before it is sent: every problem at once. */
  check: (form: HTMLFormElement) => FieldProblem[];
  children: (helpers: FormHelpers) => ReactNode;
}) {
  const t = useT();
  const errorText = useErrorText();
  const hydrated = useHydrated();
  const fetcher = useFetcher<FormReply>();
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const uid = useId();
  const pageReply = useActionData() as FormReply | undefined;
  const earlier = pageReply?.kind === kind ? pageReply : undefined;
  const [reply, setReply] = useState<FormReply | undefined>(earlier);
  const [problems, setProblems] = useState<Record<string, ErrorDetail>>(() =>
    earlier && !earlier.ok && earlier.error.field ? { [earlier.error.field]: earlier.error } : {},
  );
  const sending = fetcher.state !== "idle";

  const id = (field: string) => `${uid}-${field}`;
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    setReply(answer);
    // The answer of the check against bots is spent either way: the next try needs a new one.
    form.current?.querySelector<HTMLElement & { reset?: () => void }>("altcha-widget")?.reset?.();
    if (answer.ok) {
      form.current?.reset();
      setProblems({});
      // The thanks is said above the form: bring it into view from the button.
      requestAnimationFrame(() => outcome.current?.scrollIntoView({ block: "nearest" }));
    } else {
      const field = answer.error.field;
      setProblems(field ? { [field]: answer.error } : {});
      const control = field ? document.getElementById(`${uid}-${field}`) : null;
      (control ?? alert.current)?.focus();
    }
  }, [fetcher.state, fetcher.data, uid]);

  const failed = reply && !reply.ok ? reply : null;
  const sent = (reply?.ok ?? false) || (!reply && params.get("sent") === kind);
  const problem = (field: string) => (problems[field] ? errorText(problems[field]) : null);
  const value = (field: string) => (failed ? failed.values[field] : undefined);
  const helpers: FormHelpers = {
    id,
    problem,
    value,
    field: (name) => ({ id: id(name), name, problem: problem(name), defaultValue: value(name) }),
    setProblem: (field, error) =>
      setProblems((current) => {
        const { [field]: _, ...rest } = current;
        return error ? { ...rest, [field]: error } : rest;
      }),
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = check(event.currentTarget);
    if (found.length === 0) {
      setProblems({});
      setReply(undefined);
      return;
    }
    event.preventDefault();
    setProblems(Object.fromEntries(found.map((p) => [p.field, p.error])));
    setReply({ kind, ok: false, error: { code: "form_failed" }, values: {} });
    document.getElementById(id(found[0]?.field ?? ""))?.focus();
  }

  // A refusal not about one field (the check against bots, a limit) is said under the general failure.
  const general = failed && !failed.error.field && failed.error.code !== "form_failed" ? errorText(failed.error) : null;
  const titleId = `${uid}-title`;
  const Frame = title ? "section" : "div";
  return (
    // A region when the block gives it a title; on its own page the page's heading says what it is.
    <Frame id={`form-${kind}`} aria-labelledby={title ? titleId : undefined} data-form={kind} className="max-w-xl scroll-mt-24">
      {title ? (
        <h2 id={titleId} className="text-2xl font-semibold tracking-tight">
          {title}
        </h2>
      ) : null}
      {description ? <div className="mt-2 text-muted">{description}</div> : null}
      {/* The outcome above the form: where a page without JavaScript comes back to (#form-<kind>). */}
      <div ref={outcome} className="scroll-mt-24">
        {sent ? (
          <p role="status" className="mt-4 rounded bg-mist p-3 text-sm">
            {sentText}
          </p>
        ) : null}
        {failed ? (
          <p ref={alert} tabIndex={-1} role="alert" className="mt-4 rounded border border-sale bg-mist p-3 text-sm text-sale">
            {errorText({ code: "form_failed" })}
            {general ? <span className="mt-1 block">{general}</span> : null}
          </p>
        ) : null}
      </div>
      <fetcher.Form
        ref={form}
        method="post"
        action={`/forms/${kind}${hydrated ? "?reply=data" : ""}`}
        encType="multipart/form-data"
        noValidate={hydrated}
        aria-busy={sending}
        onSubmit={onSubmit}
        className="mt-4 flex flex-col gap-4"
      >
        <input type="hidden" name="from" value={fromOf(pathname, search)} />
        {children(helpers)}
        <CaptchaField />
        <button
          type="submit"
          disabled={sending}
          className="self-start rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark disabled:opacity-70"
        >
          {sending ? t("forms.sending") : submitLabel}
        </button>
      </fetcher.Form>
    </Frame>
  );
}
