import { describe, expect, it } from "vitest";
import { cardProduct } from "./card-product.ts";
import type { ListingItem } from "./catalog-types.ts";

const bound = {
  regular_price: { value: 249, currency: "EUR" },
  final_price: { value: 199, currency: "EUR" },
  discount: { amount_off: 50, percent_off: 20.08 },
  lowest_prior_price: null,
};
const item: ListingItem = {
  __typename: "ConfigurableProduct",
  uid: "cHJvZHVjdC8x",
  sku: "KP-1",
  name: "Nietos rain jacket, women",
  url_key: "nietos-rain-jacket-1",
  brand_value: "Kauppa",
  stock_status: "IN_STOCK",
  price_range: { minimum_price: bound, maximum_price: bound },
  image: { url: "/img/p/1", label: "front" },
  colors: [
    { uid: "Y29sb3IvbmF2eQ", label: "Navy", swatch: "#1f3a5f", image: { url: "/img/p/1/navy", label: "navy, front" } },
    { uid: "Y29sb3IvZ3JlZW4", label: "Green", swatch: null, image: null },
  ],
  shown_color: {
    uid: "Y29sb3IvbmF2eQ",
    label: "Navy",
    swatch: "#1f3a5f",
    image: { url: "/img/p/1/navy", label: "navy" },
    selected_configurations: "x",
  },
};

describe("a product as a card shows it", () => {
  it("keeps everything but its colours' pictures, and leaves the listing's product as it was", () => {
    const card = cardProduct(item);
    expect(card.colors).toEqual([
      { uid: "Y29sb3IvbmF2eQ", label: "Navy", swatch: "#1f3a5f" },
      { uid: "Y29sb3IvZ3JlZW4", label: "Green", swatch: null },
    ]);
    const { colors: _colors, ...rest } = item;
    expect(card).toMatchObject(rest);
    expect(item.colors[0]?.image).not.toBeNull();
  });
});
