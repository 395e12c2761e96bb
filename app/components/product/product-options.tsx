// Gift-card amount and details, and custom options (engraving, gift wrap) on a product
// page. Fields are checked when they lose focus, with the spec §5 messages.
import { useId, useState } from "react";
import { CUSTOM_OPTION_FIELD } from "../../../lib/add-to-cart-form.ts";
import type { CustomOption, ProductDetails } from "../../../lib/catalog-types.ts";
import { type GiftCardOption, giftCardOptionProblem, giftCardOptions } from "../../../lib/gift-card-options.ts";
import { check, type Problem } from "../../../lib/validation.ts";
import { problemError, useErrorText } from "../../lib/errors.ts";
import { useRootData } from "../../lib/frame.ts";
import { useT } from "../../lib/i18n.ts";
import { useFormatPrice } from "../ui/price.tsx";

const input = "mt-1 block w-full rounded border border-line px-3 py-2 aria-[invalid=true]:border-sale";

function Field({
  label,
  name,
  type = "text",
  rules,
  multiline = false,
  autoComplete,
  defaultValue,
}: {
  label: string;
  name: string;
  type?: string;
  rules: ((value: string) => Problem | null)[];
  multiline?: boolean;
  autoComplete?: string;
  /** What the shopper had typed (the form came back refused). */
  defaultValue?: string;
}) {
  const errorText = useErrorText();
  const id = useId();
  const [problem, setProblem] = useState<Problem | null>(null);
  const onBlur = (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => setProblem(check(event.target.value, ...rules));
  const shared = {
    id,
    name,
    defaultValue,
    onBlur,
    "aria-invalid": problem !== null,
    "aria-describedby": problem ? `${id}-error` : undefined,
    className: input,
  };
  return (
    <div className="text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {multiline ? <textarea rows={3} {...shared} /> : <input type={type} autoComplete={autoComplete} {...shared} />}
      {problem ? (
        <p id={`${id}-error`} className="mt-1 text-sale">
          {errorText(problemError(problem))}
        </p>
      ) : null}
    </div>
  );
}

/** The sender is the shopper: the browser may fill in their own name and email. */
const OWN_DETAILS: Partial<Record<GiftCardOption["code"], string>> = { sender_name: "name", sender_email: "email" };

export function GiftCardOptions({
  product,
  amount,
  onAmount,
  defaults = {},
}: {
  product: Pick<ProductDetails, "giftcard_amounts" | "giftcard_type">;
  amount: string | null;
  onAmount: (uid: string) => void;
  /** The texts as posted (the form came back refused). */
  defaults?: Record<string, string>;
}) {
  const t = useT();
  const format = useFormatPrice();
  const options = giftCardOptions(useRootData()?.locale ?? "en");
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm font-semibold">{t("product.giftCardAmounts")}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {product.giftcard_amounts.map((a) => (
            <label key={a.uid} className="cursor-pointer">
              <input
                type="radio"
                name="giftcard_amount"
                value={a.uid}
                checked={amount === a.uid}
                onChange={() => onAmount(a.uid)}
                className="peer sr-only"
              />
              <span className="block rounded border border-line px-4 py-2 text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent">
                {format(a.value)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-muted">
        {t(product.giftcard_type === "PHYSICAL" ? "product.giftCard.physical" : "product.giftCard.virtual")}
      </p>
      {/* The gift card's options (spec §3 gift_card_options): their titles and rules, as the API states them. */}
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <div key={option.uid} className={option.type === "area" ? "sm:col-span-2" : undefined}>
            <Field
              label={option.required ? option.title : t("product.giftCard.optional", { title: option.title })}
              name={option.code}
              defaultValue={defaults[option.code]}
              type={option.type === "email" ? "email" : "text"}
              autoComplete={OWN_DETAILS[option.code]}
              multiline={option.type === "area"}
              rules={[(value) => giftCardOptionProblem(option, value)]}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

export function CustomOptions({
  options,
  values,
  onChange,
}: {
  options: CustomOption[];
  values: Record<string, string>;
  onChange: (uid: string, value: string) => void;
}) {
  const t = useT();
  const format = useFormatPrice();
  return (
    <div className="flex flex-col gap-4">
      {options.map((option) => {
        const id = `option-${option.uid}`;
        if (Array.isArray(option.value)) {
          return (
            <label key={option.uid} htmlFor={id} className="text-sm font-medium">
              {option.title}
              <select
                id={id}
                name={`${CUSTOM_OPTION_FIELD}${option.uid}`}
                className={input}
                value={values[option.uid] ?? ""}
                required={option.required}
                onChange={(e) => onChange(option.uid, e.target.value)}
              >
                <option value="">{t("product.option.choose")}</option>
                {option.value.map((v) => (
                  <option key={v.uid} value={v.uid}>
                    {v.title}
                    {v.price > 0 ? ` (${t("product.option.adds", { price: format(v.price) })})` : ""}
                  </option>
                ))}
              </select>
            </label>
          );
        }
        const limit = option.value.max_characters;
        const text = values[option.uid] ?? "";
        return (
          <div key={option.uid} className="text-sm">
            <label htmlFor={id} className="font-medium">
              {option.title}
              {option.value.price > 0 ? (
                <span className="font-normal text-muted"> ({t("product.option.adds", { price: format(option.value.price) })})</span>
              ) : null}
            </label>
            <textarea
              id={id}
              name={`${CUSTOM_OPTION_FIELD}${option.uid}`}
              rows={2}
              maxLength={limit ?? undefined}
              required={option.required}
              value={text}
              onChange={(e) => onChange(option.uid, e.target.value)}
              aria-describedby={limit ? `${id}-left` : undefined}
              className={input}
            />
            {limit ? (
              <p id={`${id}-left`} className="mt-1 text-muted">
                {t("product.option.charactersLeft", { count: Math.max(0, limit - text.length) })}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
