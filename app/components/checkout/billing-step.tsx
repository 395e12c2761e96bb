// Step 2 (spec §4, §5): billing address (the shipping address, or another one), company
// and VAT ID, the payment methods the cart may use, and "Place order". One plain POST
// (intent "place") saves the billing details and places the order; card payments go on
// to the provider's page.
import { useEffect, useRef } from "react";
import { Form, Link } from "../ui/router-link.tsx";
import type { Cart, CartShippingAddress } from "../../../lib/cart-types.ts";
import type { PaymentMethodCode } from "../../../lib/checkout.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import { useT } from "../../lib/i18n.ts";
import { useFormatPrice } from "../ui/price.tsx";
import { PostalAddress } from "./postal-address.tsx";
import { AddressFields, type Country, FieldError, focusFirstInvalid, FormMessage, TextField } from "./fields.tsx";
import { PickupPointLines } from "./pickup-point.tsx";
import { type CheckoutFormResult, formState } from "./form-state.ts";

const ADDRESS_KEYS = ["firstname", "lastname", "street", "postcode", "city", "country_code", "telephone"] as const;

/** Whether the billing address is the shipping address (company and VAT ID aside). */
export function billingIsShipping(cart: Cart): boolean {
  const shipping = cart.shipping_addresses[0];
  const billing = cart.billing_address;
  if (cart.billing_same_as_shipping || !billing || !shipping) return true;
  return ADDRESS_KEYS.every((k) => (billing[k] ?? "") === (shipping[k] ?? ""));
}

const PAYMENT_HINTS: Record<PaymentMethodCode, MessageKey> = {
  card: "checkout.payment.card",
  invoice: "checkout.payment.invoice",
  free: "checkout.payment.free",
};

/** What became of a card payment the shopper came back from unpaid. */
export type PaymentNotice = "failed" | "canceled" | null;

function DeliveryRecap({ address }: { address: CartShippingAddress }) {
  const t = useT();
  const format = useFormatPrice();
  const method = address.selected_shipping_method;
  const store = method?.pickup_stores?.find((s) => s.code === address.pickup_store);
  return (
    <section aria-labelledby="delivery-recap-title" className="rounded-lg border border-line p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="delivery-recap-title" className="text-base font-semibold">
          {t("checkout.delivery")}
        </h3>
        <Link to="/checkout?step=shipping" className="font-medium text-accent underline underline-offset-4 hover:text-accent-dark">
          {t("checkout.editShipping")}
        </Link>
      </div>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <PostalAddress address={address} extra={[address.telephone, address.email]} />
        {method ? (
          <p>
            <span className="font-medium">{method.method_title}</span>
            {" · "}
            {method.amount.value === 0 ? t("checkout.shippingMethod.free") : format(method.amount.value)}
            {store ? (
              <>
                <br />
                {store.name}, {store.address}
              </>
            ) : null}
            {address.pickup_point ? <PickupPointLines point={address.pickup_point} /> : null}
          </p>
        ) : null}
      </div>
    </section>
  );
}

export function BillingStep({
  cart,
  countries,
  defaultCountry,
  invoiceMinimum,
  businessPercent,
  payment,
  result,
  busy,
}: {
  cart: Cart;
  countries: Country[];
  defaultCountry: string;
  /** The invoice minimum, formatted ("50,00 €"). */
  invoiceMinimum: string;
  businessPercent: number;
  payment: PaymentNotice;
  result: CheckoutFormResult | undefined;
  busy: boolean;
}) {
  const t = useT();
  const format = useFormatPrice();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, values, notice } = formState(result, "place");
  const shipping = cart.shipping_addresses[0];
  const billing = cart.billing_address;
  const same = values ? values.billing_same === "on" : billingIsShipping(cart);
  const other = (name: (typeof ADDRESS_KEYS)[number]): string => {
    if (values) return values[`billing_${name}`] ?? "";
    return !billingIsShipping(cart) ? (billing?.[name] ?? "") : "";
  };
  const business = (name: "company" | "vat_id"): string => (values ? (values[name] ?? "") : (billing?.[name] ?? ""));
  const methods = cart.available_payment_methods;
  const chosen = values?.payment_method ?? cart.selected_payment_method?.code ?? methods[0]?.code ?? "";
  const invoiceMissing = methods.length > 0 && !methods.some((m) => m.code === "invoice" || m.code === "free");

  useEffect(() => {
    if (result?.intent === "place") focusFirstInvalid(formRef.current);
  }, [result]);

  const hasFieldErrors = Object.keys(errors).some((k) => k !== "form");
  const paymentError = errors.payment_method;

  return (
    <div className="flex flex-col gap-8">
      {shipping ? <DeliveryRecap address={shipping} /> : null}
      <Form method="post" noValidate ref={formRef} className="flex flex-col gap-8">
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="expected_total" value={String(cart.prices.grand_total.value)} />
        {payment === "failed" && !result ? <FormMessage message={{ error: { code: "payment_failed" } }} /> : null}
        {payment === "canceled" && !result ? <FormMessage message={{ key: "checkout.paymentCanceled" }} tone="notice" polite /> : null}
        <FormMessage message={notice} tone="notice" />
        <FormMessage message={errors.form ?? (hasFieldErrors ? { key: "checkout.errors" } : undefined)} />

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 text-lg font-semibold">{t("checkout.billingAddress")}</legend>
          <div className="group flex flex-col gap-4">
            <label htmlFor="billing-same" className="flex cursor-pointer items-start gap-3 text-sm font-medium">
              <input
                id="billing-same"
                type="checkbox"
                name="billing_same"
                defaultChecked={same}
                aria-controls="billing-other"
                className="mt-0.5 size-5 shrink-0 accent-accent"
              />
              {t("checkout.billingSame")}
            </label>
            {/* Another address, while the box is unticked — by CSS, so it works without JavaScript too. */}
            <div id="billing-other" className="grid gap-4 group-has-[#billing-same:checked]:hidden sm:grid-cols-2">
              <AddressFields
                section="billing"
                prefix="billing_"
                value={other}
                errors={errors}
                countries={countries}
                defaultCountry={defaultCountry}
              />
            </div>
          </div>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-lg font-semibold">{t("checkout.business")}</legend>
          <p className="text-sm text-muted sm:col-span-2">{t("checkout.field.vatIdHint", { percent: businessPercent })}</p>
          <TextField
            id="billing-company"
            name="company"
            autoComplete="billing organization"
            label={t("checkout.field.company")}
            defaultValue={business("company")}
            error={errors.company}
            maxLength={100}
          />
          <TextField
            id="billing-vat-id"
            name="vat_id"
            autoComplete="off"
            label={t("checkout.field.vatId")}
            defaultValue={business("vat_id")}
            error={errors.vat_id}
            maxLength={40}
          />
        </fieldset>

        <fieldset
          aria-invalid={paymentError ? true : undefined}
          aria-describedby={paymentError ? "payment-method-error" : undefined}
          className="flex flex-col gap-3"
        >
          <legend id="payment-method-legend" className="mb-3 text-lg font-semibold">
            {t("checkout.payment")}
          </legend>
          <FieldError id="payment-method-error" error={paymentError} />
          {methods.map((method) => {
            const id = `payment-method-${method.code}`;
            return (
              <label
                key={method.code}
                htmlFor={id}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-line px-4 py-3 has-[:checked]:border-2 has-[:checked]:border-accent has-[:checked]:bg-accent/5"
              >
                <input
                  id={id}
                  type="radio"
                  name="payment_method"
                  value={method.code}
                  defaultChecked={chosen === method.code}
                  aria-describedby={[paymentError ? "payment-method-error" : "", `${id}-hint`, invoiceMissing ? "invoice-minimum" : ""]
                    .filter(Boolean)
                    .join(" ")}
                  className="mt-0.5 size-5 shrink-0 accent-accent"
                />
                <span className="flex flex-col">
                  <span className="font-medium">{method.title}</span>
                  <span id={`${id}-hint`} className="text-sm text-muted">
                    {t(PAYMENT_HINTS[method.code])}
                  </span>
                </span>
              </label>
            );
          })}
          {invoiceMissing ? (
            <p id="invoice-minimum" className="text-sm text-muted" data-testid="invoice-minimum">
              {t("checkout.invoiceMinimum", { amount: invoiceMinimum })}
            </p>
          ) : null}
        </fieldset>

        <div className="flex flex-col gap-4 border-t border-line pt-6">
          <p className="flex items-baseline justify-between gap-4 text-lg font-semibold">
            <span>{t("checkout.totalToPay")}</span>
            <span className="tabular-nums">{format(cart.prices.grand_total.value)}</span>
          </p>
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-accent px-8 py-3.5 text-base font-semibold text-white hover:bg-accent-dark disabled:opacity-70 sm:self-end"
          >
            {busy ? t("checkout.placing") : t("checkout.place")}
          </button>
        </div>
      </Form>
    </div>
  );
}
