// Errors on the pages: a code with parameters (from the API, a checkout action or the page's
// own field checks) worded by the one error catalogue (lib/errors) in the page's language,
// with amounts in the store's price format. Server text is never shown as it is.
import { type ErrorDetail, errorMessage } from "../../lib/errors/format.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import type { AddressProblem } from "../../lib/checkout.ts";
import { useTexts } from "./i18n.ts";
import { useRootData } from "./frame.ts";

/** A field problem of lib/validation.ts or lib/checkout.ts as an error. */
export const problemError = (problem: AddressProblem["problem"]): ErrorDetail => ({
  code: "invalid_input",
  params: inputProblem(problem),
});

export function useErrorText(): (error: ErrorDetail) => string {
  const root = useRootData();
  const { locale } = useTexts();
  return (error) => errorMessage(error, locale, root?.price);
}
