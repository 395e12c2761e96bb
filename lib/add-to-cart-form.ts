// The product page's purchase form as a cart item (spec §4, §8), shared by the browser (the
// button's fetch) and the server (the same form posted without JavaScript), so both ask for
// the same things in the same order. The form's fields: colour and size radios `color` and
// `size`, the gift card's `giftcard_amount` and texts, and custom options `option_<uid>`.
import type { CartItemInput } from "./cart-types.ts";
import type { ProductDetails } from "./catalog-types.ts";
import type { ErrorDetail } from "./errors/format.ts";
import { inputProblem } from "./errors/input.ts";
import { check, email, required } from "./validation.ts";
import { isComplete, parseSelectedConfigurations, type Selection } from "./variant-selection.ts";

/** What the form posts (FormData or URLSearchParams). */
export interface FormFields {
  get(name: string): FormDataEntryValue | null;
}

export const CUSTOM_OPTION_FIELD = "option_";

const text = (form: FormFields, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** The chosen colour and size as the form has them: only values the product has. */
export function selectionFromForm(product: Pick<ProductDetails, "configurable_options">, form: FormFields): Selection {
  const value = (code: "color" | "size") => {
    const uid = text(form, code);
    const option = product.configurable_options.find((o) => o.attribute_code === code);
    return option?.values.some((v) => v.uid === uid) ? uid : null;
  };
  return { color: value("color"), size: value("size") };
}

/** The entered custom options by option uid (empty ones left out). */
export function customOptionsFromForm(product: Pick<ProductDetails, "options">, form: FormFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const option of product.options) {
    const value = text(form, `${CUSTOM_OPTION_FIELD}${option.uid}`);
    if (value) out[option.uid] = value;
  }
  return out;
}

/** What goes to the cart, or the error of what is still missing (spec §8 "allOptions", a field's rule). */
export function cartItemFromForm(
  product: Pick<ProductDetails, "__typename" | "sku" | "configurable_options" | "variants" | "options" | "giftcard_amounts">,
  form: FormFields,
): CartItemInput | ErrorDetail {
  const selection = selectionFromForm(product, form);
  if (!isComplete(product, selection)) return { code: "allOptions" };
  const custom = customOptionsFromForm(product, form);
  if (product.options.some((o) => o.required && !custom[o.uid])) return { code: "allOptions" };
  const item: CartItemInput = { sku: product.sku, quantity: 1 };
  const chosen = [selection.color, selection.size].filter((v): v is string => v !== null);
  if (chosen.length) item.selected_options = chosen;
  if (Object.keys(custom).length) item.custom_options = custom;
  if (product.__typename === "GiftCardProduct") {
    const amount = text(form, "giftcard_amount");
    if (!product.giftcard_amounts.some((a) => a.uid === amount)) return { code: "allOptions" };
    const card = {
      amount_uid: amount,
      sender_name: text(form, "sender_name"),
      sender_email: text(form, "sender_email"),
      recipient_name: text(form, "recipient_name"),
      recipient_email: text(form, "recipient_email"),
      message: text(form, "message"),
    };
    const problem =
      check(card.sender_name, required) ??
      check(card.sender_email, email) ??
      check(card.recipient_name, required) ??
      check(card.recipient_email, email);
    if (problem) return { code: "invalid_input", params: inputProblem(problem) };
    item.gift_card = card;
  }
  return item;
}

/**
 * The colour and size a product page's address asks for: its own link's
 * `selectedConfigurations`, else the fields of the form sent without JavaScript (a GET).
 */
export function selectionFromAddress(
  product: Pick<ProductDetails, "configurable_options" | "variants">,
  search: URLSearchParams,
): Partial<Selection> {
  if (search.has("selectedConfigurations")) return parseSelectedConfigurations(product, search.get("selectedConfigurations"));
  const asked = selectionFromForm(product, search);
  return { ...(asked.color ? { color: asked.color } : {}), ...(asked.size ? { size: asked.size } : {}) };
}
