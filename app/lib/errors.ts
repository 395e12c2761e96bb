// Errors on the pages: a code with parameters (from the API, a checkout action or the page's
// own field checks) worded by the one error catalogue (lib/errors) in the page's language,
// with amounts in the store's price format. Server text is never shown as it is.
import { useIntl } from "react-intl";
import { useRouteLoaderData } from "react-router";
import { type ErrorDetail, errorMessage } from "../../lib/errors/format.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import { LOCALE_CODES, type LocaleCode, LOCALES } from "../../lib/locales.ts";
import type { AddressProblem } from "../../lib/checkout.ts";
import type { RootData } from "../root.tsx";

/** A field problem of lib/validation.ts or lib/checkout.ts as an error. */
export const problemError = (problem: AddressProblem["problem"]): ErrorDetail => ({
  code: "invalid_input",
  params: inputProblem(problem),
});

export function useErrorText(): (error: ErrorDetail) => string {
  const root = useRouteLoaderData<RootData>("root");
  const intl = useIntl();
  const locale: LocaleCode = root?.locale ?? LOCALE_CODES.find((code) => LOCALES[code].iso === intl.locale) ?? "en";
  return (error) => errorMessage(error, locale, root?.price);
}
