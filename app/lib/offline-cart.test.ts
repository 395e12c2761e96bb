import { describe, expect, it } from "vitest";
import type { Cart } from "../../lib/cart-types.ts";
import { lastCartOf } from "./offline-cart.ts";

const cart = {
  id: "secret-cart-id",
  total_quantity: 3,
  email: "shopper@example.com",
  items: [
    {
      id: 7,
      quantity: 3,
      product: {
        sku: "S1",
        name: "Kuusi skirt, women",
        url_key: "kuusi-skirt",
        image: { url: "/img/kuusi.jpg", label: "" },
        brand_value: "Kauppa",
      },
      prices: { row_total_including_tax: { value: 149.7, currency: "EUR" } },
    },
  ],
  prices: { grand_total: { value: 134.73, currency: "EUR" } },
} as unknown as Cart;

describe("the copy of the cart kept for offline", () => {
  it("keeps what the page shows: lines with their worded options, quantities, totals, and when", () => {
    const copy = lastCartOf(cart, () => ["Colour: Blue", "Size: S"], new Date("2026-11-25T10:00:00Z"));
    expect(copy).toEqual({
      savedAt: "2026-11-25T10:00:00.000Z",
      lines: [
        {
          id: 7,
          name: "Kuusi skirt",
          brand: "Kauppa",
          urlKey: "kuusi-skirt",
          image: "/img/kuusi.jpg",
          options: ["Colour: Blue", "Size: S"],
          quantity: 3,
          rowTotal: 149.7,
        },
      ],
      totalQuantity: 3,
      grandTotal: 134.73,
    });
  });

  it("keeps nothing else of the cart (no id, no e-mail)", () => {
    const text = JSON.stringify(lastCartOf(cart, () => []));
    expect(text).not.toContain("secret-cart-id");
    expect(text).not.toContain("shopper@example.com");
  });

  it("is an empty cart when the shopper has none", () => {
    expect(lastCartOf(null, () => [])).toMatchObject({ lines: [], totalQuantity: 0, grandTotal: 0 });
  });
});
