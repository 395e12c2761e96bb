import { describe, expect, it } from "vitest";
import {
  cartChanges,
  cartEcommerce,
  cartLineItem,
  itemName,
  itemsValue,
  productItem,
  purchaseEcommerce,
  round2,
  suggestedItem,
} from "./analytics.ts";
import type { Cart, CartItem } from "./cart-types.ts";
import type { ProductSummary } from "./catalog-types.ts";

const eur = (value: number) => ({ value, currency: "EUR" });

function line(id: number, quantity: number, rowTotal: number, discounts: number[] = [], options: string[] = []): CartItem {
  return {
    id,
    __typename: "ConfigurableCartItem",
    quantity,
    version: 1,
    max_quantity: 99,
    product: {
      sku: `SKU-${id}`,
      name: `Jacket ${id}, waterproof`,
      url_key: `jacket-${id}`,
      image: { url: "", label: "" },
      brand_value: "Kauppa",
      __typename: "ConfigurableProduct",
    },
    configurable_options: options.map((value_label, i) => ({
      uid: `o${i}`,
      option_label: i ? "Size" : "Colour",
      value_uid: `v${i}`,
      id: i,
      value_label,
    })),
    configured_variant: {
      sku: `SKU-${id}-V`,
      price_range: {
        minimum_price: {
          regular_price: eur(0),
          final_price: eur(0),
          discount: { amount_off: 0, percent_off: 0 },
          lowest_prior_price: null,
        },
        maximum_price: {
          regular_price: eur(0),
          final_price: eur(0),
          discount: { amount_off: 0, percent_off: 0 },
          lowest_prior_price: null,
        },
      },
    },
    customizable_options: [],
    giftcard_amount: null,
    sender_name: null,
    sender_email: null,
    recipient_name: null,
    recipient_email: null,
    message: null,
    stock_status: "IN_STOCK",
    is_available: true,
    prices: {
      price_including_tax: eur(rowTotal / quantity),
      row_total_including_tax: eur(rowTotal),
      total_item_discount: eur(discounts.reduce((a, b) => a + b, 0)),
      discounts: discounts.map((d) => ({ label: "Coupon", amount: eur(d) })),
      row_tax: eur(0),
      analytics_unit_price: eur(0),
    },
  };
}

const cart = (items: CartItem[], coupon?: string) =>
  ({ id: "c1", items, applied_coupons: coupon ? [{ code: coupon }] : [], prices: { grand_total: eur(1) } }) as unknown as Cart;

describe("data layer items", () => {
  it("names an item by the product's name up to the first comma; rounds to two decimals", () => {
    expect(itemName("Kota wool jacket, men's, green")).toBe("Kota wool jacket");
    expect(itemName("Plain")).toBe("Plain");
    expect(round2(12.345)).toBe(12.35);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(19.999)).toBe(20);
  });

  it("prices a cart line: row total with tax / quantity − the first discount per unit, the discount per unit beside", () => {
    // 3 × 12.90 = 38.70, first discount 3.87 (10 %) → 11.61 a unit; a second discount does not count.
    const item = cartLineItem(line(1, 3, 38.7, [3.87, 1.5], ["Green", "M"]));
    expect(item).toEqual({
      item_id: "SKU-1",
      item_name: "Jacket 1",
      item_brand: "Kauppa",
      item_variant: "Green / M",
      price: 11.61,
      quantity: 3,
      discount: 1.29,
    });
    // No discount: no discount field, the unit price rounded (10 / 3 = 3.333…).
    expect(cartLineItem(line(2, 3, 10))).toMatchObject({ price: 3.33, quantity: 3 });
    expect(cartLineItem(line(2, 3, 10))).not.toHaveProperty("discount");
    expect(itemsValue([cartLineItem(line(1, 3, 38.7, [3.87]))])).toBe(34.83);
  });

  it("prices a listed product at its lowest price now, its reduction as the discount, with its list and place", () => {
    const product = {
      sku: "P1",
      name: "Tunturi parka, women's",
      brand_value: "Kauppa",
      price_range: {
        minimum_price: {
          regular_price: eur(199.9),
          final_price: eur(149.925),
          discount: { amount_off: 50, percent_off: 25 },
          lowest_prior_price: null,
        },
        maximum_price: {
          regular_price: eur(199.9),
          final_price: eur(149.925),
          discount: { amount_off: 50, percent_off: 25 },
          lowest_prior_price: null,
        },
      },
    } as unknown as ProductSummary;
    expect(productItem(product, { index: 4, list: { id: "uid-women", name: "Women" } })).toEqual({
      item_id: "P1",
      item_name: "Tunturi parka",
      item_brand: "Kauppa",
      price: 149.93,
      quantity: 1,
      discount: 49.97,
      index: 4,
      item_list_id: "uid-women",
      item_list_name: "Women",
    });
    expect(
      suggestedItem(
        { key: "P2", title: "Cap, wool", link: "/p/cap", sellingPrice: { min: 20, max: 25 } },
        { index: 0, list: { id: "popular", name: "Popular" } },
      ),
    ).toEqual({
      item_id: "P2",
      item_name: "Cap",
      price: 20,
      quantity: 1,
      index: 0,
      item_list_id: "popular",
      item_list_name: "Popular",
    });
  });

  it("tells a cart write's added and removed units apart", () => {
    const a = line(1, 1, 10);
    const b = line(2, 2, 40);
    const before = cart([a, b]);
    // a gains a unit, b goes, c is new.
    const after = cart([line(1, 2, 20), line(3, 1, 5)]);
    const { added, removed } = cartChanges(before, after);
    expect(added.map((i) => [i.item_id, i.quantity, i.price])).toEqual([
      ["SKU-1", 1, 10],
      ["SKU-3", 1, 5],
    ]);
    expect(removed.map((i) => [i.item_id, i.quantity, i.price])).toEqual([["SKU-2", 2, 20]]);
    // A line that lost units: those units, at the price it had.
    expect(cartChanges(cart([line(1, 3, 30)]), cart([line(1, 1, 10)])).removed).toEqual([
      expect.objectContaining({ item_id: "SKU-1", quantity: 2, price: 10 }),
    ]);
    expect(cartChanges(null, cart([a])).added).toHaveLength(1);
  });

  it("gives the whole cart with its coupon, and the purchase with order id, value, tax and shipping", () => {
    const body = cartEcommerce(cart([line(1, 2, 25.8, [2.58]), line(2, 1, 49.9)], "SAVE10"));
    expect(body).toMatchObject({ currency: "EUR", coupon: "SAVE10", value: 73.12 });
    expect(body.items.map((i) => i.index)).toEqual([0, 1]);

    const purchase = purchaseEcommerce({
      order_number: "EN0000042",
      currency: "EUR",
      coupon_code: "SAVE10",
      items: [
        {
          sku: "SKU-1-V",
          name: "Jacket 1, waterproof",
          quantity: 3,
          row_total: 38.7,
          discount: 3.87,
          details: { product: { sku: "SKU-1", brand_value: "Kauppa" }, configurable_options: [{ value_label: "Green" }] },
        },
        { sku: "CAP", name: "Cap", quantity: 1, row_total: 19.9, discount: 1.99 },
      ],
      totals: { grand_total: 60.634, total_tax: 12.0649, shipping: 7.9 },
    });
    expect(purchase).toEqual({
      transaction_id: "EN0000042",
      value: 60.63,
      tax: 12.06,
      shipping: 7.9,
      currency: "EUR",
      coupon: "SAVE10",
      items: [
        {
          item_id: "SKU-1",
          item_name: "Jacket 1",
          item_brand: "Kauppa",
          item_variant: "Green",
          price: 11.61,
          quantity: 3,
          index: 0,
          discount: 1.29,
        },
        { item_id: "CAP", item_name: "Cap", price: 17.91, quantity: 1, index: 1, discount: 1.99 },
      ],
    });
  });
});
