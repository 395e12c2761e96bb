// A guest finds their order (decision 0081): its number, their email and the postcode it went
// to. A match keeps the order's pass in an HttpOnly cookie for an hour and opens the order's
// page; every miss is the same message (the lookup tells nothing about other orders), and too
// many tries from one address wait (429 with Retry-After).
import { data, redirect, useActionData } from "react-router";
import { orderPassCookie } from "../../lib/cookies.ts";
import { isAppError, privatePageHeaders, retryAfterHeader } from "../../server/errors.ts";
import { TextField } from "../components/account/text-field.tsx";
import { AccountNotices } from "../components/account/notices.tsx";
import { Screen } from "../components/ui/screen.tsx";
import { Form } from "../components/ui/router-link.tsx";
import { shopContext } from "../context.ts";
import { useErrorText } from "../lib/errors.ts";
import { useT } from "../lib/i18n.ts";
import type { Route } from "./+types/order-lookup";

const field = (form: FormData, name: string) => String(form.get(name) ?? "").slice(0, 254);

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const form = await request.formData();
  const input = { order_number: field(form, "order_number"), email: field(form, "email"), postcode: field(form, "postcode") };
  try {
    const { order, pass } = await shop.services.orderLookup.find(shop.store, input, shop.clientAddress);
    throw redirect(`/order-lookup/${encodeURIComponent(order.order_number)}`, {
      headers: { "Set-Cookie": orderPassCookie(request, pass) },
    });
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return data(
      { error: { code: error.code, params: error.params }, values: input },
      { status: error.status, headers: retryAfterHeader(error.status, error.params) },
    );
  }
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return privatePageHeaders(actionHeaders);
}

export default function OrderLookup() {
  const t = useT();
  const errorText = useErrorText();
  const result = useActionData<typeof action>();
  const problem = result?.error ? errorText(result.error) : null;
  return (
    <Screen title={t("orderLookup.title")} lead={t("orderLookup.lead")}>
      <AccountNotices />
      {problem ? (
        <p role="alert" className="mb-4 rounded border border-sale bg-mist p-3 text-sm text-sale">
          {problem}
        </p>
      ) : null}
      <Form method="post" className="flex max-w-sm flex-col gap-4">
        <TextField
          id="lookup-number"
          name="order_number"
          label={t("orderLookup.number")}
          autoComplete="off"
          defaultValue={result?.values.order_number}
        />
        <TextField
          id="lookup-email"
          name="email"
          type="email"
          label={t("orderLookup.email")}
          autoComplete="email"
          defaultValue={result?.values.email}
        />
        <TextField
          id="lookup-postcode"
          name="postcode"
          label={t("orderLookup.postcode")}
          autoComplete="postal-code"
          inputMode="numeric"
          defaultValue={result?.values.postcode}
        />
        <button type="submit" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
          {t("orderLookup.submit")}
        </button>
      </Form>
    </Screen>
  );
}
