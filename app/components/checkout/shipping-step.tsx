// Step 1 (spec §2, §5): the email for the confirmation, the shipping address and the
// shipping method. One plain POST (intent "shipping") saves address and method; the
// server answers with the billing step, or with this form again, values kept and the
// problems next to their fields. What is typed survives a reload until the step is saved
// (a draft in the tab's session storage; the checkout page drops it once step 1 is saved).
import { useEffect, useRef, useState } from "react";
import { Form } from "../ui/router-link.tsx";
import type { Cart, CartShippingAddress } from "../../../lib/cart-types.ts";
import { sameAddress } from "../../../lib/checkout.ts";
import type { SavedAddress } from "../../../server/customers/addresses.ts";
import { useFormDraft } from "../../lib/form-draft.ts";
import { useT } from "../../lib/i18n.ts";
import { useFormatPrice } from "../ui/price.tsx";
import { AddressFields, type Country, FieldError, focusFirstInvalid, FormMessage, SelectField, TextField } from "./fields.tsx";
import { type CheckoutFormResult, formState, type Message } from "./form-state.ts";
import { PickupPointChoice, type PointsNear, usePickupPointsNear } from "./pickup-point.tsx";
import { useCountryName } from "./postal-address.tsx";

/** A logged-in customer's part of step 1: the account's email and the address book. */
export interface CheckoutAccount {
  email: string;
  addresses: SavedAddress[];
}

/**
 * The saved address chosen at first: the one the cart already ships to, else the default
 * (spec: default preselected); "new" when the cart ships to an address not in the book.
 */
function firstChoice(book: SavedAddress[], current: CartShippingAddress | undefined): string {
  if (current) return String(book.find((a) => sameAddress(a, current))?.id ?? "new");
  return String(book.find((a) => a.default_shipping)?.id ?? book[0]?.id ?? "new");
}

const NO_POINTS: PointsNear = { postcode: null, points: [] };

/** "store_pickup" → "store-pickup": ids that Tailwind's arbitrary variants can name. */
export const methodId = (code: string) => `shipping-method-${code.replace(/_/g, "-")}`;

/** Step 1's draft, per cart: a prefix of the cart's id tells carts apart without keeping the whole key. */
export const shippingDraftKey = (cartId: string) => `checkout-shipping:${cartId.slice(0, 12)}`;

export function ShippingStep({
  cart,
  countries,
  defaultCountry,
  result,
  busy,
  pickupPoints = NO_POINTS,
  account = null,
}: {
  cart: Cart;
  countries: Country[];
  defaultCountry: string;
  result: CheckoutFormResult | undefined;
  busy: boolean;
  /** The pickup points near the saved shipping postcode (pickup_point method). */
  pickupPoints?: PointsNear;
  /** A logged-in customer: the confirmation goes to the account's email; saved addresses to choose from. */
  account?: CheckoutAccount | null;
}) {
  const t = useT();
  const format = useFormatPrice();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, values } = formState(result, "shipping");
  useFormDraft(formRef, shippingDraftKey(cart.id));
  const address = cart.shipping_addresses[0];
  const countryName = useCountryName();
  const book = account?.addresses ?? [];
  const chosenSaved = book.length === 0 ? "new" : values ? (values.saved_address ?? "new") : firstChoice(book, address);
  const value = (name: string): string => {
    if (values) return values[name] ?? "";
    // A saved address chosen: the new address's fields start empty.
    if (chosenSaved !== "new") return "";
    if (name === "email") return address?.email ?? cart.email ?? "";
    const saved = address?.[name as keyof typeof address];
    return typeof saved === "string" ? saved : "";
  };
  const chosenMethod = values ? (values.shipping_method ?? "") : (address?.selected_shipping_method?.method_code ?? "");
  const chosenStore = values ? (values.pickup_store ?? "") : (address?.pickup_store ?? "");
  const pointsNear = usePickupPointsNear(formRef, pickupPoints);
  const chosenPoint = values ? (values.pickup_point_id ?? "") : String(address?.pickup_point?.id ?? "");

  useEffect(() => {
    if (result?.intent === "shipping") focusFirstInvalid(formRef.current);
  }, [result]);

  const hasErrors = Object.keys(errors).length > 0;
  const methodError = errors.shipping_method;

  return (
    <Form method="post" noValidate ref={formRef} className="flex flex-col gap-8">
      <input type="hidden" name="intent" value="shipping" />
      {errors.form ? <FormMessage message={errors.form} /> : hasErrors ? <FormMessage message={{ key: "checkout.errors" }} /> : null}

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-lg font-semibold">{t("checkout.contact")}</legend>
        {account ? (
          <p className="text-sm">{t("checkout.accountEmail", { email: account.email })}</p>
        ) : (
          <TextField
            id="shipping-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="shipping email"
            label={t("checkout.field.email")}
            hint={t("checkout.field.emailHint")}
            defaultValue={value("email")}
            error={errors.email}
            maxLength={254}
            required
          />
        )}
      </fieldset>

      {book.length > 0 ? (
        // The address book as a radio group, "a new address" last; the new address's fields show
        // while it is chosen — by CSS, so it works without JavaScript too.
        <fieldset
          aria-invalid={errors.saved_address ? true : undefined}
          aria-describedby={errors.saved_address ? "saved-address-error" : undefined}
          className="group flex flex-col gap-3"
        >
          <legend className="mb-3 text-lg font-semibold">{t("checkout.shippingAddress")}</legend>
          <FieldError id="saved-address-error" error={errors.saved_address} />
          {[...book.map((a) => String(a.id)), "new"].map((choice) => {
            const saved = book.find((a) => String(a.id) === choice);
            const id = `saved-address-${choice}`;
            return (
              <label
                key={choice}
                htmlFor={id}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-line px-4 py-3 has-[:checked]:border-2 has-[:checked]:border-accent has-[:checked]:bg-accent/5"
              >
                <input
                  id={id}
                  type="radio"
                  name="saved_address"
                  value={choice}
                  defaultChecked={chosenSaved === choice}
                  className="mt-0.5 size-5 shrink-0 accent-accent"
                />
                {saved ? (
                  <span className="flex-1 text-sm">
                    <span className="block font-medium">
                      {`${saved.firstname} ${saved.lastname}`}
                      {saved.default_shipping ? (
                        <span className="ml-2 rounded-full bg-mist px-2 py-0.5 text-xs font-semibold">
                          {t("checkout.savedAddress.default")}
                        </span>
                      ) : null}
                    </span>
                    <span className="block">{[saved.company, saved.street].filter(Boolean).join(", ")}</span>
                    <span className="block">{`${saved.postcode} ${saved.city}, ${countryName(saved.country_code)}`}</span>
                  </span>
                ) : (
                  <span className="flex-1 font-medium">{t("checkout.savedAddress.new")}</span>
                )}
              </label>
            );
          })}
          <div className="mt-2 hidden gap-4 group-has-[#saved-address-new:checked]:grid sm:grid-cols-2">
            <AddressFields section="shipping" value={value} errors={errors} countries={countries} defaultCountry={defaultCountry} />
            <SaveToBook values={values} error={errors.save_address} />
          </div>
        </fieldset>
      ) : (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-lg font-semibold">{t("checkout.shippingAddress")}</legend>
          <AddressFields section="shipping" value={value} errors={errors} countries={countries} defaultCountry={defaultCountry} />
          {account ? <SaveToBook values={values} error={errors.save_address} /> : null}
        </fieldset>
      )}

      {/* A radio group: the fieldset's legend names it; its error is tied to the group and each radio. */}
      <fieldset
        aria-invalid={methodError ? true : undefined}
        aria-describedby={methodError ? "shipping-method-error" : undefined}
        className="group flex flex-col gap-3"
      >
        <legend id="shipping-method-legend" className="mb-3 text-lg font-semibold">
          {t("checkout.shippingMethod")}
        </legend>
        <FieldError id="shipping-method-error" error={methodError} />
        {cart.available_shipping_methods.map((method) => {
          const id = methodId(method.method_code);
          return (
            <div key={method.method_code}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-line px-4 py-3 has-[:checked]:border-2 has-[:checked]:border-accent has-[:checked]:bg-accent/5"
              >
                <input
                  id={id}
                  type="radio"
                  name="shipping_method"
                  value={method.method_code}
                  defaultChecked={chosenMethod === method.method_code}
                  aria-describedby={methodError ? "shipping-method-error" : undefined}
                  className="size-5 shrink-0 accent-accent"
                />
                <span className="flex-1 font-medium">{method.method_title}</span>
                <span className="tabular-nums">
                  {method.amount.value === 0 ? t("checkout.shippingMethod.free") : format(method.amount.value)}
                </span>
              </label>
              {method.pickup_stores ? (
                // Shown while store pickup is chosen — by CSS, so it works without JavaScript too.
                <div className={`mt-3 ml-4 hidden ${pickupVisible(id)}`}>
                  <SelectField
                    id="shipping-pickup-store"
                    name="pickup_store"
                    label={t("checkout.pickupStore")}
                    defaultValue={chosenStore}
                    error={errors.pickup_store}
                    required
                  >
                    <option value="">{t("checkout.pickupStore.choose")}</option>
                    {method.pickup_stores.map((s) => (
                      <option key={s.code} value={s.code}>
                        {`${s.name}, ${s.address}`}
                      </option>
                    ))}
                  </SelectField>
                </div>
              ) : null}
              {method.method_code === "pickup_point" ? (
                // Shown while the pickup point method is chosen, by CSS as the store select above.
                <div className={`mt-3 ml-4 hidden ${pickupVisible(id)}`}>
                  <PickupPointChoice
                    points={pointsNear.points}
                    postcode={pointsNear.postcode}
                    chosen={chosenPoint}
                    error={errors.pickup_point_id}
                  />
                </div>
              ) : null}
            </div>
          );
        })}
      </fieldset>

      <button
        type="submit"
        disabled={busy}
        className="self-stretch rounded-full bg-accent px-8 py-3.5 text-base font-semibold text-white hover:bg-accent-dark disabled:opacity-70 sm:self-start"
      >
        {busy ? t("checkout.saving") : t("checkout.continue")}
      </button>
    </Form>
  );
}

/** The class that shows the pickup-store select (or the pickup points) while its radio is checked. */
function pickupVisible(radioId: string): string {
  // Spelled out: Tailwind finds classes by reading the source.
  if (radioId === "shipping-method-pickup-point") return "group-has-[#shipping-method-pickup-point:checked]:block";
  return radioId === "shipping-method-store-pickup" ? "group-has-[#shipping-method-store-pickup:checked]:block" : "";
}

/**
 * A customer's "save to my address book" for a new address (unticked unless the shopper ticked it).
 * Its rule (a full address book) is said again as the box changes (spec §5: a checkbox is checked
 * on change): unticked, it is no problem; ticked again, the server's word stands.
 */
function SaveToBook({ values, error }: { values: Record<string, string> | undefined; error: Message | undefined }) {
  const t = useT();
  const [ticked, setTicked] = useState(values?.save_address === "on");
  const shown = ticked ? error : undefined;
  return (
    <div className="text-sm sm:col-span-2">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="save_address"
          defaultChecked={values?.save_address === "on"}
          onChange={(event) => setTicked(event.currentTarget.checked)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? "save-address-error" : undefined}
          className="mt-0.5 size-5 shrink-0 accent-accent"
        />
        {t("checkout.savedAddress.save")}
      </label>
      <FieldError id="save-address-error" error={shown} />
    </div>
  );
}
