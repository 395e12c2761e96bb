import { describe, expect, it } from "vitest";
import { cartItemFromForm } from "./add-to-cart-form.ts";
import type { CustomOption, ProductDetails, Variant } from "./catalog-types.ts";

const value = (uid: string) => ({ uid, value_index: 0, label: uid, swatch: null });
const variant = (color: string, size: string): Variant => ({
  attributes: [
    { code: "color", uid: color, value_index: 0, label: color },
    { code: "size", uid: size, value_index: 0, label: size },
  ],
  product: {
    sku: `X-${color}-${size}`,
    stock_status: "IN_STOCK",
    only_x_left_in_stock: null,
    price_range: {} as Variant["product"]["price_range"],
  },
});

const engraving: CustomOption = {
  uid: "opt-engraving",
  __typename: "CustomizableFieldOption",
  title: "Engraving",
  required: true,
  sort_order: 1,
  value: { uid: "val-engraving", max_characters: 20, price_type: "FIXED", price: 5 },
};

const jacket = {
  __typename: "ConfigurableProduct",
  sku: "JACKET",
  configurable_options: [
    { uid: "opt-color", attribute_code: "color", label: "Colour", position: 0, values: ["navy", "green"].map(value) },
    { uid: "opt-size", attribute_code: "size", label: "Size", position: 1, values: ["S", "M"].map(value) },
  ],
  variants: [variant("navy", "S"), variant("navy", "M"), variant("green", "M")],
  options: [],
  giftcard_amounts: [],
} as unknown as ProductDetails;

const giftCard = {
  __typename: "GiftCardProduct",
  sku: "GIFT",
  configurable_options: [],
  variants: [],
  options: [],
  giftcard_amounts: [{ uid: "amount-50", value: 50 }],
} as unknown as ProductDetails;

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("the purchase form as a cart item (browser and server alike)", () => {
  it("asks for every option, and takes only values the product has", () => {
    expect(cartItemFromForm(jacket, form({ color: "navy" }))).toEqual({ code: "allOptions" });
    expect(cartItemFromForm(jacket, form({ color: "navy", size: "XXL" }))).toEqual({ code: "allOptions" });
    expect(cartItemFromForm(jacket, form({ color: "navy", size: "M" }))).toEqual({
      sku: "JACKET",
      quantity: 1,
      selected_options: ["navy", "M"],
    });
  });

  it("needs a required custom option and sends the entered text, trimmed", () => {
    const engraved = { ...jacket, options: [engraving] } as ProductDetails;
    expect(cartItemFromForm(engraved, form({ color: "navy", size: "S", "option_opt-engraving": "  " }))).toEqual({ code: "allOptions" });
    expect(cartItemFromForm(engraved, form({ color: "navy", size: "S", "option_opt-engraving": " AV " }))).toMatchObject({
      custom_options: { "opt-engraving": "AV" },
    });
  });

  it("needs a gift card's amount, names and valid addresses", () => {
    const filled = {
      giftcard_amount: "amount-50",
      sender_name: "Aino",
      sender_email: "aino@example.com",
      recipient_name: "Eero",
      recipient_email: "eero@example.com",
      message: "Hyvää joulua",
    };
    expect(cartItemFromForm(giftCard, form({ ...filled, giftcard_amount: "amount-999" }))).toEqual({ code: "allOptions" });
    expect(cartItemFromForm(giftCard, form({ ...filled, recipient_email: "eero" }))).toEqual({
      code: "invalid_input",
      params: { rule: "email" },
    });
    expect(cartItemFromForm(giftCard, form({ ...filled, sender_name: "" }))).toEqual({
      code: "invalid_input",
      params: { rule: "required" },
    });
    expect(cartItemFromForm(giftCard, form(filled))).toEqual({
      sku: "GIFT",
      quantity: 1,
      gift_card: { amount_uid: "amount-50", ...Object.fromEntries(Object.entries(filled).filter(([k]) => k !== "giftcard_amount")) },
    });
  });
});
