import { describe, expect, it } from "vitest";
import type { CustomOption } from "./catalog-types.ts";
import { configuredPriceCents } from "./product-price.ts";

const engraving: CustomOption = {
  uid: "engrave",
  __typename: "CustomizableAreaOption",
  title: "Engraving",
  required: false,
  sort_order: 1,
  value: { uid: "engrave", max_characters: 20, price_type: "FIXED", price: 5 },
};
const wrap: CustomOption = {
  uid: "wrap",
  __typename: "CustomizableDropDownOption",
  title: "Gift wrap",
  required: false,
  sort_order: 2,
  value: [
    { uid: "none", title: "No", sort_order: 1, price_type: "FIXED", price: 0 },
    { uid: "paper", title: "Paper", sort_order: 2, price_type: "FIXED", price: 3.9 },
  ],
};

describe("configured price (spec §5)", () => {
  const amounts = [
    { uid: "a25", value: 25 },
    { uid: "a100", value: 100 },
  ];
  it("is the base price with nothing chosen", () => {
    expect(configuredPriceCents({ giftcard_amounts: [], options: [engraving, wrap] }, { baseCents: 2490 })).toBe(2490);
  });
  it("replaces the price with the chosen gift-card amount", () => {
    expect(configuredPriceCents({ giftcard_amounts: amounts, options: [] }, { baseCents: 2500, giftCardAmountUid: "a100" })).toBe(10000);
  });
  it("adds fixed-price options that are filled in or chosen", () => {
    const product = { giftcard_amounts: [], options: [engraving, wrap] };
    expect(configuredPriceCents(product, { baseCents: 2490, options: { engrave: "Aino", wrap: "paper" } })).toBe(2490 + 500 + 390);
    expect(configuredPriceCents(product, { baseCents: 2490, options: { engrave: "   ", wrap: "none" } })).toBe(2490);
  });
});
