// The customer's details (spec §2 /account/edit/user-info, §5, §8): names, email, telephone and
// birthday. With JavaScript each field is checked when it loses the focus (spec §5's rules,
// lib/customer-details.ts); the action checks them all always, so it works without it. Changing
// the email asks for the current password; a form sent unchanged says 'No changes have been
// made'. Behind login (the account layout's guards); private.
import { useState } from "react";
import { data, redirect, useActionData, useLocation } from "react-router";
import { Form } from "../../components/ui/router-link.tsx";
import { DETAILS_FIELDS, type DetailsField, detailsProblem } from "../../../lib/customer-details.ts";
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import { inputProblem } from "../../../lib/errors/input.ts";
import { saveDetails } from "../../../server/customers/profile-forms.ts";
import { ownerOf } from "../../../server/identity.ts";
import { AccountNotices } from "../../components/account/notices.tsx";
import { TextField } from "../../components/account/text-field.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { shopContext } from "../../context.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/edit-user-info.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  return { details: await shop.services.profile.details(ownerOf(await shop.shopper)) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const form = await request.formData();
  const outcome = await saveDetails(shop.services, await shop.shopper, form);
  if (outcome.ok) throw redirect(`/account/edit/user-info?notice=${outcome.value ? "detailsSaved" : "noChanges"}`);
  // What was typed comes back; the password never does.
  const values = Object.fromEntries(DETAILS_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
  return data({ errors: outcome.errors, values }, { status: outcome.status });
}

const isDetailsField = (name: string): name is DetailsField => (DETAILS_FIELDS as readonly string[]).includes(name);

type Checked = Partial<Record<DetailsField, { value: string; error: ErrorDetail | null }>>;

export default function EditUserInfo({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const result = useActionData<typeof action>();
  const { key } = useLocation();
  const { details } = loaderData;
  // Checks made since the server's last answer: a new answer is the one to show until a field is checked again.
  const [checks, setChecks] = useState<{ answer: unknown; fields: Checked }>({ answer: result, fields: {} });
  const checked = checks.answer === result ? checks.fields : {};

  const sent = (name: DetailsField): string => result?.values[name] ?? details[name] ?? "";
  const problem = (name: DetailsField | "currentPassword"): string | null => {
    const own = name === "currentPassword" ? undefined : checked[name];
    if (own?.error) return errorText(own.error);
    // Changed since it was sent: the server's word on the old value no longer applies.
    if (own && name !== "currentPassword" && own.value !== sent(name)) return null;
    const error = result?.errors[name];
    return error ? errorText(error) : null;
  };
  const elsewhere = result?.errors.form ? errorText(result.errors.form) : null;

  // Spec §5: a field is checked when it loses the focus (React's onBlur bubbles from the inputs).
  function checkOnBlur(event: React.FocusEvent<HTMLFormElement>) {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !isDetailsField(input.name)) return;
    const found = detailsProblem(input.name, input.value);
    const error: ErrorDetail | null = found ? { code: "invalid_input", params: inputProblem(found), field: input.name } : null;
    setChecks({ answer: result, fields: { ...checked, [input.name]: { value: input.value, error } } });
  }

  return (
    <Screen title={t("account.userInfo.title")} lead={t("account.userInfo.lead")}>
      <AccountNotices />
      <Form key={key} method="post" noValidate onBlur={checkOnBlur} className="flex max-w-md flex-col gap-4">
        <TextField
          id="details-firstname"
          name="firstname"
          label={t("account.userInfo.firstname")}
          autoComplete="given-name"
          defaultValue={sent("firstname")}
          problem={problem("firstname")}
        />
        <TextField
          id="details-lastname"
          name="lastname"
          label={t("account.userInfo.lastname")}
          autoComplete="family-name"
          defaultValue={sent("lastname")}
          problem={problem("lastname")}
        />
        <TextField
          id="details-email"
          name="email"
          type="email"
          label={t("account.userInfo.email")}
          autoComplete="email"
          defaultValue={sent("email")}
          problem={problem("email")}
        />
        <TextField
          id="details-telephone"
          name="telephone"
          type="tel"
          inputMode="tel"
          label={t("account.userInfo.telephone")}
          autoComplete="tel"
          defaultValue={sent("telephone")}
          problem={problem("telephone")}
          required={false}
        />
        <TextField
          id="details-birthday"
          name="birthday"
          label={t("account.userInfo.birthday")}
          hint={t("account.userInfo.birthdayHint")}
          autoComplete="bday"
          defaultValue={sent("birthday")}
          problem={problem("birthday")}
          required={false}
        />
        <TextField
          id="details-current-password"
          name="currentPassword"
          type="password"
          label={t("account.userInfo.currentPassword")}
          hint={t("account.userInfo.currentPasswordHint")}
          autoComplete="current-password"
          problem={problem("currentPassword")}
          required={false}
        />
        {elsewhere ? (
          <p role="alert" className="rounded border border-sale bg-mist p-3 text-sm text-sale">
            {elsewhere}
          </p>
        ) : null}
        <button type="submit" className="self-start rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
          {t("account.userInfo.submit")}
        </button>
      </Form>
    </Screen>
  );
}
