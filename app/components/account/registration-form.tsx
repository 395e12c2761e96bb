// The registration form (spec §2, §4, §5): the register page's and the registration pop-up's.
// Each field is checked when it loses the focus (the password's confirmation once both are
// filled); the server checks everything again and its refusal shows at its field. The page's
// form posts as a document (it works without JavaScript); the pop-up's through a fetcher, and
// its answer replaces the form with the final step (spec §4).
import { type ComponentType, type ReactNode, useState } from "react";
import { ACCOUNT_NOTICES } from "../../../lib/account-notices.ts";
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import { inputProblem } from "../../../lib/errors/input.ts";
import { isRegistrationField, REGISTRATION_FIELDS, type RegistrationField, registrationProblem } from "../../../lib/registration.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useRootData } from "../../lib/frame.ts";
import { useT } from "../../lib/i18n.ts";
import { Link } from "../ui/router-link.tsx";
import { CaptchaField } from "../captcha/captcha-field.tsx";
import { TextField } from "./text-field.tsx";

/** What the register action answers a refused form: the refusal and the values to keep (never the passwords). */
export interface RegistrationReply {
  error?: ErrorDetail;
  values?: { firstname: string; lastname: string; email: string };
  subscribed?: boolean;
  /** "I am a member already" was ticked. */
  member?: boolean;
  done?: boolean;
}

type FormProps = { method: "post"; action: string; className: string; children: ReactNode };

export function RegistrationForm({
  Form,
  idPrefix,
  reply,
  hidden,
}: {
  /** The router's Form (the page) or a fetcher's (the pop-up). */
  Form: ComponentType<FormProps>;
  idPrefix: string;
  reply: RegistrationReply | undefined;
  /** Extra hidden fields (the pop-up asks for a data answer). */
  hidden?: Record<string, string>;
}) {
  const t = useT();
  const errorText = useErrorText();
  // The fields checked on blur, with the value each was checked at: a server's word on a field
  // edited since no longer applies.
  const [checked, setChecked] = useState<Partial<Record<RegistrationField, { value: string; error: ErrorDetail | null }>>>({});
  const serverField = reply?.error?.field && isRegistrationField(reply.error.field) ? reply.error.field : null;

  function judgeEvent(event: React.SyntheticEvent<HTMLDivElement>, whileTyping: boolean) {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !isRegistrationField(input.name) || !input.form) return;
    // Read field by field: `new FormData(form)` would fire the form's formdata event, which the
    // check against bots takes for a submission.
    const form = input.form;
    const values = Object.fromEntries(
      REGISTRATION_FIELDS.map((name) => {
        const element = form.elements.namedItem(name);
        return [name, element instanceof HTMLInputElement ? element.value : ""];
      }),
    ) as Record<RegistrationField, string>;
    const judge = (field: RegistrationField) => {
      const problem = registrationProblem(field, values);
      return { value: values[field] ?? "", error: problem ? { code: "invalid_input", params: inputProblem(problem), field } : null };
    };
    // While typing, a problem shown goes as soon as it is mended (so nothing moves under the
    // pointer when the field is left for the button), but no new one is shown before the field is left.
    if (whileTyping) {
      const mended = [input.name, ...(input.name === "newPassword" ? (["confirmPassword"] as const) : [])].filter(
        (name) => checked[name]?.error && !judge(name).error,
      );
      if (mended.length > 0) setChecked({ ...checked, ...Object.fromEntries(mended.map((name) => [name, judge(name)])) });
      return;
    }
    // A field left empty before anything was typed in it is not yet a problem.
    if (input.value === "" && !checked[input.name]) return;
    // Leaving the password judges the confirmation again too, once it is filled.
    const next = { ...checked, [input.name]: judge(input.name) };
    if (input.name === "newPassword" && values.confirmPassword) next.confirmPassword = judge("confirmPassword");
    setChecked(next);
  }

  const problem = (name: RegistrationField): string | null => {
    const own = checked[name];
    if (own?.error) return errorText(own.error);
    if (serverField === name && reply?.error && (!own || own.value === (reply.values as Record<string, string> | undefined)?.[name]))
      return errorText(reply.error);
    return null;
  };
  const field = (name: RegistrationField, label: string, type: string, autoComplete: string, hint?: string) => (
    <TextField
      id={`${idPrefix}-${name}`}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      hint={hint}
      problem={problem(name)}
      defaultValue={name === "firstname" || name === "lastname" || name === "email" ? reply?.values?.[name] : undefined}
    />
  );
  return (
    <Form method="post" action="/account/register" className="flex max-w-sm flex-col gap-4">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: blur and input bubble here from the fields; nothing to operate */}
      <div className="flex flex-col gap-4" onBlur={(event) => judgeEvent(event, false)} onInput={(event) => judgeEvent(event, true)}>
        {field("firstname", t("account.register.firstname"), "text", "given-name")}
        {field("lastname", t("account.register.lastname"), "text", "family-name")}
        {field("email", t("account.register.email"), "email", "email")}
        {field("newPassword", t("account.register.password"), "password", "new-password", t("account.register.passwordHint"))}
        {field("confirmPassword", t("account.register.confirm"), "password", "new-password")}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="is_subscribed" value="1" defaultChecked={reply?.subscribed} />
        {t("account.register.newsletter")}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="loyalty_member" value="1" defaultChecked={reply?.member} />
        {t("account.register.loyaltyMember")}
      </label>
      <CaptchaField />
      {reply?.error && !serverField ? (
        <p role="alert" className="rounded border border-sale bg-mist p-3 text-sm text-sale">
          {errorText(reply.error)}
        </p>
      ) : null}
      <button type="submit" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
        {t("account.register.submit")}
      </button>
    </Form>
  );
}

/** The final step (spec §4): the confirmation mail is on its way; the way to log in. */
export function RegistrationDone() {
  const t = useT();
  const root = useRootData();
  return (
    <>
      <p role="status" className="max-w-prose">
        {ACCOUNT_NOTICES.registered[root?.locale ?? "en"]}
      </p>
      <Link to="/account/login" className="mt-6 inline-block underline">
        {t("account.register.toLogin")}
      </Link>
    </>
  );
}
